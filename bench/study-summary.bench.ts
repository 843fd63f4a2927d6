import { duplicateKey, sortKey } from '@glossa/srs';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { insertCards } from '../apps/server/src/modules/cards/cards.repository';
import { report } from './lib/load';
import { onBothDatabases, type BenchServer } from './lib/server';
import { percentile } from './lib/stats';

const cardCount = 100_000;
/** Studied cards (the rest are new), and log rows per studied card. */
const studiedCount = 80_000;
const reviewsPerCard = 3;
const answeredToday = 300;
const batchSize = 1000;
const warmup = 20;
const samples = 200;
const targetMs = 50;
const dayMs = 86_400_000;

const user = { username: 'summary_bench', email: 'summary@example.com', password: 'pw-summary-1' };

const post = (server: BenchServer, path: string, body: unknown) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** Signs in after the seeding (which outlasts an idle connection and nears the token's life). */
async function signIn(server: BenchServer): Promise<string> {
  const login = await post(server, '/api/auth/login', {
    login: user.username,
    password: user.password,
  });
  const { payload } = (await login.json()) as { payload: { access: string } };
  return `Bearer ${Buffer.from(payload.access).toString('base64')}`;
}

/**
 * One learner with 100,000 cards, 80,000 of them studied (due from 30 days ago to 300 days ahead),
 * three log rows per studied card, 300 of them answered today. Answers one studied card's id.
 */
async function seed(server: BenchServer): Promise<string> {
  const { db } = server.app.deps;
  const owner = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
  const now = Date.now();
  let sampleCard = '';
  let seq = 0;
  for (let offset = 0; offset < cardCount; offset += batchSize) {
    const cards = Array.from({ length: batchSize }, (_, j) => {
      const i = offset + j;
      const front = `palabra ${i}`;
      return {
        id: randomUUID(),
        owner_id: owner.id,
        category_id: null,
        front,
        front_lower: front,
        front_key: duplicateKey(front, 'es'),
        front_sort: sortKey(front, 'es'),
        answers: JSON.stringify([`word ${i}`]),
        search_text: `${front}\nword ${i}`,
        notes: '',
        from_language_code: 'es',
        to_language_code: 'en',
        created_at: now - (cardCount - i) * 60_000,
        updated_at: now - (cardCount - i) * 60_000,
      };
    });
    const studied = cards.filter((_, j) => offset + j < studiedCount);
    const progress = studied.map((card, j) => {
      const i = offset + j;
      const last = now - ((i % 40) + 1) * dayMs;
      return {
        user_id: owner.id,
        card_id: card.id,
        category_id: null,
        elevation: 2 + (i % 7),
        period: 4 + (i % 300),
        lapses: i % 3,
        reps: reviewsPerCard,
        last_review_at: last,
        due_at: now + ((i % 330) - 30) * dayMs + (i % 1000) * 1000,
        suspended: 0,
        created_at: last - 10 * dayMs,
      };
    });
    const log = studied.flatMap((card, j) =>
      Array.from({ length: reviewsPerCard }, (_, k) => {
        seq += 1;
        const i = offset + j;
        const today = i < answeredToday && k === reviewsPerCard - 1;
        return {
          id: randomUUID(),
          user_id: owner.id,
          card_id: card.id,
          seq,
          client_review_id: randomUUID(),
          kind: 'review' as const,
          target_id: null,
          reviewed_at: today ? now - (i + 1) * 1000 : now - (reviewsPerCard - k + 1) * 10 * dayMs,
          guess: `word ${i}`,
          score: k === 1 ? 0.5 : 1,
          success: k === 1 ? 0 : 1,
          grade: k === 1 ? 1 : 3,
          elapsed_ms: 1500,
          state_before: '{}',
          state_after: '{}',
          result: '{}',
        };
      }),
    );
    if (!sampleCard && studied[0]) sampleCard = studied[0].id;
    await db.transaction().execute(async (trx) => {
      await insertCards(trx, cards);
      if (progress.length > 0) await trx.insertInto('progress').values(progress).execute();
      for (let k = 0; k < log.length; k += 500) {
        await trx
          .insertInto('review_log')
          .values(log.slice(k, k + 500))
          .execute();
      }
    });
  }
  return sampleCard;
}

async function measure(server: BenchServer, bearer: string, path: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < warmup + samples; i += 1) {
    const begin = performance.now();
    const res = await fetch(`${server.url}${path}`, { headers: { authorization: bearer } });
    await res.json();
    const elapsed = performance.now() - begin;
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
    if (i >= warmup) times.push(elapsed);
  }
  return times.sort((a, b) => a - b);
}

