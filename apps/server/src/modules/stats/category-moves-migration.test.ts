import { Migrator, sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationProvider } from '../../db/migrations';
import { emptyDatabase, insertRawUser, rawCategoryRow } from '../../../test/empty-database';

/**
 * Migration 0029 (docs/decisions/0036-statistics.md, second addendum): cards moved to another
 * category are counted per learner by a trigger, and the counts' marks keep that count in place
 * of the latest card change; the marks made before it are cleared, so every learner's counts are
 * made again. Goes back down.
 */
describe('migration 0029-category-moves', () => {
  it('counts moves of cards, not edits, clears the old marks, and goes back down', async () => {
    const { db: typed, drop } = await emptyDatabase('0029');
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const db = typed as unknown as Kysely<any>;
    try {
      const migrator = new Migrator({ db, provider: migrationProvider });
      expect((await migrator.migrateTo('0028-anki-keys')).error).toBeUndefined();
      await insertRawUser(db, 'u1');
      await db
        .insertInto('stats_categories_mark')
        .values({ user_id: 'u1', seq: 3, cards: 2, cards_changed_at: 10, categories: 1 })
        .execute();
      await db
        .insertInto('categories')
        .values([rawCategoryRow('c1'), rawCategoryRow('c2')])
        .execute();
      expect((await migrator.migrateTo('0029-category-moves')).error).toBeUndefined();
      expect(await db.selectFrom('stats_categories_mark').selectAll().execute()).toEqual([]);

      await db
        .insertInto('cards')
        .values({
          id: 'k1',
          owner_id: 'u1',
          category_id: 'c1',
          front: 'casa',
          front_lower: 'casa',
          front_key: 'casa',
          front_sort: 'casa',
          answers: '["house"]',
          search_text: 'casa house',
          notes: '',
          from_language_code: 'es',
          to_language_code: 'en',
          created_at: 1,
          updated_at: 1,
        })
        .execute();
      const moves = async () =>
        (await db.selectFrom('stats_card_moves').select(['user_id', 'moves']).execute()).map(
          (row: { user_id: string; moves: unknown }) => [row.user_id, Number(row.moves)],
        );
      await db.updateTable('cards').set({ notes: 'an example', updated_at: 2 }).execute();
      expect(await moves()).toEqual([]);
      await db.updateTable('cards').set({ category_id: 'c2', updated_at: 3 }).execute();
      expect(await moves()).toEqual([['u1', 1]]);
      await db.updateTable('cards').set({ category_id: null, updated_at: 4 }).execute();
      await db.updateTable('cards').set({ category_id: null, updated_at: 5 }).execute();
      expect(await moves()).toEqual([['u1', 2]]);
      await db
        .insertInto('stats_categories_mark')
        .values({ user_id: 'u1', seq: 3, cards: 1, card_moves: 2, categories: 2 })
        .execute();

      expect((await migrator.migrateTo('0028-anki-keys')).error).toBeUndefined();
      await db.updateTable('cards').set({ category_id: 'c1', updated_at: 6 }).execute();
      const marks = await sql<{
        n: number;
      }>`select count(*) as n from stats_categories_mark`.execute(db);
      expect(Number(marks.rows[0]?.n)).toBe(0);
      expect((await migrator.migrateTo('0029-category-moves')).error).toBeUndefined();
      expect(await moves()).toEqual([]);
    } finally {
      await drop();
    }
  });
});
