import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/database';
import { migrationProvider } from '../../db/migrations';
import { emptyDatabase, insertRawUser, rawCategoryRow } from '../../../test/empty-database';

/** Migration 0014 on categories made before it (docs/decisions/0022-explore.md). */
describe('migration 0014-explore', () => {
  it('dates the public categories made before it as published when last changed, and goes back down', async () => {
    const { db, drop } = await emptyDatabase('0014');
    try {
      const migrator = new Migrator({ db, provider: migrationProvider });
      expect((await migrator.migrateTo('0012-combo-per-learner')).error).toBeUndefined();
      await insertRawUser(db, 'u1');
      for (const [id, visibility, updatedAt] of [
        ['public', 'public', 50],
        ['private', 'private', 60],
      ] as const) {
        await db
          .insertInto('categories')
          .values(rawCategoryRow(id, { visibility, updated_at: updatedAt }))
          .execute();
      }
      expect((await migrator.migrateTo('0014-explore')).error).toBeUndefined();
      const rows = await db
        .selectFrom('categories')
        .select(['id', 'published_at', 'learner_count', 'copied_from_id'])
        .orderBy('id')
        .execute();
      expect(rows.map((row) => ({ ...row, published_at: Number(row.published_at) }))).toEqual([
        { id: 'private', published_at: 0, learner_count: 0, copied_from_id: null },
        { id: 'public', published_at: 50, learner_count: 0, copied_from_id: null },
      ]);
      await db
        .insertInto('category_joins')
        .values({ category_id: 'public', user_id: 'u1', created_at: 70 })
        .execute();
      expect((await migrator.migrateTo('0012-combo-per-learner')).error).toBeUndefined();
      expect(await db.selectFrom('categories').select('id').execute()).toHaveLength(2);
      await migrateToLatest(db);
      expect(await db.selectFrom('category_joins').selectAll().execute()).toEqual([]);
    } finally {
      await drop();
    }
  });
});
