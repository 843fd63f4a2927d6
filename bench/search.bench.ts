import { duplicateKey, searchDocument, searchKey, sortKey } from '@glossa/srs';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { sql, type Insertable } from 'kysely';
import type { CardsTable } from '../apps/server/src/db/schema';
import { insertCards } from '../apps/server/src/modules/cards/cards.repository';
import { report } from './lib/load';
import { onBothDatabases, type BenchServer } from './lib/server';
import { percentile } from './lib/stats';

// Search (docs/decisions/0021-search.md) over HTTP on the real server: a learner with
// SEARCH_BENCH_LEARNER_CARDS cards (100,000) in an instance of SEARCH_BENCH_CARDS cards
// (1,000,000), prefix, substring, accented and CJK queries, p95 of sequential requests, target
// under 20 ms. The sizes are parameters: loading a million cards takes minutes on a small machine.

const totalCards = Number(process.env['SEARCH_BENCH_CARDS'] ?? 1_000_000);
const learnerCards = Math.min(
  totalCards,
  Number(process.env['SEARCH_BENCH_LEARNER_CARDS'] ?? 100_000),
);
const otherOwners = 90;
const warmup = 20;
const samples = Number(process.env['SEARCH_BENCH_SAMPLES'] ?? 200);
const targetMs = 20;
const batch = 2000;

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

const syllables = [
  'ca',
  'sa',
  'pe',
  'rro',
  'ga',
  'to',
  'li',
  'bro',
  'me',
  'si',
  'lla',
  'gua',
  'mi',
  'no',
  'ta',
  'ran',
  'des',
  'con',
  'ver',
  'ble',
  'tra',
  'mon',
  'pu',
  'zo',
  'fe',
  'ri',
  'ma',
  'ne',
  'lo',
  'vi',
];
/** Words with accents, as learners of Spanish, French, German, Greek and Russian write them. */
const accented = ['café', 'árbol', 'niño', 'canción', 'façade', 'über', 'Αθήνα', 'ёлка', 'sí'];
/** Characters for sentences without spaces (Chinese), 图书馆 among them now and then. */
const hanzi = Array.from(
  '的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年得就那要下以生会自着去之过家学对可她里后小么心多天而能好都然没日于起还发成事只作当想看文无开手十用主行方又如前所本见经头面公同三已老从动两长知民样现分将外但身些与高意进把法此实回二理美点月明其种声全工己话儿者向情部正名定女问力机给等几很业最间新什打便位因重被走电四第门相次东政海口使教西再平真听世气信北少关并内加化由却代军产入先山五太水万市眼体别处总才场师书比住员九笑性通目华报立马命张活难神数件安表原车白应路期叫死常提感金何更反合放做系计或司利受光王果亲界及今京务制解各任至清物台象记边共风战干接它许八特觉望直服毛林题建南度统色字请交爱让认算论百吃义科怎元社术结六功指思非流每青管夫连远资队跟带花快条院变联言权往展该领传近留红治决周保达办运武半候七必城父强步完革深区即求品士转量空甚众技轻程告江语英基派满式李息写呢识极令黄德收脸钱党倒未持音馆图书猫狗',
);

function word(next: () => number): string {
  const length = 2 + Math.floor(next() * 3);
  return Array.from({ length }, () => syllables[Math.floor(next() * syllables.length)]).join('');
}

function text(next: () => number, words: number): string {
  const roll = next();
  if (roll < 0.05) {
    // A sentence without spaces; one in ten holds 图书馆.
    const length = 4 + Math.floor(next() * 8);
    const chars = Array.from({ length }, () => hanzi[Math.floor(next() * hanzi.length)]).join('');
    return next() < 0.1 ? `${chars.slice(0, 2)}图书馆${chars.slice(2)}` : chars;
  }
  const parts = Array.from({ length: words }, () => word(next));
  if (roll < 0.08) parts.push(accented[Math.floor(next() * accented.length)] ?? 'café');
  return parts.join(' ');
}

function cardRow(ownerId: string, next: () => number, at: number): Insertable<CardsTable> {
  const front = text(next, 1 + Math.floor(next() * 3));
  const answers = [text(next, 1 + Math.floor(next() * 2))];
  const notes = next() < 0.2 ? text(next, 4) : '';
  return {
    id: randomUUID(),
    owner_id: ownerId,
    category_id: null,
    front,
    front_lower: front.toLowerCase(),
    front_key: duplicateKey(front, 'es'),
    front_sort: sortKey(front, 'es'),
    answers: JSON.stringify(answers),
    search_text: searchKey([front, ...answers].join('\n')),
    search_doc: searchDocument(front, ...answers, notes),
    notes,
    from_language_code: 'es',
    to_language_code: 'en',
    created_at: at,
    updated_at: at,
  };
}

