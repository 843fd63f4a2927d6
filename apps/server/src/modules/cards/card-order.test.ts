import { randomUUID } from 'node:crypto';
import { cardPageSchema } from '@glossa/contract';
import { duplicateKey, searchKey, sortKey } from '@glossa/srs';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/database';
import { migrationProvider } from '../../db/migrations';
import { createTestApp, type TestApp } from '../../../test/app';
import { emptyDatabase, insertRawUser } from '../../../test/empty-database';
import { createUser, type TestUser } from '../../../test/factories';
import { caller } from '../categories/sharing.test-support';

/**
 * Browse (issue 16 item 13): fronts sorted in their language's order and filtered whatever the
 * accents, the same on SQLite and PostgreSQL, and the list's total.
 */
describe('GET /api/cards: order, accent-blind filter and total', () => {
  let t: TestApp;
  let api: ReturnType<typeof caller>;
  let learner: TestUser;
  const spanish = ['el zumo', 'el árbol', 'Ávila', 'avión', 'ñu', 'nube', 'oso', 'el', 'ela'];
  beforeAll(async () => {
    t = await createTestApp();
    api = caller(t);
    learner = await createUser(t);
    for (const front of spanish) {
      await api.must('POST', '/api/cards', learner, {
        front,
        answers: [`${front} (en)`],
        fromLanguageCode: 'es',
        toLanguageCode: 'en',
      });
    }
    await api.must('POST', '/api/cards', learner, {
      front: 'äpple',
      answers: ['apple'],
      fromLanguageCode: 'sv',
      toLanguageCode: 'en',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const page = async (query: string) =>
    cardPageSchema.parse((await api.call('GET', `/api/cards?${query}`, learner)).payload);
  const allFronts = async (query: string, limit: number) => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const suffix: string = cursor ? `&cursor=${cursor}` : '';
      const next = await page(`${query}&limit=${limit}${suffix}`);
      seen.push(...next.items.map((card) => card.front));
      cursor = next.nextCursor;
    } while (cursor);
    return seen;
  };

  it('sorts Spanish fronts in Spanish order: "el árbol" before "el zumo", ñ after n', async () => {
    const expected = ['Ávila', 'avión', 'el', 'el árbol', 'el zumo', 'ela', 'nube', 'ñu', 'oso'];
    expect(await allFronts('sort=front&from=es', 50)).toEqual(expected);
    // Page by page through the cursor: the same order.
    expect(await allFronts('sort=front&from=es', 2)).toEqual(expected);
    expect(await allFronts('sort=front&order=desc&from=es', 3)).toEqual([...expected].reverse());
  });

  it('finds "árbol" when asked "arbol" (and "ARBOL"), in the front or the answers', async () => {
    for (const q of ['arbol', 'ARBOL', 'árbol', 'Árbol']) {
      expect((await page(`q=${encodeURIComponent(q)}`)).items.map((c) => c.front)).toEqual([
        'el árbol',
      ]);
    }
    expect((await page('q=apple')).items.map((c) => c.front)).toEqual(['äpple']);
    expect((await page('q=APPLE')).items.map((c) => c.front)).toEqual(['äpple']);
    expect((await page(`q=${encodeURIComponent('avion (en)')}`)).items).toHaveLength(1);
  });

  it('gives the total with the first page, and with the filters', async () => {
    const first = await page('limit=2');
    expect(first.total).toBe(spanish.length + 1);
    expect(first.items).toHaveLength(2);
    const second = await page(`limit=2&cursor=${first.nextCursor ?? ''}`);
    expect(second.total).toBeNull();
    expect((await page('limit=1&from=sv')).total).toBe(1);
    expect((await page('limit=1&q=el')).total).toBe(4);
    expect((await page('limit=1&sort=due&q=el')).total).toBe(4);
    expect((await page('limit=1&categoryId=none')).total).toBe(spanish.length + 1);
  });
});

describe('migration 0015 (card keys)', () => {
  it('fills the keys of the cards made before it, and folds their search text', async () => {
    const { db, drop } = await emptyDatabase('0015');
    try {
      const migrator = new Migrator({ db, provider: migrationProvider });
      expect((await migrator.migrateTo('0012-combo-per-learner')).error).toBeUndefined();
      await insertRawUser(db, 'u1');
      const cards = [
        { front: 'El Árbol', answers: ['the tree'], from: 'es' },
        { front: 'Äpfel', answers: ['Apples'], from: 'de' },
      ];
      for (const card of cards) {
        await db
          .insertInto('cards')
          .values({
            id: randomUUID(),
            owner_id: 'u1',
            category_id: null,
            front: card.front,
            front_lower: card.front.toLowerCase(),
            answers: JSON.stringify(card.answers),
            search_text: [card.front, ...card.answers].join('\n').toLowerCase(),
            notes: '',
            from_language_code: card.from,
            to_language_code: 'en',
            created_at: 1,
            updated_at: 1,
            // The columns as they were before 0015: the schema's type has the new ones.
          } as never)
          .execute();
      }
      await migrateToLatest(db);
      const rows = await db
        .selectFrom('cards')
        .select(['front', 'front_key', 'front_sort', 'search_text'])
        .orderBy('front')
        .execute();
      expect(rows).toEqual(
        [...cards]
          .sort((a, b) => (a.front < b.front ? -1 : 1))
          .map((card) => ({
            front: card.front,
            front_key: duplicateKey(card.front, card.from),
            front_sort: sortKey(card.front, card.from),
            search_text: searchKey([card.front, ...card.answers].join('\n')),
          })),
      );
    } finally {
      await drop();
    }
  });
});
