import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser } from '../../../test/factories';
import { studyCalls } from './study.test-support';

/**
 * One learner flooding answers cannot starve the others (issue 14, item 5; decision 0020): each
 * learner's study writes are limited per second, one budget for answers, "I was right" and undos,
 * and a write past it is answered 429 with Retry-After before anything is read or written. The
 * time it takes is measured by bench/study-fairness.bench.ts; this checks what it does.
 */
describe('study: a learner’s writes per second', () => {
  const limit = 5;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { STUDY_RATE_LIMIT: String(limit) } });
  });
  afterAll(async () => {
    await t.close();
  });

  const { api, newCard, reviewCall, logOf } = studyCalls(
    () => t,
    () => undefined,
  );

  it('answers 429 past the limit to the flooding learner only, and writes nothing for it', async () => {
    const [flooder, other] = [await createUser(t), await createUser(t)];
    const cards = await Promise.all(Array.from({ length: limit + 2 }, () => newCard(flooder)));
    const otherCard = await newCard(other);
    await t.app.deps.reviewWriter.warmUp();
    // All at once, within a second: answers and an undo share one budget, the other learner
    // has their own. An undo of a review not written yet answers 404 when it passes.
    const undoId = randomUUID();
    const [theirs, ...flood] = await Promise.all([
      reviewCall(other, otherCard, 'the house'),
      ...cards.map((cardId) => reviewCall(flooder, cardId, 'the house')),
      api().call('POST', `/api/study/reviews/${undoId}/undo`, flooder),
    ]);
    expect(theirs?.status).toBe(200);
    const statuses = flood.map((res) => res.status);
    expect(statuses.filter((status) => status === 429)).toHaveLength(flood.length - limit);
    expect(statuses.filter((status) => status !== 429).every((s) => s === 200 || s === 404)).toBe(
      true,
    );
    const refused = flood.find((res) => res.status === 429);
    expect(refused?.code).toBe('rate_limited');
    expect(Number(refused?.headers['retry-after'])).toBe(1);
    const answered = statuses.slice(0, cards.length).filter((status) => status === 200).length;
    expect(await logOf(flooder.id)).toHaveLength(answered);
  });

  it('counts requests without a valid token by address: 401 within the budget, 429 past it', async () => {
    const body = { cardId: randomUUID(), guess: 'x', clientReviewId: randomUUID(), elapsedMs: 1 };
    const flood = await Promise.all(
      Array.from({ length: limit + 2 }, () =>
        api().call('POST', '/api/study/reviews', undefined, body),
      ),
    );
    expect(flood.map((res) => res.status).sort()).toEqual([
      ...Array<number>(limit).fill(401),
      429,
      429,
    ]);
  });
});
