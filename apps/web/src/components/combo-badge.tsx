import { lazy, startTransition, Suspense, useState } from 'react';
import { useAppState } from '../lib/app-state';
import { ComboLink } from './combo-link';

const loadTooltip = () => import('./combo-tooltip');
const ComboBadgeWithTooltip = lazy(() =>
  loadTooltip().then((module) => ({ default: module.ComboBadgeWithTooltip })),
);

/**
 * The current card combo in the app header: the run of answers right in a row. A link to the
 * dashboard (where the best runs are), with a tooltip saying what the number is, shown on hover
 * and on keyboard focus and read by screen readers as the link's description. The tooltip's code
 * loads with the first hover or focus, which then shows it (not when the page goes idle: a long
 * task of every /app page's first seconds on a phone; decision 0031, fourth pass).
 */
export function ComboBadge() {
  const combo = useAppState((state) => state.cardCombo);
  // null: the plain link; 'idle': the tooltip, unasked; 'focus': asked by keyboard focus.
  const [tooltip, setTooltip] = useState<null | 'idle' | 'focus'>(null);
  // Swapped in once loaded, so the plain link stays until then (no fallback in between).
  const show = (how: 'idle' | 'focus') =>
    void loadTooltip().then(() =>
      // A focus of the plain link wins: focus then moves to the link that shows the tooltip.
      startTransition(() => setTooltip((shown) => (how === 'focus' ? how : (shown ?? how)))),
    );
  const link = (
    <ComboLink combo={combo} onPointerEnter={() => show('idle')} onFocus={() => show('focus')} />
  );
  if (tooltip === null) return link;
  return (
    <Suspense fallback={link}>
      <ComboBadgeWithTooltip focus={tooltip === 'focus'} />
    </Suspense>
  );
}
