import { Migrator, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { emptyDatabase, insertRawUser } from '../../../test/empty-database';
import { migrationProvider } from '../../db/migrations';

/**
 * Migration 0031 (docs/decisions/0030-scheduler-v2-server.md): the table of running fits'
 * progress, one row per learner, removed with the learner; goes back down and up again.
 */
describe('migration 0031-fit-progress', () => {
  it('keeps one row per learner, removed with the learner, and goes back down', async () => {
    const { db: typed, drop } = await emptyDatabase('0031');
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const db = typed as unknown as Kysely<any>;
    try {
      const migrator = new Migrator({ db, provider: migrationProvider });
      expect((await migrator.migrateTo('0030-subscription-upkeep')).error).toBeUndefined();
      await insertRawUser(db, 'learner');
      expect((await migrator.migrateTo('0031-fit-progress')).error).toBeUndefined();

      const row = { user_id: 'learner', run_id: 'r1', started_at: 10, evaluations: 0 };
      await db
        .insertInto('fit_progress')
        .values({ ...row, updated_at: 10 })
        .execute();
      await expect(
        db
          .insertInto('fit_progress')
          .values({ ...row, run_id: 'r2', updated_at: 20 })
          .execute(),
      ).rejects.toThrow();
      await expect(
        db
          .insertInto('fit_progress')
          .values({ ...row, user_id: 'nobody', updated_at: 20 })
          .execute(),
      ).rejects.toThrow();
      const read = await db.selectFrom('fit_progress').selectAll().execute();
      expect(
        read.map((r: Record<string, unknown>) => ({
          ...r,
          started_at: Number(r['started_at']),
          updated_at: Number(r['updated_at']),
        })),
      ).toEqual([{ ...row, updated_at: 10 }]);
      await db.deleteFrom('users').where('id', '=', 'learner').execute();
      expect(await db.selectFrom('fit_progress').selectAll().execute()).toEqual([]);

      expect((await migrator.migrateTo('0030-subscription-upkeep')).error).toBeUndefined();
      await expect(db.selectFrom('fit_progress').selectAll().execute()).rejects.toThrow();
      expect((await migrator.migrateTo('0031-fit-progress')).error).toBeUndefined();
    } finally {
      await drop();
    }
  });
});
