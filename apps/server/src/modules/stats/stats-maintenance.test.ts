import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/factories';
import {
  buildPackage,
  day,
  sampleCollection,
  toBase64,
} from '../import-export/anki/anki-fixture.test-support';
import { studyCalls } from '../study/study.test-support';
import { refreshStatsDays, sumDaysOfUnsummedLearners } from './stats-days.service';

// The days of statistics kept by the paths that do not go through the lazy refresh's usual
// "new log rows since the mark" (decision 0036's addendum): an Anki history import adds its
// reviews in its own transaction, deleted cards take their reviews out of their days, and the
// learners without days are summed at start-up. Each is checked against the days summed again
// from the log.

describe('statistics kept at scale', () => {
  let t: TestApp;
  let clock = Date.now();
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(async () => {
    await t.close();
  });

  const { api, db, newCard, answer, answerId, advance } = studyCalls(
    () => t,
    (ms) => (clock += ms),
  );

  /** The learner's stored days, numbers as numbers (PostgreSQL answers bigints as strings). */
  const storedDays = async (userId: string) =>
    (
      await db()
        .selectFrom('stats_days')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('day')
        .execute()
    ).map((row) => ({
      ...row,
      time_ms: Number(row.time_ms),
    }));
  const markOf = async (userId: string) =>
    db().selectFrom('stats_log_mark').selectAll().where('user_id', '=', userId).executeTakeFirst();
  const lastSeq = async (userId: string) =>
    Number(
      (
        await db()
          .selectFrom('review_log')
          .select((eb) => eb.fn.max('seq').as('seq'))
          .where('user_id', '=', userId)
          .executeTakeFirst()
      )?.seq ?? 0,
    );
  /** The days as the whole log sums them now (the stored ones thrown away first). */
  const recomputed = async (userId: string) => {
    await db().deleteFrom('stats_days').where('user_id', '=', userId).execute();
    await db().deleteFrom('stats_log_mark').where('user_id', '=', userId).execute();
    await refreshStatsDays(db(), userId);
    return storedDays(userId);
  };
  const goneNotes = async (userId: string) =>
    (await db().selectFrom('stats_log_gone').select('id').where('user_id', '=', userId).execute())
      .length;
  const activity = (user: TestUser) => api().must('GET', '/api/stats/activity', user);

  it('an Anki history import adds its reviews to the days in its transaction', async () => {
    const user = await createUser(t);
    const card = await newCard(user);
    await answer(user, card, 'the house');
    await activity(user);
    // Answers since the last read: the import brings the days up to them first.
    await advance(day, user);
    await answer(user, card, 'la maison');
    const start = clock - 30 * day;
    const res = await api().call('POST', '/api/cards/import/anki', user, {
      file: toBase64(buildPackage(sampleCollection('v18', start), 'anki21b')),
      mappings: [
        { noteTypeId: '1001', frontField: 0, answersField: 1 },
        { noteTypeId: '1002', frontField: 0, answersField: 1, notesField: 1 },
      ],
      defaults: { fromLanguageCode: 'es', toLanguageCode: 'en' },
      cloze: 'cards',
      history: true,
    });
    expect(res.status, JSON.stringify(res.payload)).toBe(200);
    expect(res.payload).toMatchObject({ reviews: 5 });
    // Nothing is left for the next read to sum.
    expect(Number((await markOf(user.id))?.seq)).toBe(await lastSeq(user.id));
    const kept = await storedDays(user.id);
    expect(kept.reduce((sum, row) => sum + row.reviews, 0)).toBe(7);
    expect(kept).toEqual(await recomputed(user.id));
  });

  it('a card deleted takes its reviews out of their days (one card, and in bulk)', async () => {
    const user = await createUser(t);
    const [a, b, c] = [await newCard(user), await newCard(user), await newCard(user)];
    await answer(user, a, 'the house');
    await answer(user, b, 'the house');
    await advance(2 * day, user);
    await answer(user, a, 'the house');
    await answer(user, c, 'la maison');
    await activity(user);
    expect((await storedDays(user.id)).map((row) => row.reviews)).toEqual([2, 2]);

    expect((await api().call('DELETE', `/api/cards/${a}`, user)).status).toBe(200);
    expect(await goneNotes(user.id)).toBe(2);
    await activity(user);
    expect(await goneNotes(user.id)).toBe(0);
    const afterOne = await storedDays(user.id);
    expect(afterOne.map((row) => row.reviews)).toEqual([1, 1]);
    expect(afterOne).toEqual(await recomputed(user.id));

    const bulk = await api().call('POST', '/api/cards/bulk-delete', user, { ids: [b, c] });
    expect(bulk.status, JSON.stringify(bulk.payload)).toBe(200);
    await activity(user);
    expect(await storedDays(user.id)).toEqual([]);
    expect(await recomputed(user.id)).toEqual([]);
  });

  it('new answers since the last read are added to their days as they are', async () => {
    const user = await createUser(t);
    const [a, b] = [await newCard(user), await newCard(user)];
    await answer(user, a, 'the house');
    await activity(user);
    await answer(user, b, 'la maison');
    await advance(3 * day, user);
    await answer(user, a, 'the house');
    await answer(user, b, 'the house');
    await activity(user);
    expect(Number((await markOf(user.id))?.seq)).toBe(await lastSeq(user.id));
    const kept = await storedDays(user.id);
    expect(kept.map((row) => row.reviews)).toEqual([2, 2]);
    expect(kept).toEqual(await recomputed(user.id));
  });

  it('a deleted card’s overridden and undone answers come out as the days counted them', async () => {
    const user = await createUser(t);
    const [a, b, c] = [await newCard(user), await newCard(user), await newCard(user)];
    await answer(user, c, 'the house');
    const failed = await answerId(user, a, 'la maison');
    expect((await api().call('POST', `/api/study/reviews/${failed}/override`, user)).status).toBe(
      200,
    );
    const undone = await answerId(user, b, 'the house');
    expect((await api().call('POST', `/api/study/reviews/${undone}/undo`, user)).status).toBe(200);
    await answer(user, b, 'the house');
    await activity(user);
    expect((await storedDays(user.id)).map((row) => row.reviews)).toEqual([3]);
    expect((await api().call('DELETE', `/api/cards/${a}`, user)).status).toBe(200);
    await activity(user);
    expect((await storedDays(user.id)).map((row) => row.reviews)).toEqual([2]);
    expect(await storedDays(user.id)).toEqual(await recomputed(user.id));
    expect((await api().call('DELETE', `/api/cards/${b}`, user)).status).toBe(200);
    await activity(user);
    expect((await storedDays(user.id)).map((row) => row.reviews)).toEqual([1]);
    expect(await storedDays(user.id)).toEqual(await recomputed(user.id));
  });

  it('a review deleted after the mark is not copied; the days stay the log’s', async () => {
    const user = await createUser(t);
    const [a, b] = [await newCard(user), await newCard(user)];
    await answer(user, a, 'the house');
    await activity(user);
    // Answered after the last read, deleted before the next: the days never held it.
    await answer(user, b, 'the house');
    expect((await api().call('DELETE', `/api/cards/${b}`, user)).status).toBe(200);
    expect(await goneNotes(user.id)).toBe(0);
    await activity(user);
    expect(await storedDays(user.id)).toEqual(await recomputed(user.id));
  });

  it('deleting an account with days copies none of its log rows', async () => {
    const user = await createUser(t);
    const card = await newCard(user);
    await answer(user, card, 'the house');
    await activity(user);
    const res = await api().call('POST', '/api/user/delete', user, {
      currentPassword: user.password,
    });
    expect(res.status, JSON.stringify(res.payload)).toBe(200);
    expect(await goneNotes(user.id)).toBe(0);
    expect(await markOf(user.id)).toBeUndefined();
  });

  it('learners with a log and no days, or cards and no counts, are summed at start-up', async () => {
    const user = await createUser(t);
    const card = await newCard(user);
    await answer(user, card, 'the house');
    const categoriesMark = () =>
      db()
        .selectFrom('stats_categories_mark')
        .select('seq')
        .where('user_id', '=', user.id)
        .executeTakeFirst();
    expect(await markOf(user.id)).toBeUndefined();
    expect(await categoriesMark()).toBeUndefined();
    expect(await sumDaysOfUnsummedLearners(db())).toBeGreaterThanOrEqual(2);
    expect(Number((await markOf(user.id))?.seq)).toBe(await lastSeq(user.id));
    // Their cards are counted per category too.
    expect(Number((await categoriesMark())?.seq)).toBe(await lastSeq(user.id));
    const summed = await storedDays(user.id);
    expect(summed.map((row) => row.reviews)).toEqual([1]);
    expect(summed).toEqual(await recomputed(user.id));
    // A second run finds nobody of theirs.
    await sumDaysOfUnsummedLearners(db());
    expect(await storedDays(user.id)).toEqual(summed);
  });
});
