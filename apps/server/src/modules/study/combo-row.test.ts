import { randomUUID } from 'node:crypto';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/database';
import { migrationProvider } from '../../db/migrations';
import { createTestApp, type TestApp } from '../../../test/app';
import { emptyDatabase, insertRawUser } from '../../../test/empty-database';
import { createUser } from '../../../test/factories';

/**
 * Every learner has a combo row from sign-up on, so that a study write the writer refuses, which
 * locks that row first (decision 0012), writes nothing at all.
 */
describe('the combo row of a learner', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const combos = (userId: string) =>
    t.app.deps.db.selectFrom('combos').selectAll().where('user_id', '=', userId).execute();

  it('is written at zero with the account', async () => {
    const user = await createUser(t);
    expect(await combos(user.id)).toEqual([
      { user_id: user.id, current: 0, best: 0, best_at: null },
    ]);
  });

  it('is all a refused review, "I was right" or undo would touch, and it is not changed', async () => {
    const user = await createUser(t);
    const before = await combos(user.id);
    const refused = [
      // A card that does not exist: the writer answers 404.
      t.call({
        method: 'POST',
        url: '/api/study/reviews',
        token: user.access,
        payload: { clientReviewId: randomUUID(), cardId: randomUUID(), guess: 'x', elapsedMs: 900 },
      }),
      t.call({
        method: 'POST',
        url: `/api/study/reviews/${randomUUID()}/override`,
        token: user.access,
      }),
      t.call({
        method: 'POST',
        url: `/api/study/reviews/${randomUUID()}/undo`,
        token: user.access,
      }),
    ];
    for (const res of await Promise.all(refused)) expect(res.status).toBe(404);
    expect(await combos(user.id)).toEqual(before);
  });

  it('is written by migration 0012 for every account made before it, at zero', async () => {
    const { db, drop } = await emptyDatabase('0012');
    try {
      const migrator = new Migrator({ db, provider: migrationProvider });
      expect((await migrator.migrateTo('0010-invitations')).error).toBeUndefined();
      for (const id of ['u1', 'u2']) await insertRawUser(db, id);
      // One learner had answered already: their combo stays as it was.
      await db
        .insertInto('combos')
        .values({ user_id: 'u1', current: 3, best: 5, best_at: 7 })
        .execute();
      await migrateToLatest(db);
      const rows = await db.selectFrom('combos').selectAll().orderBy('user_id').execute();
      expect(rows).toEqual([
        { user_id: 'u1', current: 3, best: 5, best_at: 7 },
        { user_id: 'u2', current: 0, best: 0, best_at: null },
      ]);
    } finally {
      await drop();
    }
  });
});
