/** A box on the screen, in CSS pixels from the viewport's top left. */
export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/**
 * What toasts never cover: the primary buttons (and danger ones) and the sticky action bars
 * (a dialog's footer, the settings' Save bar) carry this attribute.
 */
export const toastClearanceAttribute = 'data-toast-clearance';

/**
 * How far (px) the toast stack must rise from where it rests (the bottom right) so that it
 * covers none of `obstacles`, `gap` apart: above the obstacle it meets, then above the next one
 * that the risen stack meets, and so on; never more than `maxLift`.
 */
export function toastLift(
  stack: Box,
  obstacles: readonly Box[],
  { gap, maxLift }: { gap: number; maxLift: number },
): number {
  let lift = 0;
  for (let moved = true; moved;) {
    moved = false;
    const top = stack.top - lift;
    const bottom = stack.bottom - lift;
    for (const obstacle of obstacles) {
      const acrossX = obstacle.left < stack.right && obstacle.right > stack.left;
      const acrossY = obstacle.top - gap < bottom && obstacle.bottom + gap > top;
      if (acrossX && acrossY) {
        lift = stack.bottom - (obstacle.top - gap);
        moved = true;
        if (lift >= maxLift) return maxLift;
      }
    }
  }
  return lift;
}
