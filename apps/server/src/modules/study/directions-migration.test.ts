import path from 'node:path';
import { Migrator, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDatabase, migrateToLatest } from '../../db/database';
import { migrationProvider } from '../../db/migrations';
import { up } from '../../db/migrations/0019-directions';
import { emptyDatabase } from '../../../test/empty-database';

const day = 86_400_000;
const t0 = Date.UTC(2026, 9, 1, 8);

const state = (dueAt: number | null) =>
  JSON.stringify({
    progress:
      dueAt === null
        ? null
        : {
            elevation: 1.2,
            period: 3,
            lapses: 0,
            reps: 2,
            lastReviewAt: t0,
            dueAt,
            suspended: 0,
            categoryId: 'cat-food',
            createdAt: t0 - day,
          },
    combo: { current: 2, best: 5, bestAt: t0 - day },
  });

/** A learner's study as version 0018 stored it: two cards studied, a review, an override, an undo. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function seed(db: Kysely<any>) {
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
      created_at: t0 - 30 * day,
      updated_at: t0 - 30 * day,
    })
    .execute();
  await db
    .insertInto('categories')
    .values({
      id: 'cat-food',
      owner_id: 'user-ana',
      parent_id: null,
      parent_key: '',
      path: 'cat-food',
      depth: 1,
      name: 'Comida',
      name_lower: 'comida',
      description: '',
      visibility: 'private',
      from_language_code: 'es',
      to_language_code: 'en',
      created_at: t0 - 20 * day,
      updated_at: t0 - 20 * day,
    })
    .execute();
  for (const [id, front, answer] of [
    ['card-arbol', 'el árbol', 'the tree'],
    ['card-manzana', 'la manzana', 'the apple'],
  ] as const) {
    await db
      .insertInto('cards')
      .values({
        id,
        owner_id: 'user-ana',
        category_id: 'cat-food',
        front,
        front_lower: front,
        front_key: front,
        front_sort: front,
        answers: JSON.stringify([answer]),
        search_text: `${front}\n${answer}`,
        notes: '',
        from_language_code: 'es',
        to_language_code: 'en',
        created_at: t0 - 10 * day,
        updated_at: t0 - 10 * day,
        owner_studied: 1,
      })
      .execute();
    await db
      .insertInto('progress')
      .values({
        user_id: 'user-ana',
        card_id: id,
        category_id: 'cat-food',
        elevation: 1.2,
        period: 3,
        lapses: id === 'card-arbol' ? 1 : 0,
        reps: 2,
        last_review_at: t0,
        due_at: t0 + 3 * day,
        suspended: 0,
        created_at: t0 - day,
      })
      .execute();
  }
  const log = (
    seq: number,
    clientReviewId: string,
    kind: 'review' | 'override' | 'undo',
    cardId: string,
    targetId: string | null,
  ) => ({
    id: `log-${seq}`,
    user_id: 'user-ana',
    card_id: cardId,
    seq,
    client_review_id: clientReviewId,
    kind,
    target_id: targetId,
    reviewed_at: t0 + seq * 1000,
    guess: kind === 'review' ? 'tree' : 'tree',
    score: 0.9,
    success: 1,
    grade: 2,
    elapsed_ms: 3200,
    state_before: state(null),
    state_after: state(t0 + 3 * day),
    result: '{}',
  });
  await db
    .insertInto('review_log')
    .values([
      log(1, 'client-review-0001', 'review', 'card-arbol', null),
      log(2, 'client-review-0001.override', 'override', 'card-arbol', 'log-1'),
      log(3, 'client-review-0002', 'review', 'card-manzana', null),
      log(4, 'client-review-0002.undo', 'undo', 'card-manzana', 'log-3'),
    ])
    .execute();
}

describe('migration 0019-directions', () => {
  it('keeps every schedule and log row as forward ones, allows a reverse one, and goes back down', async () => {
    const { db: typed, drop } = await emptyDatabase('0019');
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const db = typed as unknown as Kysely<any>;
    try {
      const migrator = new Migrator({ db, provider: migrationProvider });
      expect((await migrator.migrateTo('0018-search')).error).toBeUndefined();
      await seed(db);
      const progressBefore = await db
        .selectFrom('progress')
        .selectAll()
        .orderBy('card_id')
        .execute();
      await migrateToLatest(db as never);

      const progress = await db.selectFrom('progress').selectAll().orderBy('card_id').execute();
      expect(progress).toEqual(
        progressBefore.map((row: Record<string, unknown>) => ({
          ...row,
          direction: 'forward',
          // 0021's difficulty (the replay runs after the migrations, in app.ts).
          difficulty: 0,
        })),
      );
      const log = await db
        .selectFrom('review_log')
        .select(['id', 'kind', 'target_id', 'direction'])
        .orderBy('seq')
        .execute();
      expect(log).toEqual([
        { id: 'log-1', kind: 'review', target_id: null, direction: 'forward' },
        { id: 'log-2', kind: 'override', target_id: 'log-1', direction: 'forward' },
        { id: 'log-3', kind: 'review', target_id: null, direction: 'forward' },
        { id: 'log-4', kind: 'undo', target_id: 'log-3', direction: 'forward' },
      ]);
      const cards = await db
        .selectFrom('cards')
        .select(['id', 'reverse', 'owner_studied'])
        .orderBy('id')
        .execute();
      expect(cards).toEqual([
        { id: 'card-arbol', reverse: 'inherit', owner_studied: 1 },
        { id: 'card-manzana', reverse: 'inherit', owner_studied: 1 },
      ]);
      const category = await db
        .selectFrom('categories')
        .select('reverse_default')
        .executeTakeFirstOrThrow();
      expect(category.reverse_default).toBe(0);

      // A second schedule of the same card, the other way; the key refuses a second forward one.
      const reverse = { ...progressBefore[0], direction: 'reverse', due_at: t0 + day };
      await db.insertInto('progress').values(reverse).execute();
      await expect(
        db
          .insertInto('progress')
          .values({ ...progressBefore[0], direction: 'forward' })
          .execute(),
      ).rejects.toThrow();
      await expect(
        db
          .insertInto('progress')
          .values({ ...progressBefore[0], direction: 'sideways' })
          .execute(),
      ).rejects.toThrow();
      // Deleting a card still takes its schedules with it (the rebuilt table kept its keys).
      expect(
        await db
          .selectFrom('progress')
          .select(['card_id', 'direction'])
          .where('card_id', '=', 'card-arbol')
          .orderBy('direction')
          .execute(),
      ).toEqual([
        { card_id: 'card-arbol', direction: 'forward' },
        { card_id: 'card-arbol', direction: 'reverse' },
      ]);

      // Run again over itself: nothing changes, nothing fails.
      await up(db);
      expect(await db.selectFrom('progress').select('card_id').execute()).toHaveLength(3);

      expect((await migrator.migrateTo('0018-search')).error).toBeUndefined();
      expect(await db.selectFrom('progress').selectAll().orderBy('card_id').execute()).toEqual(
        progressBefore,
      );
      expect(await db.selectFrom('review_log').select('id').execute()).toHaveLength(4);
      await migrateToLatest(db as never);
      await db.deleteFrom('cards').where('id', '=', 'card-arbol').execute();
      expect(await db.selectFrom('progress').select('card_id').execute()).toEqual([
        { card_id: 'card-manzana' },
      ]);
    } finally {
      await drop();
    }
  });

  it('migrates rows of 0018 through the app’s own connections, as the server starts', async () => {
    // The app's SQLite dialect prepares a statement outside a transaction on its reading
    // connection: a rebuild of the table there once failed on a fresh database at start-up.
    const { db: typed, settings, drop } = await emptyDatabase('0019app');
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const db = typed as unknown as Kysely<any>;
    const app = createDatabase(
      settings['DATABASE_URL']
        ? { kind: 'postgres', url: settings['DATABASE_URL'] }
        : { kind: 'sqlite', file: path.join(settings['DATA_DIR'] ?? '', 'glossa.db') },
    );
    try {
      const migrator = new Migrator({ db, provider: migrationProvider });
      expect((await migrator.migrateTo('0018-search')).error).toBeUndefined();
      await seed(db);
      await migrateToLatest(app.db);
      const rows = await app.db
        .selectFrom('progress')
        .select(['card_id', 'direction'])
        .orderBy('card_id')
        .execute();
      expect(rows).toEqual([
        { card_id: 'card-arbol', direction: 'forward' },
        { card_id: 'card-manzana', direction: 'forward' },
      ]);
    } finally {
      await app.close();
      await drop();
    }
  });
});
