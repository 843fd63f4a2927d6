import { randomUUID } from 'node:crypto';
import { Migrator, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultGradeSettings,
  defaultSchedulerSettings,
  memoryNumberSettingNames,
  schedulerV1MemoryDefaults,
} from '@glossa/contract';
import type { MemoryV2Parameters } from '@glossa/srs';
import { createTestApp, type TestApp } from '../../../test/app';
import { emptyDatabase } from '../../../test/empty-database';
import { createUser, type TestUser } from '../../../test/factories';
import { migrateToLatest } from '../../db/database';
import { migrationProvider } from '../../db/migrations';
import { movedToV2Defaults, replayLearnerLog, replayPendingProgress } from './progress-replay';
import { studyCalls } from './study.test-support';

const DAY = 86_400_000;

/**
 * Migration 0021 and version 2's replay of every learner's progress (issue 17; decision 0030), on
 * a copy of real-looking data written by the app itself: several learners, failures, overrides,
 * undos, both directions, a suspended card. Nothing lost, idempotent, resumable.
 */
describe('migration 0021: version 2’s replay of the learners’ progress', () => {
  let t: TestApp;
  let clock = Date.UTC(2026, 8, 1, 9);
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(async () => {
    await t.close();
  });
  const { api, db, advance, newCard, answerId } = studyCalls(
    () => t,
    (ms) => (clock += ms),
  );
  const answerAs = (user: TestUser, cardId: string, guess: string, direction = 'forward') =>
    api().call('POST', '/api/study/reviews', user, {
      cardId,
      guess,
      clientReviewId: randomUUID(),
      elapsedMs: 2500,
      direction,
    });

  const snapshot = async () => ({
    log: await db()
      .selectFrom('review_log')
      .selectAll()
      .orderBy('user_id')
      .orderBy('seq')
      .execute(),
    progress: await db()
      .selectFrom('progress')
      .selectAll()
      .orderBy('user_id')
      .orderBy('card_id')
      .orderBy('direction')
      .execute(),
    users: await db().selectFrom('users').select(['id', 'settings']).orderBy('id').execute(),
  });

  it('replays each learner once, in turns, keeping every log row, progress row and due date', async () => {
    const ana = await createUser(t);
    const ben = await createUser(t);
    const cy = await createUser(t);
    // Ana: four cards, one asked both ways; misses, a close answer, an override, an undo.
    const house = await newCard(ana, { front: 'la casa', answers: ['the house'], reverse: 'on' });
    const tree = await newCard(ana, { front: 'el árbol', answers: ['the tree'] });
    const dog = await newCard(ana, { front: 'el perro', answers: ['the dog'] });
    const sun = await newCard(ana, { front: 'el sol', answers: ['the sun'] });
    const overridden = await answerId(ana, tree, 'the bird');
    expect(
      (await api().call('POST', `/api/study/reviews/${overridden}/override`, ana)).status,
    ).toBe(200);
    await answerId(ana, dog, 'wrong');
    await answerId(ana, house, 'the house');
    expect((await answerAs(ana, house, 'la casa', 'reverse')).status).toBe(200);
    const undone = await answerId(ana, sun, 'the sun');
    expect((await api().call('POST', `/api/study/reviews/${undone}/undo`, ana)).status).toBe(200);
    for (let round = 0; round < 4; round += 1) {
      await advance(3 * DAY, ana, ben);
      await answerId(ana, house, round === 2 ? 'the hose' : 'the house');
      expect(
        (await answerAs(ana, house, round === 1 ? 'la cosa' : 'la casa', 'reverse')).status,
      ).toBe(200);
      await answerId(ana, dog, round % 2 === 0 ? 'the dog' : 'a cat');
      await answerId(ana, tree, 'the tree');
    }
    // Ben: his own memory numbers, not version 1's defaults; two cards, one suspended.
    expect(
      (await api().call('POST', '/api/user/edit', ben, { interceptElevationGain: 1 })).status,
    ).toBe(200);
    const benCards = [await newCard(ben, { front: 'uno' }), await newCard(ben, { front: 'dos' })];
    for (const card of benCards) {
      await answerId(ben, card, 'the house');
      await advance(2 * DAY, ben);
      await answerId(ben, card, 'the hous');
    }
    await db()
      .updateTable('progress')
      .set({ suspended: 1 })
      .where('user_id', '=', ben.id)
      .where('card_id', '=', benCards[1] ?? '')
      .execute();
    // As before 0021: version 1's defaults stored (Ana, Cy), no difficulty, everyone waiting.
    const learners = [ana, ben, cy];
    for (const learner of [ana, cy]) {
      const row = await db()
        .selectFrom('users')
        .select('settings')
        .where('id', '=', learner.id)
        .executeTakeFirstOrThrow();
      const settings = { ...JSON.parse(row.settings), ...schedulerV1MemoryDefaults };
      await db()
        .updateTable('users')
        .set({ settings: JSON.stringify(settings) })
        .where('id', '=', learner.id)
        .execute();
    }
    const ids = learners.map((learner) => learner.id);
    await db().updateTable('progress').set({ difficulty: 0 }).where('user_id', 'in', ids).execute();
    await db()
      .insertInto('progress_replay_pending')
      .values(ids.map((user_id) => ({ user_id })))
      .execute();
    const before = await snapshot();

    // Interrupted after one learner; the next run does the other two, a third finds nothing.
    expect(await replayPendingProgress(db(), 1)).toBe(1);
    expect(await db().selectFrom('progress_replay_pending').selectAll().execute()).toHaveLength(2);
    expect(await replayPendingProgress(db())).toBe(2);
    const after = await snapshot();
    expect(await replayPendingProgress(db())).toBe(0);
    expect(await snapshot()).toEqual(after);

    // Nothing lost: the log as it was, every progress row there, schedules kept.
    expect(after.log).toEqual(before.log);
    const keep = (rows: typeof before.progress) =>
      rows.map(({ elevation: _e, lapses: _l, difficulty: _d, ...rest }) => rest);
    expect(keep(after.progress)).toEqual(keep(before.progress));

    // Settings: version 1's defaults became version 2's; Ben's own numbers stayed.
    const settingsOf = (id: string) =>
      JSON.parse(after.users.find((user) => user.id === id)?.settings ?? '{}') as Record<
        string,
        unknown
      >;
    for (const name of memoryNumberSettingNames) {
      expect(settingsOf(ana.id)[name]).toBe(defaultSchedulerSettings[name]);
      expect(settingsOf(cy.id)[name]).toBe(defaultSchedulerSettings[name]);
    }
    expect(settingsOf(ben.id)['interceptElevationGain']).toBe(1);

    // Each row as the replay of its log with the learner's numbers gives it.
    for (const learner of learners) {
      const settings = settingsOf(learner.id);
      const parameters = {
        ...Object.fromEntries(memoryNumberSettingNames.map((name) => [name, settings[name]])),
        ...defaultGradeSettings,
      } as MemoryV2Parameters;
      const replayed = replayLearnerLog(
        after.log.filter((row) => row.user_id === learner.id),
        parameters,
      );
      const rows = after.progress.filter((row) => row.user_id === learner.id);
      expect(rows).toHaveLength(replayed.length);
      for (const memory of replayed) {
        const row = rows.find(
          (r) => r.card_id === memory.cardId && r.direction === memory.direction,
        );
        expect(row).toMatchObject({
          elevation: memory.elevation,
          lapses: memory.lapses,
          difficulty: memory.difficulty,
        });
      }
    }
    // The overridden miss counts as close; the undone card stays new; a first miss weighs.
    const anaLog = after.log.filter((row) => row.user_id === ana.id);
    const firstOnly = replayLearnerLog(anaLog.slice(0, 3), {
      ...defaultSchedulerSettings,
      ...defaultGradeSettings,
    } as MemoryV2Parameters);
    expect(firstOnly.find((m) => m.cardId === tree)).toMatchObject({
      elevation: defaultGradeSettings.initialElevationClose,
      difficulty: 0,
    });
    expect(firstOnly.find((m) => m.cardId === dog)).toMatchObject({
      elevation: defaultGradeSettings.initialElevationMissed,
      difficulty: defaultGradeSettings.firstMissDifficulty,
    });
    expect(after.progress.some((row) => row.card_id === sun)).toBe(false);
    const dogRow = after.progress.find((row) => row.card_id === dog);
    expect(dogRow?.difficulty).toBeCloseTo(defaultGradeSettings.firstMissDifficulty + 2, 9);
    expect(after.progress.filter((row) => row.card_id === house)).toHaveLength(2);
  });

  it('moves only the settings that are exactly version 1’s defaults', () => {
    expect(JSON.parse(movedToV2Defaults('{}') ?? 'null')).toMatchObject({
      interceptElevationGain: defaultSchedulerSettings.interceptElevationGain,
    });
    const own = JSON.stringify({ ...schedulerV1MemoryDefaults, decayRateElevationGain: 1 });
    expect(movedToV2Defaults(own)).toBeNull();
    const v1 = JSON.stringify({ ...schedulerV1MemoryDefaults, toLanguageCode: 'fr' });
    expect(JSON.parse(movedToV2Defaults(v1) ?? 'null')).toMatchObject({
      toLanguageCode: 'fr',
      amplitudeElevationGain: defaultSchedulerSettings.amplitudeElevationGain,
    });
  });
});

