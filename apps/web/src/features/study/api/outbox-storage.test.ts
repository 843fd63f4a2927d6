import { clientReviewIdSchema, directionSchema } from '@glossa/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseOutboxEntry } from './outbox-storage';

/** The schema the outbox read its entries with before it did without zod (decision 0031). */
const outboxEntrySchema = z.object({
  clientReviewId: clientReviewIdSchema,
  cardId: z.string(),
  direction: directionSchema.optional(),
  guess: z.string(),
  elapsedMs: z.number(),
  answeredAt: z.number(),
  override: z.boolean(),
  reviewSent: z.boolean().optional(),
});

function schemaSays(value: unknown): unknown {
  const parsed = outboxEntrySchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

const entry = {
  clientReviewId: 'review-0001',
  cardId: 'card-1',
  direction: 'forward',
  guess: 'hola',
  elapsedMs: 1200,
  answeredAt: 1_700_000_000_000,
  override: false,
};

describe('parseOutboxEntry', () => {
  it('reads what the schema reads and refuses what it refuses', () => {
    const samples: unknown[] = [
      entry,
      { ...entry, direction: undefined },
      { ...entry, reviewSent: true },
      { ...entry, extra: 'left out' },
      { ...entry, clientReviewId: 'short' },
      { ...entry, clientReviewId: 'has space 1' },
      { ...entry, clientReviewId: 'x'.repeat(65) },
      { ...entry, direction: 'sideways' },
      { ...entry, elapsedMs: Number.NaN },
      { ...entry, answeredAt: Number.POSITIVE_INFINITY },
      { ...entry, override: 'no' },
      { ...entry, reviewSent: null },
      null,
      [],
      'entry',
    ];
    for (const sample of samples) expect(parseOutboxEntry(sample)).toEqual(schemaSays(sample));
  });

  it('agrees with the schema on arbitrary values near the shape', () => {
    const anyOf = fc.oneof(
      fc.string(),
      fc.stringMatching(/^[A-Za-z0-9_-]{6,66}$/),
      fc.double(),
      fc.boolean(),
      fc.constantFrom('forward', 'reverse', undefined, null),
    );
    const value = fc.oneof(
      fc.record(
        {
          clientReviewId: anyOf,
          cardId: anyOf,
          direction: anyOf,
          guess: anyOf,
          elapsedMs: anyOf,
          answeredAt: anyOf,
          override: anyOf,
          reviewSent: anyOf,
          other: anyOf,
        },
        { requiredKeys: [] },
      ),
      fc.anything(),
    );
    fc.assert(
      fc.property(value, (sample) => {
        expect(parseOutboxEntry(sample)).toEqual(schemaSays(sample));
      }),
    );
  });
});
