import { Tooltip } from 'radix-ui';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { useAppState } from '../lib/app-state';
import styles from './combo-badge.module.css';
import { Icon } from './icon';

/**
 * The current card combo in the app header: the run of answers right in a row. A link to the
 * dashboard (where the best runs are), with a tooltip saying what the number is, shown on hover
 * and on keyboard focus and read by screen readers as the link's description.
 */
export function ComboBadge() {
  const combo = useAppState((state) => state.cardCombo);
  const inARow = `${combo} ${combo === 1 ? 'answer' : 'answers'} right in a row`;
  return (
    <Tooltip.Provider delayDuration={300}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>
          <Link
            to={paths.app.dashboard.getHref()}
            className={styles.combo}
            aria-label={`Combo: ${inARow}`}
          >
            <Icon name="flame" size={16} />
            <span aria-hidden="true">{combo}</span>
          </Link>
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content className={styles.tooltip} sideOffset={6} collisionPadding={8}>
            Combo: {inARow}. A miss starts it again from 0; your best runs are on the dashboard.
            <Tooltip.Arrow className={styles.arrow} />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
