import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Tooltip } from 'radix-ui';
import { useEffect, useRef } from 'react';
import { useAppState } from '../lib/app-state';
import styles from './combo-badge.module.css';
import { ComboLink, comboText } from './combo-link';

/**
 * The combo badge with its tooltip (Radix's, with its positioning): loaded with the first hover or
 * focus of the badge (combo-badge.tsx; decision 0031), and then open: `hover` when the pointer
 * that asked is still over the badge.
 */
export function ComboBadgeWithTooltip({
  focus = false,
  hover = false,
}: {
  focus?: boolean;
  hover?: boolean;
}) {
  const combo = useAppState((state) => state.cardCombo);
  const { i18n } = useLingui();
  const inARow = i18n._(comboText(combo));
  const link = useRef<HTMLAnchorElement>(null);
  // Swapped in for the plain link the learner focused: focus, lost with it, moves to this one
  // (which shows the tooltip, as focusing it does), unless the learner went on elsewhere.
  useEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (focus && lost) link.current?.focus();
  }, [focus]);
  return (
    <Tooltip.Provider delayDuration={300}>
      <Tooltip.Root defaultOpen={hover}>
        <Tooltip.Trigger asChild>
          <ComboLink ref={link} combo={combo} />
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content className={styles.tooltip} sideOffset={6} collisionPadding={8}>
            <Trans>
              Combo: {inARow}. A miss starts it again from 0; your best runs are on the dashboard.
            </Trans>
            <Tooltip.Arrow className={styles.arrow} />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
