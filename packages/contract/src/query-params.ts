import { z } from 'zod';

/**
 * A whole number from 1 to `max` in a query string (`?limit=20`), `fallback` when absent; each
 * refusal names the parameter.
 */
export const countParam = (name: string, max: number, fallback: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int({ error: `${name} must be a whole number` })
    .min(1, { error: `${name} must be at least 1` })
    .max(max, { error: `${name} must be at most ${max}` })
    .default(fallback);
