import { Migrator, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { emptyDatabase, insertRawUser } from '../../../test/empty-database';
import { migrationProvider } from '../../db/migrations';

/**
 * Migration 0030 (docs/decisions/0034-subscriptions.md, addendum): the end of each grace period
 * is announced once; those over before it are taken as announced (their learners' tabs read the
 * free plan long since), those still running are not. Goes back down.
 */
describe('migration 0030-subscription-upkeep', () => {
  it('marks the grace periods already over as announced, not the others, and goes back down', async () => {
    const { db: typed, drop } = await emptyDatabase('0030');
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const db = typed as unknown as Kysely<any>;
    try {
      const migrator = new Migrator({ db, provider: migrationProvider });
      expect((await migrator.migrateTo('0029-category-moves')).error).toBeUndefined();
      const now = Date.now();
      const rows = [
        { user_id: 'over', status: 'past_due', grace_until: now - 60_000 },
        { user_id: 'running', status: 'past_due', grace_until: now + 60_000 },
        { user_id: 'paid', status: 'active', grace_until: null },
      ];
      for (const row of rows) {
        await insertRawUser(db, row.user_id);
        await db
          .insertInto('subscriptions')
          .values({ ...row, customer_id: `cus_${row.user_id}`, state_at: 1, updated_at: 1 })
          .execute();
      }
      expect((await migrator.migrateTo('0030-subscription-upkeep')).error).toBeUndefined();
      const marks = await db
        .selectFrom('subscriptions')
        .select(['user_id', 'grace_ended_at'])
        .orderBy('user_id')
        .execute();
      expect(
        marks.map((row: { user_id: string; grace_ended_at: unknown }) => [
          row.user_id,
          row.grace_ended_at === null ? null : Number(row.grace_ended_at),
        ]),
      ).toEqual([
        ['over', now - 60_000],
        ['paid', null],
        ['running', null],
      ]);

      expect((await migrator.migrateTo('0029-category-moves')).error).toBeUndefined();
      const [back] = await db.selectFrom('subscriptions').selectAll().limit(1).execute();
      expect(Object.keys(back ?? {})).not.toContain('grace_ended_at');
      expect((await migrator.migrateTo('0030-subscription-upkeep')).error).toBeUndefined();
    } finally {
      await drop();
    }
  });
});
