import {
  defaultGradeSettings,
  defaultSchedulerSettings,
  studyFitLimits,
  studyFitProgressSchema,
  type StudyFit,
  type StudyFitProgress,
} from '@glossa/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/factories';
import { buildApp } from '../../app';
import { pickMemorySettings } from './fit-compute';
import { fitProgressStaleMs, fitProgressWriteMs } from './fit-progress';
import * as fitRunner from './fit-runner';
import * as fitRepository from './fit.repository';

// A running fit's progress is kept in the database, so that a poll answered by another instance
// sees it (decision 0030). The fit itself is held by a stand-in for the worker here, which reports
// what each test tells it and ends when told; two-instances.test.ts runs a real fit on one server
// process and polls it through the other.

/** What the stand-in answers: a fit without enough history. */
const kept: StudyFit = {
  reviewCount: 0,
  minimumReviews: studyFitLimits.minimumReviews,
  enoughHistory: false,
  fittedReviewCount: 0,
  logLossBefore: null,
  logLossAfter: null,
  settings: pickMemorySettings(defaultSchedulerSettings),
  gradeSettings: defaultGradeSettings,
};

const notRunning: StudyFitProgress = { running: false, evaluations: 0, startedAt: null };

interface HeldFit {
  report(evaluations: number): void;
  answer(): void;
  fail(error: Error): void;
}

/** The next fit's worker run, held until the test answers or fails it. */
function holdNextFit(): () => HeldFit | undefined {
  let held: HeldFit | undefined;
  vi.spyOn(fitRunner, 'runFit').mockImplementationOnce(
    (_input, onProgress) =>
      new Promise<StudyFit>((resolve, reject) => {
        held = {
          report: (evaluations) => onProgress?.({ evaluations }),
          answer: () => resolve(kept),
          fail: reject,
        };
      }),
  );
  return () => held;
}

describe('the progress of a running fit', () => {
  let t: TestApp;
  /** A second instance of the app on the same database, as behind a load balancer. */
  let other: FastifyInstance;
  let clock = Date.UTC(2026, 2, 1, 9, 0, 0);
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    other = await buildApp(t.config, {
      passwordCost: { memoryCost: 1024, timeCost: 1 },
      now: () => clock,
    });
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const progressOn = async (app: FastifyInstance, user: TestUser) => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/study/fit/progress',
      headers: { authorization: `Bearer ${Buffer.from(user.access).toString('base64')}` },
    });
    expect(res.statusCode).toBe(200);
    return studyFitProgressSchema.parse((res.json() as { payload: unknown }).payload);
  };
  const startFit = (user: TestUser) =>
    t.call({ method: 'POST', url: '/api/study/fit', token: user.access });
  const row = (user: TestUser) =>
    t.app.deps.db
      .selectFrom('fit_progress')
      .select(['run_id', 'started_at', 'evaluations', 'updated_at'])
      .where('user_id', '=', user.id)
      .executeTakeFirst();
  const heldBy = async (held: () => HeldFit | undefined): Promise<HeldFit> => {
    await expect.poll(held).toBeDefined();
    const fit = held();
    if (!fit) throw new Error('the fit never reached its worker');
    return fit;
  };

  it('is read through another instance while the fit runs, written at a pace, and gone once it answers', async () => {
    const user = await createUser(t);
    const writes: number[] = [];
    const update = fitRepository.updateFitProgress;
    vi.spyOn(fitRepository, 'updateFitProgress').mockImplementation(async (...args) => {
      writes.push(performance.now());
      await update(...args);
    });
    const held = holdNextFit();
    const answered = startFit(user);
    const fit = await heldBy(held);
    const startedAt = new Date(clock).toISOString();
    expect(await progressOn(other, user)).toEqual({ running: true, evaluations: 0, startedAt });

    // An optimiser reporting far more often than the pace: the newest number is written, a few
    // times at most, each write at least the pace after the one before.
    for (let evaluations = 1; evaluations <= 1000; evaluations++) fit.report(evaluations);
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (let evaluations = 1001; evaluations <= 2000; evaluations++) fit.report(evaluations);
    await expect
      .poll(async () => (await progressOn(other, user)).evaluations, { timeout: 5000 })
      .toBe(2000);
    expect(await progressOn(t.app, user)).toEqual({ running: true, evaluations: 2000, startedAt });
    expect(await row(user)).toMatchObject({ evaluations: 2000, started_at: clock });
    expect(writes.length).toBeGreaterThanOrEqual(1);
    expect(writes.length).toBeLessThanOrEqual(3);
    for (let i = 1; i < writes.length; i++) {
      expect((writes[i] ?? 0) - (writes[i - 1] ?? 0)).toBeGreaterThanOrEqual(
        fitProgressWriteMs - 5,
      );
    }

    fit.answer();
    expect((await answered).status).toBe(200);
    expect(await row(user)).toBeUndefined();
    expect(await progressOn(other, user)).toEqual(notRunning);
    expect(await progressOn(t.app, user)).toEqual(notRunning);
  });

  it('is gone once the fit fails', async () => {
    const user = await createUser(t);
    const held = holdNextFit();
    const answered = startFit(user);
    const fit = await heldBy(held);
    fit.report(40);
    await expect
      .poll(async () => (await progressOn(other, user)).evaluations, { timeout: 5000 })
      .toBe(40);
    fit.fail(new Error('the fit thread stopped'));
    expect((await answered).status).toBe(500);
    expect(await row(user)).toBeUndefined();
    expect(await progressOn(other, user)).toEqual(notRunning);
  });

  it('reads a row its instance stopped writing (it died mid-fit) as no fit running', async () => {
    const user = await createUser(t);
    // The row of a fit on an instance that is gone: nothing in this process runs it.
    await fitRepository.startFitProgress(t.app.deps.db, user.id, 'run-elsewhere', clock);
    await fitRepository.updateFitProgress(t.app.deps.db, user.id, 'run-elsewhere', 700, clock);
    const startedAt = new Date(clock).toISOString();
    expect(await progressOn(other, user)).toEqual({ running: true, evaluations: 700, startedAt });
    clock += fitProgressStaleMs;
    expect(await progressOn(other, user)).toEqual({ running: true, evaluations: 700, startedAt });
    clock += 1;
    expect(await progressOn(other, user)).toEqual(notRunning);
    expect(await progressOn(t.app, user)).toEqual(notRunning);
  });

  it('gives way to a later fit of the learner on another instance, whose row the first one’s end leaves', async () => {
    const user = await createUser(t);
    const held = holdNextFit();
    const answered = startFit(user);
    const fit = await heldBy(held);
    const first = await row(user);
    // The learner starts a fit on another instance (its own process, so it does not share this
    // one's run): its row replaces the first's.
    const laterStart = clock + 1000;
    await fitRepository.startFitProgress(t.app.deps.db, user.id, 'run-elsewhere', laterStart);
    fit.report(90);
    await new Promise((resolve) => setTimeout(resolve, fitProgressWriteMs + 200));
    const later = { running: true, evaluations: 0, startedAt: new Date(laterStart).toISOString() };
    expect(await progressOn(other, user)).toEqual(later);
    fit.answer();
    expect((await answered).status).toBe(200);
    expect(await row(user)).toMatchObject({ run_id: 'run-elsewhere', evaluations: 0 });
    expect(first?.run_id).not.toBe('run-elsewhere');
    expect(await progressOn(t.app, user)).toEqual(later);
  });
});
