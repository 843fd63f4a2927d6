import { randomUUID } from 'node:crypto';
import { studyLimits } from '@glossa/contract';
import { DAY_MS } from '@glossa/srs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/factories';
import { studyCalls } from './study.test-support';

/**
 * An answer given offline is scheduled from when it was given (issue 14, item 23; decision
 * 0014): the review carries answeredAt, taken within bounds.
 */
describe('study: when an answer was given', () => {
  let t: TestApp;
  const monday = Date.UTC(2026, 0, 12, 8, 30, 0);
  const wednesday = monday + 2 * DAY_MS;
  let clock = monday;
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(async () => {
    await t.close();
  });

  const { api, advance, newCard, progressOf, logOf } = studyCalls(
    () => t,
    (ms) => (clock += ms),
  );
  const send = (user: TestUser, cardId: string, answeredAt?: number | string) =>
    api().call('POST', '/api/study/reviews', user, {
      cardId,
      guess: 'the house',
      clientReviewId: randomUUID(),
      elapsedMs: 2000,
      ...(answeredAt === undefined
        ? {}
        : {
            answeredAt:
              typeof answeredAt === 'string' ? answeredAt : new Date(answeredAt).toISOString(),
          }),
    });

  it('a card answered Monday offline and synced Wednesday is scheduled from Monday', async () => {
    clock = monday;
    const user = await createUser(t);
    const [offline, online] = [await newCard(user), await newCard(user)];
    await advance(2 * DAY_MS, user);
    expect(clock).toBe(wednesday);
    const synced = await send(user, offline, monday);
    const now = await send(user, online);
    expect(synced.status, JSON.stringify(synced.payload)).toBe(200);
    expect(synced.payload['reviewedAt']).toBe(new Date(monday).toISOString());
    expect(now.payload['reviewedAt']).toBe(new Date(wednesday).toISOString());
    // The same first answer, two days apart: the same period, due two days apart.
    expect(synced.payload['period']).toBe(now.payload['period']);
    const due = Date.parse(String(synced.payload['dueAt']));
    expect(due).toBe(monday + Number(synced.payload['period']) * DAY_MS);
    const progress = await progressOf(user.id, offline);
    expect(progress).toMatchObject({ last_review_at: monday, due_at: due, created_at: monday });
    const log = await logOf(user.id);
    expect(log.map((row) => row.reviewed_at)).toEqual([monday, wednesday]);
  });

  it('takes a device clock a little ahead as now, and refuses one further ahead or an answer older than the outbox keeps', async () => {
    clock = wednesday;
    const user = await createUser(t);
    const cardId = await newCard(user);
    for (const [answeredAt, message] of [
      [
        clock + studyLimits.answeredAtSkewMs + 1,
        "answeredAt is in the future: check the device's clock",
      ],
      [
        clock - studyLimits.answerAgeMaxMs - 1,
        'An answer more than 30 days old can no longer count',
      ],
      ['2026-01-12 08:30', 'answeredAt must be a date and time in UTC (ISO 8601)'],
      ['2026-01-12T08:30:00+02:00', 'answeredAt must be a date and time in UTC (ISO 8601)'],
    ] as const) {
      const res = await send(user, cardId, answeredAt);
      expect(res.status).toBe(400);
      expect(res.payload.issues).toEqual([{ path: 'answeredAt', message }]);
    }
    expect(await logOf(user.id)).toHaveLength(0);
    const ahead = await send(user, cardId, clock + studyLimits.answeredAtSkewMs);
    expect(ahead.payload['reviewedAt']).toBe(new Date(clock).toISOString());
    const oldest = await send(user, await newCard(user), clock - studyLimits.answerAgeMaxMs);
    expect(oldest.status).toBe(200);
  });

  it('refuses an answer given before the card’s last review (409), and writes nothing', async () => {
    clock = monday;
    const user = await createUser(t);
    const cardId = await newCard(user);
    await advance(DAY_MS, user);
    // Tuesday, on another device, online.
    expect((await send(user, cardId)).status).toBe(200);
    await advance(DAY_MS, user);
    const stale = await send(user, cardId, monday);
    expect(stale.status).toBe(409);
    expect(stale.payload.issues).toEqual([
      { path: 'answeredAt', message: 'This card was answered again after this answer was given' },
    ]);
    expect(await logOf(user.id)).toHaveLength(1);
    expect((await progressOf(user.id, cardId))?.last_review_at).toBe(monday + DAY_MS);
    // At the very time of the last review is not before it.
    expect((await send(user, cardId, monday + DAY_MS)).status).toBe(200);
  });
});