async function insertOwners(server: BenchServer, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  await server.app.deps.db
    .insertInto('users')
    .values(
      ids.map((id, i) => ({
        id,
        username: `searcher_${i}`,
        username_lower: `searcher_${i}`,
        username_skeleton: `searcher_${i}`,
        email: `searcher_${i}@example.com`,
        email_lower: `searcher_${i}@example.com`,
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

const post = (server: BenchServer, path: string, body: unknown) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const password = 'correct horse battery';

async function signUp(server: BenchServer, name: string): Promise<string> {
  const user = { username: name, email: `${name}@example.com`, password };
  if ((await post(server, '/api/user/create', user)).status !== 201)
    throw new Error('sign-up failed');
  const row = await server.app.deps.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Signs in after the seed: loading a million cards may outlast an access token. */
async function signIn(server: BenchServer, name: string): Promise<string> {
  const login = await post(server, '/api/auth/login', { login: name, password });
  const { payload } = (await login.json()) as { payload: { access: string } };
  return `Bearer ${Buffer.from(payload.access).toString('base64')}`;
}

/** The learner's cards and the others', interleaved in time as an instance fills. */
async function seed(server: BenchServer, learnerId: string): Promise<void> {
  const { db } = server.app.deps;
  const others = await insertOwners(server, otherOwners);
  const next = random(11);
  const start = Date.now() - 365 * 86_400_000;
  const share = learnerCards / totalCards;
  for (let offset = 0; offset < totalCards; offset += batch) {
    const rows: Insertable<CardsTable>[] = [];
    for (let i = offset; i < Math.min(totalCards, offset + batch); i += 1) {
      const owner =
        next() < share ? learnerId : (others[Math.floor(next() * others.length)] ?? learnerId);
      rows.push(cardRow(owner, next, start + i * 10));
    }
    await db.transaction().execute(async (trx) => {
      for (let c = 0; c < rows.length; c += 500) await insertCards(trx, rows.slice(c, c + 500));
    });
  }
}

async function measure(
  server: BenchServer,
  bearer: string,
  q: string,
): Promise<{ times: number[]; found: number }> {
  const url = `${server.url}/api/search?q=${encodeURIComponent(q)}&limit=20`;
  const times: number[] = [];
  let found = 0;
  for (let i = 0; i < warmup + samples; i += 1) {
    const begin = performance.now();
    const res = await fetch(url, { headers: { authorization: bearer } });
    const body = (await res.json()) as { payload: { cards: { items: unknown[] } } };
    const elapsed = performance.now() - begin;
    if (res.status !== 200) {
      throw new Error(`GET /api/search?q=${q} answered ${res.status}: ${JSON.stringify(body)}`);
    }
    found = body.payload.cards.items.length;
    if (i >= warmup) times.push(elapsed);
  }
  return { times: times.sort((a, b) => a - b), found };
}

/** SEARCH_BENCH_ONLY=sqlite or postgresql measures one database (the other is started empty). */
const only = process.env['SEARCH_BENCH_ONLY']?.toLowerCase();

async function run(kind: 'SQLite' | 'PostgreSQL', server: BenchServer) {
  if (only && only !== kind.toLowerCase()) return;
  const learnerId = await signUp(server, 'searcher');
  const seeded = Date.now();
  await seed(server, learnerId);
  if (kind === 'PostgreSQL') await sql`analyze`.execute(server.app.deps.db);
  console.log(
    `${kind}: seeded ${totalCards.toLocaleString('en')} cards (${learnerCards.toLocaleString('en')} the learner's, the rest of ${otherOwners} others) in ${((Date.now() - seeded) / 1000).toFixed(1)} s`,
  );
  const queries: [string, string][] = [
    ['prefix "carro"', 'carro'],
    ['prefix of 2 letters "mo"', 'mo'],
    ['two words "gato si"', 'gato si'],
    ['substring "ranble"', 'ranble'],
    ['accented "cafe" (finds café)', 'cafe'],
    ['Greek "ΑΘΗΝΑ" (finds Αθήνα)', 'ΑΘΗΝΑ'],
    ['CJK "图书" inside words', '图书'],
    ['nothing matches "zzzqx"', 'zzzqx'],
  ];
  const bearer = await signIn(server, 'searcher');
  for (const [name, q] of queries) {
    const { times, found } = await measure(server, bearer, q);
    const p95 = percentile(times, 95);
    report(
      `GET /api/search ${name} (${kind}, ${learnerCards.toLocaleString('en')} of ${totalCards.toLocaleString('en')} cards, ${found} on the page)`,
      `p95 ${p95.toFixed(1)} ms (p50 ${percentile(times, 50).toFixed(1)} ms, ${samples} sequential requests)`,
      `p95 < ${targetMs} ms`,
      p95 < targetMs,
    );
  }
}

/** Search on SQLite and on a fresh PostgreSQL database. */
export async function searchBench() {
  await onBothDatabases('search', run);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await searchBench();
}
