import type { ReviewBody, ReviewResult } from '@glossa/contract';
import { expect, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import type { OutboxEntry } from './outbox-storage';
import type { createReviewOutbox, OutboxEvent, OutboxTransport } from './review-outbox';

const later = new Date(Date.now() + 86_400_000).toISOString();
// One time for every fake result, so a result built again in an assertion is equal to it.
const reviewedAt = new Date().toISOString();
/**
 * When the fake answers were given: just now, so they are sent without their time. One time per
 * test, taken at its first entry: the module may have been loaded by an earlier file of the worker
 * (vitest.config.ts), minutes before.
 */
const answeredByTest = new Map<string, number>();
function answered(): number {
  const { testPath, currentTestName } = expect.getState();
  const key = `${testPath ?? ''}\u0000${currentTestName ?? ''}`;
  const known = answeredByTest.get(key);
  if (known !== undefined) return known;
  const now = Date.now();
  answeredByTest.set(key, now);
  return now;
}

export function entry(n: number, overrides: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    clientReviewId: `review-000${n}`,
    cardId: `card-${n}`,
    guess: `guess ${n}`,
    elapsedMs: 1000 + n,
    answeredAt: answered() + n,
    override: false,
    ...overrides,
  };
}

export function result(
  body: { clientReviewId: string; cardId: string },
  success = true,
): ReviewResult {
  return {
    clientReviewId: body.clientReviewId,
    cardId: body.cardId,
    direction: 'forward',
    kind: 'review',
    score: success ? 1 : 0.4,
    success,
    grade: success ? 3 : 1,
    expected: 'the house',
    answers: ['the house'],
    diff: [{ kind: 'good', text: 'the house' }],
    dueAt: later,
    period: 1,
    combo: { current: success ? 1 : 0, best: 1, bestAt: null },
    reviewedAt,
  };
}

export const networkDown = () => new ApiError(-1, 'network_error', 'Cannot reach the server.');

/** A server that records what it was sent; each call answers with `answer` (or its error). */
export function fakeServer(
  answer: (body: ReviewBody) => ReviewResult | Error = (body) => result(body),
) {
  const sent: string[] = [];
  const bodies: ReviewBody[] = [];
  const transport: OutboxTransport = {
    review: vi.fn((body: ReviewBody) => {
      sent.push(`review ${body.clientReviewId}`);
      bodies.push(body);
      const outcome = answer(body);
      return outcome instanceof Error ? Promise.reject(outcome) : Promise.resolve(outcome);
    }),
    override: vi.fn((clientReviewId: string) => {
      sent.push(`override ${clientReviewId}`);
      return Promise.resolve({
        ...result({ clientReviewId, cardId: 'card' }),
        kind: 'override' as const,
      });
    }),
  };
  return { transport, sent, bodies };
}

export function recordEvents(outbox: ReturnType<typeof createReviewOutbox>) {
  const events: OutboxEvent[] = [];
  outbox.onEvent((event) => events.push(event));
  return events;
}
