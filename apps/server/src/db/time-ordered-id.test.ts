import { describe, expect, it } from 'vitest';
import { timeOrderedId } from './time-ordered-id';

describe('timeOrderedId', () => {
  it('is a version 7 UUID carrying the time in milliseconds', () => {
    const now = Date.UTC(2026, 10, 21, 12, 30, 0, 123);
    const id = timeOrderedId(now);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(now);
  });

  it('sorts by time, and ids of the same millisecond differ', () => {
    const [early = '', a = '', b = '', late = ''] = [1_000, 2_000, 2_000, 1_700_000_000_000].map(
      (t) => timeOrderedId(t),
    );
    expect(early < a).toBe(true);
    expect(a).not.toBe(b);
    expect(b < late).toBe(true);
  });
});
