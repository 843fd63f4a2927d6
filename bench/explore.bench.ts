import { duplicateKey, searchKey, sortKey } from '@glossa/srs';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { sql, type Insertable } from 'kysely';
import type { CardsTable, CategoriesTable } from '../apps/server/src/db/schema';
import { insertCards } from '../apps/server/src/modules/cards/cards.repository';
import { insertCategories } from '../apps/server/src/modules/categories/categories.repository';
import { report } from './lib/load';
import { onBothDatabases, type BenchServer } from './lib/server';
import { percentile } from './lib/stats';

const deckCount = 10_000;
const owners = 500;
const privateCategories = 10_000;
const warmup = 30;
const samples = 300;
const listTargetMs = 20;
const copyCards = 5_000;
const copyRuns = 5;
const copyTargetMs = 2_000;

const pairs: [string, string, number][] = [
  ['es', 'en', 0.3],
  ['fr', 'en', 0.2],
  ['de', 'en', 0.15],
  ['en', 'es', 0.15],
  ['ja', 'en', 0.1],
  ['it', 'en', 0.1],
];
const syllables = ['ca', 'sa', 'pe', 'rro', 'ga', 'to', 'li', 'bro', 'me', 'si', 'lla', 'gua'];

/** A deterministic pseudo-random sequence (mulberry32), so every run seeds the same decks. */
function random(seedValue: number): () => number {
  let state = seedValue;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

async function signUp(server: BenchServer, name: string): Promise<{ id: string; bearer: string }> {
  const user = { username: name, email: `${name}@example.com`, password: 'correct horse battery' };
  const post = (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  if ((await post('/api/user/create', user)).status !== 201) throw new Error('sign-up failed');
  const login = await post('/api/auth/login', { login: user.username, password: user.password });
  const { payload } = (await login.json()) as { payload: { access: string } };
  const row = await server.app.deps.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', name)
    .executeTakeFirstOrThrow();
  return { id: row.id, bearer: `Bearer ${Buffer.from(payload.access).toString('base64')}` };
}

/** Owners written straight to the table: signing 500 up through argon2id would take minutes. */
async function insertOwners(server: BenchServer): Promise<string[]> {
  const ids = Array.from({ length: owners }, () => randomUUID());
  await server.app.deps.db
    .insertInto('users')
    .values(
      ids.map((id, i) => ({
        id,
        username: `teacher_${i}`,
        username_lower: `teacher_${i}`,
        username_skeleton: `teacher_${i}`,
        email: `teacher_${i}@example.com`,
        email_lower: `teacher_${i}@example.com`,
        email_verified: 1,
        password_hash: 'x',
        role: 'user' as const,
        is_freeloaded: 0,
        disabled: 0,
        security_stamp: randomUUID(),
        settings: '{}',
        created_at: Date.now(),
        updated_at: Date.now(),
      })),
    )
    .execute();
  return ids;
}

const category = (
  fields: Pick<CategoriesTable, 'id' | 'owner_id' | 'parent_id' | 'path' | 'depth' | 'name'> & {
    visibility: CategoriesTable['visibility'];
    from: string;
    to: string;
    at: number;
    learners?: number;
  },
): Insertable<CategoriesTable> => ({
  id: fields.id,
  owner_id: fields.owner_id,
  parent_id: fields.parent_id,
  parent_key: fields.parent_id ?? '',
  path: fields.path,
  depth: fields.depth,
  name: fields.name,
  name_lower: fields.name.toLowerCase(),
  description: `A deck of ${fields.name}`,
  visibility: fields.visibility,
  from_language_code: fields.from,
  to_language_code: fields.to,
  created_at: fields.at,
  updated_at: fields.at,
  learner_count: fields.learners ?? 0,
  published_at: fields.visibility === 'public' && fields.parent_id === null ? fields.at : 0,
});

const card = (
  ownerId: string,
  categoryId: string,
  i: number,
  from: string,
  to: string,
  at: number,
) => {
  const front = `palabra ${i}`;
  return {
    id: randomUUID(),
    owner_id: ownerId,
    category_id: categoryId,
    front,
    front_lower: front,
    front_key: duplicateKey(front, from),
    front_sort: sortKey(front, from),
    answers: JSON.stringify([`word ${i}`]),
    search_text: searchKey(`${front}\nword ${i}`),
    notes: '',
    from_language_code: from,
    to_language_code: to,
    created_at: at + i,
    updated_at: at + i,
  } satisfies Insertable<CardsTable>;
};

/**
 * 10,000 public decks of 500 owners in six language pairs (each with two sub-categories, one of
 * them private, and 12 cards), learners spread as a long tail, published over a year; 10,000
 * private categories beside them; the learner joined 30 decks.
 */
async function seed(server: BenchServer, learnerId: string): Promise<void> {
  const { db } = server.app.deps;
  const ownerIds = await insertOwners(server);
  const next = random(7);
  const yearAgo = Date.now() - 365 * 86_400_000;
  const deckIds: string[] = [];
  for (let start = 0; start < deckCount; start += 500) {
    const categories: Insertable<CategoriesTable>[] = [];
    const cards: Insertable<CardsTable>[] = [];
    for (let i = start; i < start + 500; i += 1) {
      const ownerId = ownerIds[i % owners] ?? '';
      let roll = next();
      const [from, to] = pairs.find(([, , share]) => (roll -= share) < 0) ?? ['es', 'en'];
      const at = yearAgo + Math.floor(next() * 365 * 86_400_000);
      const length = 2 + Math.floor(next() * 3);
      const name = `${Array.from({ length }, () => syllables[Math.floor(next() * syllables.length)]).join('')} ${i}`;
      const id = randomUUID();
      deckIds.push(id);
      const learners = Math.floor(1000 * next() ** 6);
      categories.push(
        category({
          id,
          owner_id: ownerId,
          parent_id: null,
          path: id,
          depth: 1,
          name,
          visibility: 'public',
          from,
          to,
          at,
          learners,
        }),
      );
      for (let c = 0; c < 10; c += 1) cards.push(card(ownerId, id, c, from, to, at));
      for (const [s, visibility] of [
        [0, 'shared'],
        [1, 'private'],
      ] as const) {
        const subId = randomUUID();
        categories.push(
          category({
            id: subId,
            owner_id: ownerId,
            parent_id: id,
            path: `${id}/${subId}`,
            depth: 2,
            name: `Part ${s}`,
            visibility,
            from,
            to,
            at,
          }),
        );
        cards.push(card(ownerId, subId, 100 + s, from, to, at));
      }
    }
    await db.transaction().execute(async (trx) => {
      await insertCategories(trx, categories);
      for (let c = 0; c < cards.length; c += 1000) await insertCards(trx, cards.slice(c, c + 1000));
    });
  }
  const hidden: Insertable<CategoriesTable>[] = [];
  for (let i = 0; i < privateCategories; i += 1) {
    const id = randomUUID();
    hidden.push(
      category({
        id,
        owner_id: ownerIds[i % owners] ?? '',
        parent_id: null,
        path: id,
        depth: 1,
        name: `Private ${i}`,
        visibility: i % 2 ? 'private' : 'shared',
        from: 'es',
        to: 'en',
        at: yearAgo,
      }),
    );
  }
  await db.transaction().execute((trx) => insertCategories(trx, hidden));
  await db
    .insertInto('category_joins')
    .values(
      deckIds
        .slice(0, 30)
        .map((id, i) => ({ category_id: id, user_id: learnerId, created_at: Date.now() + i })),
    )
    .execute();
}

async function measure(server: BenchServer, bearer: string, query: string): Promise<number[]> {
  const url = `${server.url}/api/explore?${query}`;
  const times: number[] = [];
  for (let i = 0; i < warmup + samples; i += 1) {
    const begin = performance.now();
    const res = await fetch(url, { headers: { authorization: bearer } });
    const body = (await res.json()) as { payload: { items: unknown[] } };
    const elapsed = performance.now() - begin;
    if (res.status !== 200 || body.payload.items.length === 0) {
      throw new Error(
        `GET /api/explore?${query} answered ${res.status} with ${JSON.stringify(body).slice(0, 200)}`,
      );
    }
    if (i >= warmup) times.push(elapsed);
  }
  return times.sort((a, b) => a - b);
}

/** The cursor of the fifth page of a list (to measure a page deep in the scroll). */
async function fifthPage(server: BenchServer, bearer: string, query: string): Promise<string> {
  let cursor = '';
  for (let page = 1; page < 5; page += 1) {
    const res = await fetch(
      `${server.url}/api/explore?${query}${cursor ? `&cursor=${cursor}` : ''}`,
      {
        headers: { authorization: bearer },
      },
    );
    const body = (await res.json()) as { payload: { nextCursor: string | null } };
    cursor = body.payload.nextCursor ?? '';
  }
  return `${query}&cursor=${cursor}`;
}

/** A public deck of 5,000 cards in five categories, and the time to copy it, `copyRuns` times. */
async function measureCopy(server: BenchServer, kind: string): Promise<void> {
  const { db } = server.app.deps;
  const teacher = await signUp(server, 'copy_teacher');
  const at = Date.now() - 1_000_000;
  const rootId = randomUUID();
  const categories = [
    category({
      id: rootId,
      owner_id: teacher.id,
      parent_id: null,
      path: rootId,
      depth: 1,
      name: 'Big deck',
      visibility: 'public',
      from: 'es',
      to: 'en',
      at,
    }),
  ];
  for (let s = 0; s < 4; s += 1) {
    const id = randomUUID();
    categories.push(
      category({
        id,
        owner_id: teacher.id,
        parent_id: rootId,
        path: `${rootId}/${id}`,
        depth: 2,
        name: `Unit ${s}`,
        visibility: 'public',
        from: 'es',
        to: 'en',
        at,
      }),
    );
  }
  const cards = Array.from({ length: copyCards }, (_, i) =>
    card(teacher.id, categories[i % categories.length]?.id ?? rootId, i, 'es', 'en', at),
  );
  await db.transaction().execute(async (trx) => {
    await insertCategories(trx, categories);
    for (let c = 0; c < cards.length; c += 1000) await insertCards(trx, cards.slice(c, c + 1000));
  });
  if (kind === 'PostgreSQL') await sql`analyze`.execute(db);
  const times: number[] = [];
  for (let run = 0; run < copyRuns; run += 1) {
    const copier = await signUp(server, `copier_${run}`);
    const begin = performance.now();
    const res = await fetch(`${server.url}/api/explore/decks/${rootId}/copy`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: copier.bearer },
      body: JSON.stringify({ copyId: randomUUID() }),
    });
    const body = (await res.json()) as { payload: { cards?: number } };
    times.push(performance.now() - begin);
    if (res.status !== 201 || body.payload.cards !== copyCards) {
      throw new Error(`the copy answered ${res.status}: ${JSON.stringify(body).slice(0, 200)}`);
    }
  }
  times.sort((a, b) => a - b);
  const worst = times.at(-1) ?? Number.NaN;
  report(
    `POST /api/explore/decks/{id}/copy, a deck of ${copyCards} cards in 5 categories (${kind})`,
    `slowest of ${copyRuns} ${worst.toFixed(0)} ms (median ${percentile(times, 50).toFixed(0)} ms)`,
    `< ${copyTargetMs} ms`,
    worst < copyTargetMs,
  );
}

