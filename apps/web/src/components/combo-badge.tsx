import { lazy, startTransition, Suspense, useRef, useState } from 'react';
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
  // null: the plain link; 'idle': the tooltip, unasked; 'hover': asked by the pointer, still
  // over the link; 'focus': asked by keyboard focus.
  const [tooltip, setTooltip] = useState<null | 'idle' | 'hover' | 'focus'>(null);
  const pointerOver = useRef(false);
  // Swapped in once loaded, so the plain link stays until then (no fallback in between).
  const show = (how: 'hover' | 'focus') =>
    void loadTooltip().then(() =>
      // A focus of the plain link wins: focus then moves to the link that shows the tooltip. A
      // pointer still over the link sees the tooltip open (the new link is under a pointer that
      // has not moved, which tells the tooltip nothing).
      startTransition(() =>
        setTooltip((shown) =>
          how === 'focus' ? how : (shown ?? (pointerOver.current ? 'hover' : 'idle')),
        ),
      ),
    );
  const link = (
    <ComboLink
      combo={combo}
      onPointerEnter={() => {
        pointerOver.current = true;
        show('hover');
      }}
      onPointerLeave={() => {
        pointerOver.current = false;
      }}
      onFocus={() => show('focus')}
    />
  );
  if (tooltip === null) return link;
  return (
    <Suspense fallback={link}>
      <ComboBadgeWithTooltip focus={tooltip === 'focus'} hover={tooltip === 'hover'} />
    </Suspense>
  );
}