describe('migration 0021 itself', () => {
  it('adds the difficulty (0), the settings table, and queues every learner of the moment', async () => {
    const { db: typed, drop } = await emptyDatabase('0021');
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const db = typed as unknown as Kysely<any>;
    try {
      const migrator = new Migrator({ db, provider: migrationProvider });
      expect((await migrator.migrateTo('0020-search-speed')).error).toBeUndefined();
      const t0 = Date.UTC(2026, 9, 1);
      await db
        .insertInto('users')
        .values({
          id: 'user-ana',
          username: 'ana',
          username_lower: 'ana',
          username_skeleton: 'ana',
          email: 'ana@example.com',
          email_lower: 'ana@example.com',
          email_verified: 1,
          password_hash: 'scrypt$x',
          role: 'user',
          is_freeloaded: 0,
          disabled: 0,
          security_stamp: 'stamp',
          settings: '{}',
          created_at: t0,
          updated_at: t0,
        })
        .execute();
      await migrateToLatest(db as never);
      expect(await db.selectFrom('progress_replay_pending').selectAll().execute()).toEqual([
        { user_id: 'user-ana' },
      ]);
      expect(await db.selectFrom('scheduler_settings').selectAll().execute()).toEqual([]);
      // The replay empties the queue; the migrations are current.
      expect(await replayPendingProgress(db as never)).toBe(1);
      expect(await db.selectFrom('progress_replay_pending').selectAll().execute()).toEqual([]);
    } finally {
      await db.destroy().catch(() => undefined);
      await drop();
    }
  });
});
