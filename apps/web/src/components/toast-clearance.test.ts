import { describe, expect, it } from 'vitest';
import { toastLift, type Box } from './toast-clearance';

const box = (top: number, bottom: number, left = 0, right = 400): Box => ({
  top,
  bottom,
  left,
  right,
});
const options = { gap: 8, maxLift: 500 };

describe('toast lift', () => {
  it('stays at rest when it covers nothing', () => {
    expect(toastLift(box(700, 780), [box(100, 140), box(600, 640)], options)).toBe(0);
    // Beside it, not under it.
    expect(toastLift(box(700, 780, 500, 900), [box(720, 760, 0, 400)], options)).toBe(0);
  });

  it('rises above a button it would cover, a gap apart', () => {
    // The stack's bottom goes to 8 px above the button's top: 780 - (740 - 8) = 48.
    expect(toastLift(box(700, 780), [box(740, 780)], options)).toBe(48);
  });

  it('rises again above the next button the risen stack would cover', () => {
    // Above the footer (top 740): 700-48 = 652..732, which now covers the button at 640-690.
    expect(toastLift(box(700, 780), [box(740, 790), box(640, 690)], options)).toBe(780 - 632);
  });

  it('never rises more than maxLift', () => {
    expect(toastLift(box(700, 780), [box(100, 790)], { gap: 8, maxLift: 300 })).toBe(300);
  });
});
