import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultGradeSettings,
  defaultSchedulerSettings,
  memoryV2Settings,
  studyFitLimits,
  studyFitProgressSchema,
  studyFitSchema,
  type StudyFit,
} from '@glossa/contract';
import {
  DAY_MS,
  memoryV2LogLoss,
  memoryV2ParameterNames,
  packHistories,
  type CardHistory,
  type MemoryV2Parameters,
} from '@glossa/srs';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, signIn, type TestUser } from '../../../test/factories';
import { caller, cardBody } from '../categories/sharing.test-support';
import { pickMemorySettings } from './fit-compute';
import { writeFitHistory } from './fit.test-support';

/** Version 2's mean log loss of histories (decision 0030: the fit is version 2's). */
const meanLoss = (histories: CardHistory[], parameters: MemoryV2Parameters) => {
  const { sum, count } = memoryV2LogLoss(packHistories(histories, { merge: false }), parameters);
  return { mean: sum / count, count };
};
const currentV2 = (): MemoryV2Parameters => ({
  ...pickMemorySettings(defaultSchedulerSettings),
  ...defaultGradeSettings,
});
const proposedOf = (fit: StudyFit): MemoryV2Parameters => ({
  ...fit.settings,
  ...fit.gradeSettings,
});

describe('POST /api/study/fit', () => {
  let t: TestApp;
  let clock = Date.UTC(2026, 2, 1, 9, 0, 0);
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(async () => {
    await t.close();
  });

  const api = () => caller(t);
  const db = () => t.app.deps.db;
  const fit = async (user: TestUser): Promise<StudyFit> => {
    const res = await api().call('POST', '/api/study/fit', user);
    expect(res.status, JSON.stringify(res.payload)).toBe(200);
    return studyFitSchema.parse(res.payload);
  };
  const info = async (user: TestUser) => api().must('GET', '/api/user/info', user);
  const newCard = async (user: TestUser) =>
    String(
      (await api().must('POST', '/api/cards', user, cardBody({ answers: ['the house'] })))['id'],
    );
  const advance = async (ms: number, user: TestUser) => {
    clock += ms;
    Object.assign(user, await signIn(t, user.username, user.password));
  };

  const writeHistory = (user: TestUser, cards: number, reviewsPerCard: number) =>
    writeFitHistory(t, user, cards, reviewsPerCard, clock);

  it('answers 401 to an anonymous caller and to a bearer that is not a token', async () => {
    const anonymous = await t.call({
      method: 'POST',
      url: '/api/study/fit',
      payload: { surely: 'not valid' },
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.code).toBe('unauthorized');
    const forged = await t.call({
      method: 'POST',
      url: '/api/study/fit',
      headers: { authorization: 'Bearer bm90LWEtand0' },
    });
    expect(forged.status).toBe(401);
  });

  it('refuses a body with fields, naming them, and changes nothing', async () => {
    const user = await createUser(t);
    const before = await info(user);
    for (const payload of [{ interceptElevationGain: 1 }, { apply: true }]) {
      const res = await api().call('POST', '/api/study/fit', user, payload);
      expect(res.status).toBe(400);
      expect(res.code).toBe('invalid_input');
      expect(res.payload.issues?.map((issue) => issue.path)).toEqual(Object.keys(payload));
    }
    const text = await t.call({
      method: 'POST',
      url: '/api/study/fit',
      token: user.access,
      headers: { 'content-type': 'application/json' },
      payload: '[1, 2]',
    });
    expect(text.status).toBe(400);
    expect(text.code).toBe('invalid_input');
    expect(await info(user)).toEqual(before);
  });

  it('keeps the current numbers without enough history', async () => {
    const user = await createUser(t);
    const empty = await fit(user);
    expect(empty).toEqual({
      reviewCount: 0,
      minimumReviews: studyFitLimits.minimumReviews,
      enoughHistory: false,
      fittedReviewCount: 0,
      logLossBefore: null,
      logLossAfter: null,
      settings: pickMemorySettings(defaultSchedulerSettings),
      gradeSettings: defaultGradeSettings,
    });

    // Own numbers are answered as they are; a few reviews give a "before" but no fit.
    await api().must('POST', '/api/user/edit', user, { amplitudeElevationGain: 3.3 });
    await writeHistory(user, 10, 4);
    const few = await fit(user);
    expect(few).toMatchObject({
      reviewCount: 30,
      enoughHistory: false,
      fittedReviewCount: 0,
      logLossAfter: null,
      settings: { ...pickMemorySettings(defaultSchedulerSettings), amplitudeElevationGain: 3.3 },
    });
    expect(few.logLossBefore).toBeGreaterThan(0);
  });

  it('counts reviews as they finally count: an undone one removed, an overridden one a success', async () => {
    const user = await createUser(t);
    const cardId = await newCard(user);
    const answer = async (guess: string) => {
      const clientReviewId = randomUUID();
      await api().must('POST', '/api/study/reviews', user, {
        cardId,
        guess,
        clientReviewId,
        elapsedMs: 1200,
      });
      return clientReviewId;
    };
    await answer('the house');
    await advance(2 * DAY_MS, user);
    const missed = await answer('el gato');
    await api().must('POST', `/api/study/reviews/${missed}/override`, user);
    await advance(3 * DAY_MS, user);
    const undone = await answer('el perro');
    await api().must('POST', `/api/study/reviews/${undone}/undo`, user);
    await advance(DAY_MS, user);
    // A close success (grade 2): the article left out weighs little.
    await answer('house');

    const result = await fit(user);
    // The first review, the overridden one (2 days later), then one 4 days after it.
    const expected: CardHistory[] = [
      [
        { elapsedDays: 0, grade: 3 },
        { elapsedDays: 2, grade: 2 },
        { elapsedDays: 4, grade: 2 },
      ],
    ];
    const { mean, count } = meanLoss(expected, currentV2());
    expect(result.reviewCount).toBe(2);
    expect(count).toBe(2);
    expect(result.logLossBefore).toBeCloseTo(mean, 12);
  });

  it('fits a long history: a lower log loss, numbers within bounds, applied only by /api/user/edit', async () => {
    const [learner, other, admin] = await Promise.all([
      createUser(t),
      createUser(t),
      createUser(t, { role: 'admin' }),
    ]);
    const histories = await writeHistory(learner, 50, 9);
    const before = await info(learner);

    const result = await fit(learner);
    expect(result.enoughHistory).toBe(true);
    expect(result.reviewCount).toBe(50 * 8);
    expect(result.fittedReviewCount).toBe(50 * 8);
    expect(result.reviewCount).toBeGreaterThanOrEqual(studyFitLimits.minimumReviews);
    expect(result.logLossBefore).toBeCloseTo(meanLoss(histories, currentV2()).mean, 12);
    expect(result.logLossAfter).not.toBeNull();
    expect(result.logLossAfter ?? Infinity).toBeLessThan(result.logLossBefore ?? 0);
    const proposed = proposedOf(result);
    for (const name of memoryV2ParameterNames) {
      const { min, max } = memoryV2Settings[name];
      expect(proposed[name], name).toBeGreaterThanOrEqual(min);
      expect(proposed[name], name).toBeLessThanOrEqual(max);
    }
    expect(result.logLossAfter).toBeCloseTo(meanLoss(histories, proposed).mean, 12);

    // Nothing changed: not the settings, not the log.
    expect(await info(learner)).toEqual(before);
    const logSize = await db()
      .selectFrom('review_log')
      .where('user_id', '=', learner.id)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(logSize.n)).toBe(50 * 9);

    // Each learner is fitted on their own log only.
    for (const user of [other, admin]) {
      expect(await fit(user)).toMatchObject({ reviewCount: 0, enoughHistory: false });
    }

    // Applied through the existing edit (the ten) and PUT /api/study/scheduler (the seven): the
    // proposal becomes the numbers, and the "before" of a new fit is the "after" of this one.
    await api().must('POST', '/api/user/edit', learner, result.settings);
    await api().must('PUT', '/api/study/scheduler', learner, result.gradeSettings);
    expect(await info(learner)).toEqual({ ...before, ...result.settings });
    const again = await fit(learner);
    expect(again.logLossBefore).toBeCloseTo(result.logLossAfter ?? 0, 12);
    expect(again.logLossAfter ?? Infinity).toBeLessThanOrEqual(again.logLossBefore ?? 0);
  });

  it('shows the progress of a running fit, and none once it is done', async () => {
    const user = await createUser(t);
    await writeHistory(user, 40, 9);
    const progress = async () =>
      studyFitProgressSchema.parse(
        (await api().must('GET', '/api/study/fit/progress', user)) as unknown,
      );
    expect(await progress()).toEqual({ running: false, evaluations: 0, startedAt: null });
    let done = false;
    const running = fit(user).finally(() => (done = true));
    const seen: number[] = [];
    let sawRunning = false;
    while (!done) {
      const now = await progress();
      if (now.running) {
        sawRunning = true;
        seen.push(now.evaluations);
        expect(now.startedAt).not.toBeNull();
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect((await running).enoughHistory).toBe(true);
    expect(sawRunning).toBe(true);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(await progress()).toEqual({ running: false, evaluations: 0, startedAt: null });
  });

  it('answers two calls of one learner at once with one fit', async () => {
    const user = await createUser(t);
    await writeHistory(user, 40, 9);
    const [a, b] = await Promise.all([fit(user), fit(user)]);
    expect(a.enoughHistory).toBe(true);
    expect(b).toEqual(a);
  });
});
