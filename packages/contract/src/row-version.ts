import { z } from 'zod';

/**
 * The largest version a row can reach: the column is a 4-byte integer on PostgreSQL, so a larger
 * number could never match and would not even bind.
 */
export const versionMax = 2 ** 31 - 1;

/**
 * A card's or category's version: 1 when it is created, one more with every change of its row
 * (docs/decisions/0015-concurrent-writes.md).
 */
export const versionSchema = z.number().int().min(1);

/**
 * The version an update was made from: when the row has changed since, the update is refused with
 * 409 `conflict` naming `expectedVersion`, and nothing changes. Without it the update applies to
 * whatever the row holds now (only the fields it names change).
 */
export const expectedVersionSchema = z
  .number({ error: 'expectedVersion must be a whole number' })
  .int({ error: 'expectedVersion must be a whole number' })
  .min(1, { error: 'expectedVersion must be at least 1' })
  .max(versionMax, { error: `expectedVersion must be at most ${versionMax}` });

/** Whether an update body names something to change besides its precondition. */
export const changesSomething = (body: Record<string, unknown>): boolean =>
  Object.keys(body).some((key) => key !== 'expectedVersion');
