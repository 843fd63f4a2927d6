import { searchTerms } from '@glossa/srs';
import { Migrator, PostgresAdapter, sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationProvider } from '../../db/migrations';
import { unspacedBlocks } from '../../db/migrations/0020-search-speed';
import { emptyDatabase, insertRawUser } from '../../../test/empty-database';

/** Where a character of a run of a query starts, for every code point the app may meet. */
function runStarts(): number[] {
  const starts = new Set<number>();
  for (let cp = 0; cp <= 0x3ffff; cp += 1) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    const c = String.fromCodePoint(cp);
    for (const term of searchTerms(`${c}${c}`)) {
      if (!term.run) continue;
      for (const character of term.text.split(' ')) starts.add(character.codePointAt(0) ?? 0);
    }
  }
  return [...starts];
}

const inBlocks = (cp: number) => unspacedBlocks.some(([from, to]) => cp >= from && cp <= to);

/**
 * Migration 0020 (docs/decisions/0021-search.md, "Speed"): on PostgreSQL the words' vector also
 * holds the pairs of neighbouring characters of scripts without spaces, for the rows made before
 * it and after; on SQLite it changes nothing.
 */
describe('migration 0020-search-speed', () => {
  it('indexes every character a query’s run may start with', () => {
    const starts = runStarts();
    expect(starts.length).toBeGreaterThan(90_000);
    expect(starts.filter((cp) => !inBlocks(cp))).toEqual([]);
  });

  it('adds the pairs to the vectors of existing and new rows, and goes back down', async () => {
    const { db: typed, drop } = await emptyDatabase('0020');
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const db = typed as unknown as Kysely<any>;
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    const schema = async () =>
      postgres
        ? []
        : (
            await sql<{ name: string; sql: string | null }>`select name, sql from sqlite_master
              order by name`.execute(db)
          ).rows;
    try {
      const migrator = new Migrator({ db, provider: migrationProvider });
      expect((await migrator.migrateTo('0019-directions')).error).toBeUndefined();
      const before = await schema();
      await insertRawUser(db, 'u1');
      const card = (id: string, searchDoc: string) => ({
        id,
        owner_id: 'u1',
        category_id: null,
        front: id,
        front_lower: id,
        answers: '[]',
        search_text: '',
        search_doc: searchDoc,
        from_language_code: 'zh',
        to_language_code: 'en',
        created_at: 10,
        updated_at: 10,
      });
      await db.insertInto('cards').values(card('k1', '图 书 馆 library')).execute();
      // Up to 0020 itself: later migrations (0021's tables) change SQLite's schema.
      expect((await migrator.migrateTo('0020-search-speed')).error).toBeUndefined();
      await db.insertInto('cards').values(card('k2', 'ภ า ษ า cafe 书 图')).execute();
      if (!postgres) {
        // SQLite: nothing changed (its trigram index answers runs already).
        expect(await schema()).toEqual(before);
        return;
      }
      const vector = async (id: string) =>
        (
          await sql<{ v: string }>`select search_vector::text as v from cards
            where id = ${id}`.execute(db)
        ).rows[0]?.v;
      expect(await vector('k1')).toBe(`'library' '书' '书 馆' '图' '图 书' '馆'`);
      // Only pairs of characters of scripts without spaces: none across `cafe`.
      expect(await vector('k2')).toBe(`'cafe' 'ภ' 'ภ า' 'ษ' 'ษ า' 'า' 'า ษ' '书' '书 图' '图'`);
      const found = await sql<{
        id: string;
      }>`select id from cards where search_vector @@ '''图 书'''::tsquery`.execute(db);
      expect(found.rows).toEqual([{ id: 'k1' }]);
      // The database's test of a character agrees with the blocks, at each one's edges.
      const edges = unspacedBlocks.flatMap(([from, to]) => [from - 1, from, to, to + 1]);
      const tested = await sql<{ cp: number; unspaced: boolean }>`select cp,
        search_unspaced(cp) as unspaced from unnest(${edges}::int[]) as cp`.execute(db);
      expect(tested.rows.map((row) => [row.cp, row.unspaced])).toEqual(
        edges.map((cp) => [cp, inBlocks(cp)]),
      );

      expect((await migrator.migrateTo('0019-directions')).error).toBeUndefined();
      expect(await vector('k1')).toBe(`'library' '书' '图' '馆'`);
      expect((await migrator.migrateTo('0020-search-speed')).error).toBeUndefined();
      expect(await vector('k1')).toBe(`'library' '书' '书 馆' '图' '图 书' '馆'`);
    } finally {
      await drop();
    }
  });
});
