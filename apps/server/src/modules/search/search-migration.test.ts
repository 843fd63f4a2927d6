import { Migrator, PostgresAdapter, sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/database';
import { migrationProvider } from '../../db/migrations';
import { emptyDatabase, insertRawUser } from '../../../test/empty-database';

/** Migration 0018 indexes the cards and categories made before it (docs/decisions/0021-search.md). */
describe('migration 0018-search', () => {
  it('fills the search words of existing rows and indexes them, and goes back down', async () => {
    const { db: typed, drop } = await emptyDatabase('0018');
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const db = typed as unknown as Kysely<any>;
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    try {
      const migrator = new Migrator({ db, provider: migrationProvider });
      expect((await migrator.migrateTo('0017-study-settings')).error).toBeUndefined();
      await insertRawUser(db, 'u1');
      await db
        .insertInto('categories')
        .values({
          id: 'c1',
          owner_id: 'u1',
          parent_id: null,
          parent_key: '',
          path: 'c1',
          depth: 1,
          name: 'Bebidas',
          name_lower: 'bebidas',
          description: 'Café y té',
          visibility: 'private',
          from_language_code: 'es',
          to_language_code: 'en',
          created_at: 10,
          updated_at: 10,
        })
        .execute();
      await db
        .insertInto('cards')
        .values({
          id: 'k1',
          owner_id: 'u1',
          category_id: 'c1',
          front: 'El Café',
          front_lower: 'el café',
          answers: JSON.stringify(['the coffee']),
          search_text: 'el cafe\nthe coffee',
          notes: '图书馆',
          from_language_code: 'es',
          to_language_code: 'en',
          created_at: 10,
          updated_at: 10,
        })
        .execute();
      await migrateToLatest(db as never);
      const card = await db
        .selectFrom('cards')
        .select('search_doc')
        .where('id', '=', 'k1')
        .executeTakeFirstOrThrow();
      expect(card.search_doc).toBe('el cafe the coffee 图 书 馆');
      const category = await db
        .selectFrom('categories')
        .select('search_doc')
        .where('id', '=', 'c1')
        .executeTakeFirstOrThrow();
      expect(category.search_doc).toBe('bebidas cafe y te');
      const found = postgres
        ? await sql<{ id: string }>`select id from cards where search_vector @@ 'cafe'::tsquery
            and search_doc like '%书 馆%'`.execute(db)
        : await sql<{ id: string }>`select d.item_id as id from search_words w
            join search_docs d on d.id = w.rowid
            where search_words match 'doc : cafe AND doc : "书 馆" AND scope : cou1 AND scope : ccc1'
            and w.rowid in (select rowid from search_card_trigrams where search_card_trigrams match 'offe')`.execute(
            db,
          );
      expect(found.rows).toEqual([{ id: 'k1' }]);

      expect((await migrator.migrateTo('0017-study-settings')).error).toBeUndefined();
      expect(await db.selectFrom('cards').select('id').execute()).toEqual([{ id: 'k1' }]);
      await migrateToLatest(db as never);
    } finally {
      await drop();
    }
  });
});