async function run(kind: 'SQLite' | 'PostgreSQL', server: BenchServer) {
  if ((await post(server, '/api/user/create', user)).status !== 201) {
    throw new Error('sign-up failed');
  }
  const seeded = Date.now();
  const cardId = await seed(server);
  const bearer = await signIn(server);
  if (kind === 'PostgreSQL') await sql`analyze`.execute(server.app.deps.db);
  console.log(
    `${kind}: seeded ${cardCount} cards, ${studiedCount} studied, ${studiedCount * reviewsPerCard} log rows in ${((Date.now() - seeded) / 1000).toFixed(1)} s`,
  );
  const summary = await fetch(`${server.url}/api/study/summary`, {
    headers: { authorization: bearer },
  });
  const { payload } = (await summary.json()) as {
    payload: { dueToday: number; answeredToday: { total: number } };
  };
  if (payload.answeredToday.total !== answeredToday) {
    throw new Error(`answeredToday is ${payload.answeredToday.total}, not ${answeredToday}`);
  }
  const cases: [string, string][] = [
    ['GET /api/study/summary', '/api/study/summary'],
    ['GET /api/cards/{id}/schedule', `/api/cards/${cardId}/schedule`],
  ];
  for (const [name, path] of cases) {
    const times = await measure(server, bearer, path);
    const p95 = percentile(times, 95);
    report(
      `${name} (${kind}, ${cardCount} cards, ${payload.dueToday} due today)`,
      `p95 ${p95.toFixed(1)} ms (p50 ${percentile(times, 50).toFixed(1)} ms, ${samples} sequential requests)`,
      `p95 < ${targetMs} ms`,
      p95 < targetMs,
    );
  }
  // The worst case of the new-card count: no new card left, so every scan runs to the end.
  await studyEverything(server);
  const times = await measure(server, bearer, '/api/study/summary');
  const p95 = percentile(times, 95);
  report(
    `GET /api/study/summary, every card studied (${kind}, ${cardCount} cards)`,
    `p95 ${p95.toFixed(1)} ms (p50 ${percentile(times, 50).toFixed(1)} ms, ${samples} sequential requests)`,
    `p95 < ${targetMs} ms`,
    p95 < targetMs,
  );
}

/** Gives every card still new a schedule (due in a year), as after a learner studied them all. */
async function studyEverything(server: BenchServer) {
  const { db } = server.app.deps;
  const owner = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
  const now = Date.now();
  const fresh = await db
    .selectFrom('cards')
    .select('id')
    .where('owner_id', '=', owner.id)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('progress')
            .select('progress.card_id')
            .whereRef('progress.card_id', '=', 'cards.id')
            .where('progress.user_id', '=', owner.id),
        ),
      ),
    )
    .execute();
  for (let i = 0; i < fresh.length; i += batchSize) {
    await db
      .insertInto('progress')
      .values(
        fresh.slice(i, i + batchSize).map((card) => ({
          user_id: owner.id,
          card_id: card.id,
          category_id: null,
          elevation: 8,
          period: 365,
          lapses: 0,
          reps: 1,
          last_review_at: now - dayMs,
          due_at: now + 365 * dayMs,
          suspended: 0,
          created_at: now - 2 * dayMs,
        })),
      )
      .execute();
  }
}

/**
 * The dashboard's summary and a card's schedule for a learner with 100,000 cards over HTTP on the
 * real server, on SQLite and on a fresh PostgreSQL database. Target: p95 under 50 ms on both.
 */
export async function studySummaryBench() {
  await onBothDatabases('summary', run);
}
