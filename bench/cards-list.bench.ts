import { duplicateKey, searchKey, sortKey } from '@glossa/srs';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { insertCards } from '../apps/server/src/modules/cards/cards.repository';
import { report } from './lib/load';
import { onBothDatabases, type BenchServer } from './lib/server';
import { percentile } from './lib/stats';

const cardCount = 100_000;
const batchSize = 1000;
const warmup = 50;
const samples = 500;
const targetMs = 20;

async function signUp(server: BenchServer): Promise<string> {
  const user = {
    username: 'cards_bench',
    email: 'cards@example.com',
    password: 'correct horse battery',
  };
  const post = (path: string, body: unknown, bearer?: string) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(bearer ? { authorization: bearer } : {}) },
      body: JSON.stringify(body),
    });
  if ((await post('/api/user/create', user)).status !== 201) throw new Error('sign-up failed');
  const login = await post('/api/auth/login', { login: user.username, password: user.password });
  const { payload } = (await login.json()) as { payload: { access: string } };
  return `Bearer ${Buffer.from(payload.access).toString('base64')}`;
}

async function createCategory(server: BenchServer, bearer: string, body: object): Promise<string> {
  const res = await fetch(`${server.url}/api/categories`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: bearer },
    body: JSON.stringify(body),
  });
  const { payload } = (await res.json()) as { payload: { id: string } };
  return payload.id;
}

const syllables = ['ca', 'sa', 'pe', 'rro', 'ga', 'to', 'li', 'bro', 'me', 'si', 'lla', 'a', 'gua'];

/** A deterministic pseudo-random sequence (mulberry32), so every run seeds the same cards. */
function random(seedValue: number): () => number {
  let state = seedValue;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * 100,000 cards of one learner: three language pairs, a third in a tree of four categories, three
 * in five studied.
 */
async function seed(server: BenchServer, bearer: string): Promise<{ rootId: string }> {
  const rootId = await createCategory(server, bearer, { name: 'Spanish' });
  const subIds = [rootId];
  for (const name of ['Verbs', 'Nouns', 'Phrases']) {
    subIds.push(await createCategory(server, bearer, { name, parentId: rootId }));
  }
  const others = [await createCategory(server, bearer, { name: 'German' }), null, null];
  const { db } = server.app.deps;
  const owner = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
  const start = Date.now() - cardCount * 1000;
  const next = random(42);
  const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(next() * items.length)];
  for (let offset = 0; offset < cardCount; offset += batchSize) {
    const rows = Array.from({ length: batchSize }, (_, j) => {
      const i = offset + j;
      const length = 2 + Math.floor(next() * 3);
      const front = `${Array.from({ length }, () => pick(syllables)).join('')} ${i.toString(36)}`;
      const roll = next();
      const pair = roll < 0.5 ? ['es', 'en'] : roll < 0.8 ? ['de', 'en'] : ['fr', 'en'];
      const categoryId = next() < 1 / 3 ? (pick(subIds) ?? null) : (pick(others) ?? null);
      const answers = [`answer ${i}`];
      return {
        id: randomUUID(),
        owner_id: owner.id,
        category_id: categoryId,
        front,
        front_lower: front.toLowerCase(),
        front_key: duplicateKey(front, pair[0] ?? 'es'),
        front_sort: sortKey(front, pair[0] ?? 'es'),
        answers: JSON.stringify(answers),
        search_text: searchKey([front, ...answers].join('\n')),
        notes: '',
        from_language_code: pair[0] ?? 'es',
        to_language_code: pair[1] ?? 'en',
        created_at: start + i * 1000,
        updated_at: start + i * 1000,
      };
    });
    await db.transaction().execute(async (trx) => {
      await insertCards(trx, rows);
      // Three in five cards studied, due over the next year (the due sort walks these first).
      const studied = rows.filter(() => next() < 0.6);
      await trx
        .insertInto('progress')
        .values(
          studied.map((row) => ({
            user_id: owner.id,
            card_id: row.id,
            category_id: row.category_id,
            elevation: 2,
            period: 4,
            lapses: 0,
            reps: 1,
            last_review_at: row.created_at,
            due_at: Date.now() + Math.floor(next() * 365 * 86_400_000),
            suspended: 0,
            created_at: row.created_at,
          })),
        )
        .execute();
    });
  }
  return { rootId };
}

async function measure(server: BenchServer, bearer: string, query: string): Promise<number[]> {
  const url = `${server.url}/api/cards?${query}`;
  const times: number[] = [];
  for (let i = 0; i < warmup + samples; i += 1) {
    const begin = performance.now();
    const res = await fetch(url, { headers: { authorization: bearer } });
    const body = (await res.json()) as { payload: { items: unknown[] } };
    const elapsed = performance.now() - begin;
    if (res.status !== 200 || body.payload.items.length === 0) {
      throw new Error(
        `GET ${query} answered ${res.status} with ${body.payload.items.length} items`,
      );
    }
    if (i >= warmup) times.push(elapsed);
  }
  return times.sort((a, b) => a - b);
}

async function run(kind: 'SQLite' | 'PostgreSQL', server: BenchServer) {
  const bearer = await signUp(server);
  const seeded = Date.now();
  const { rootId } = await seed(server, bearer);
  if (kind === 'PostgreSQL') await sql`analyze`.execute(server.app.deps.db);
  console.log(
    `${kind}: seeded ${cardCount} cards in ${((Date.now() - seeded) / 1000).toFixed(1)} s`,
  );
  const queries: [string, string][] = [
    [
      'category with sub-categories, es→en, sorted by front',
      `categoryId=${rootId}&includeSubcategories=true&from=es&to=en&sort=front&limit=50`,
    ],
    ['all cards, de→en, newest first', 'from=de&to=en&sort=created&order=desc&limit=50'],
    ['text "casa", recently updated first', 'q=casa&sort=updated&limit=50'],
    ['all cards, soonest due first', 'sort=due&limit=50'],
    [
      'category with sub-categories, latest due first',
      `categoryId=${rootId}&includeSubcategories=true&sort=due&order=desc&limit=50`,
    ],
  ];
  for (const [name, query] of queries) {
    const times = await measure(server, bearer, query);
    const p50 = percentile(times, 50);
    const p95 = percentile(times, 95);
    report(
      `GET /api/cards first page, ${name} (${kind}, ${cardCount} cards)`,
      `p95 ${p95.toFixed(1)} ms (p50 ${p50.toFixed(1)} ms, ${samples} sequential requests)`,
      `p95 < ${targetMs} ms`,
      p95 < targetMs,
    );
  }
}

/**
 * Listing the first page of a learner's 100,000 cards, filtered and sorted, over HTTP on the real
 * server: p95 of sequential requests on SQLite and on a fresh PostgreSQL database.
 * Target: p95 under 20 ms on both.
 */
export async function cardsListBench() {
  await onBothDatabases('cards', run);
}