async function run(kind: 'SQLite' | 'PostgreSQL', server: BenchServer) {
  const learner = await signUp(server, 'explorer');
  const seeded = Date.now();
  await seed(server, learner.id);
  if (kind === 'PostgreSQL') await sql`analyze`.execute(server.app.deps.db);
  console.log(
    `${kind}: seeded ${deckCount} public decks of ${owners} owners (${deckCount * 12} cards) and ${privateCategories} other categories in ${((Date.now() - seeded) / 1000).toFixed(1)} s`,
  );
  const queries: [string, string][] = [
    ['es→en, popular (the default)', 'from=es&to=en&sort=popular&limit=20'],
    ['es→en, new', 'from=es&to=en&sort=new&limit=20'],
    ['es→en, by name', 'from=es&to=en&sort=name&limit=20'],
    ['every language, popular', 'sort=popular&limit=20'],
    ['es→en, text "gato", popular', 'from=es&to=en&q=gato&sort=popular&limit=20'],
    [
      'es→en, popular, fifth page',
      await fifthPage(server, learner.bearer, 'from=es&to=en&sort=popular&limit=20'),
    ],
  ];
  for (const [name, query] of queries) {
    const times = await measure(server, learner.bearer, query);
    const p95 = percentile(times, 95);
    report(
      `GET /api/explore ${name} (${kind}, ${deckCount} public decks)`,
      `p95 ${p95.toFixed(1)} ms (p50 ${percentile(times, 50).toFixed(1)} ms, ${samples} sequential requests)`,
      `p95 < ${listTargetMs} ms`,
      p95 < listTargetMs,
    );
  }
  await measureCopy(server, kind);
}

/**
 * Explore over HTTP on the real server: a page of the public decks among 10,000 (filtered, sorted,
 * deep in the scroll), p95 of sequential requests, target under 20 ms; and copying a deck of 5,000
 * cards, target under 2 s. On SQLite and on a fresh PostgreSQL database.
 */
export async function exploreBench() {
  await onBothDatabases('explore', run);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await exploreBench();
}
