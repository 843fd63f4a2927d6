import { performance } from 'node:perf_hooks';
import { DAY_MS } from '@glossa/srs';
import { sql } from 'kysely';
import { syncOwnerStudied } from '../apps/server/src/modules/study/queue.repository';
import { report } from './lib/load';
import type { BenchServer } from './lib/server';
import { onBothDatabases } from './lib/server';
import { percentile } from './lib/stats';
import { seedCards, signUpLearner } from './lib/study';

const cardCount = 100_000;
/** The newest tenth was never studied; of the rest, one in twenty is due now. */
const newShare = 0.1;
const dueShare = 0.05;
const warmup = 50;
const samples = 500;
const targetMs = 20;

/** mulberry32, so every run seeds the same schedule. */
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
 * A learner of long standing: 100,000 cards, the oldest 90 % studied (5 % of those due now, up
 * to a month overdue; the rest due within a year), a few first studied today, the newest 10 % new;
 * a third of the cards in four categories.
 */
export async function seedQueueLearner(server: BenchServer, username: string): Promise<string> {
  const learner = await signUpLearner(server, username);
  const { db } = server.app.deps;
  const categories: string[] = [];
  for (const name of ['Verbs', 'Nouns', 'Phrases', 'Travel']) {
    const res = await fetch(`${server.url}/api/categories`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: learner.bearer },
      body: JSON.stringify({ name }),
    });
    const { payload } = (await res.json()) as { payload: { id: string } };
    categories.push(payload.id);
  }
  const ids = await seedCards(server, learner.id, cardCount);
  const next = random(7);
  const now = Date.now();
  const studied = Math.floor(cardCount * (1 - newShare));
  for (let offset = 0; offset < cardCount; offset += 1000) {
    const batch = ids.slice(offset, offset + 1000);
    const categoryOf = batch.map(() =>
      next() < 1 / 3 ? (categories[Math.floor(next() * categories.length)] ?? null) : null,
    );
    for (const categoryId of new Set(categoryOf)) {
      const inCategory = batch.filter((_, j) => categoryOf[j] === categoryId);
      if (categoryId !== null && inCategory.length > 0) {
        await db
          .updateTable('cards')
          .set({ category_id: categoryId })
          .where('id', 'in', inCategory)
          .execute();
      }
    }
    const rows = batch
      .map((cardId, j) => ({ cardId, i: offset + j, categoryId: categoryOf[j] ?? null }))
      .filter(({ i }) => i < studied)
      .map(({ cardId, i, categoryId }) => {
        const period = 1 + Math.floor(next() * 365);
        const due = next() < dueShare ? now - next() * 30 * DAY_MS : now + next() * 365 * DAY_MS;
        const firstStudied = i > studied - 30 ? now - 60_000 : now - (1 + next() * 700) * DAY_MS;
        return {
          user_id: learner.id,
          card_id: cardId,
          category_id: categoryId,
          elevation: Math.log2(period),
          period,
          lapses: Math.floor(next() * 3),
          reps: 1 + Math.floor(next() * 10),
          last_review_at: Math.round(due - period * DAY_MS),
          due_at: Math.round(due),
          suspended: 0,
          created_at: Math.round(firstStudied),
        };
      });
    if (rows.length > 0) {
      await db.insertInto('progress').values(rows).execute();
      // What the review path keeps for the owner's first reviews.
      await syncOwnerStudied(
        db,
        rows.map((row) => row.card_id),
      );
    }
  }
  return learner.bearer;
}

async function run(kind: 'SQLite' | 'PostgreSQL', server: BenchServer) {
  const seeded = performance.now();
  const bearer = await seedQueueLearner(server, `queue_${process.pid}`);
  // What autovacuum does after a bulk load: statistics and the visibility map.
  if (kind === 'PostgreSQL') await sql`vacuum analyze`.execute(server.app.deps.db);
  console.log(
    `${kind}: seeded ${cardCount} cards and ${cardCount * (1 - newShare)} progress rows in ` +
      `${((performance.now() - seeded) / 1000).toFixed(1)} s`,
  );
  const url = `${server.url}/api/study/queue`;
  const times: number[] = [];
  let last = { items: 0, dueCount: 0, newCount: 0 };
  for (let i = 0; i < warmup + samples; i += 1) {
    const begin = performance.now();
    const res = await fetch(url, { headers: { authorization: bearer } });
    const body = (await res.json()) as {
      payload: { items: unknown[]; dueCount: number; newCount: number };
    };
    const elapsed = performance.now() - begin;
    if (res.status !== 200) throw new Error(`GET /api/study/queue answered ${res.status}`);
    last = {
      items: body.payload.items.length,
      dueCount: body.payload.dueCount,
      newCount: body.payload.newCount,
    };
    if (i >= warmup) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  console.log(`${kind}: ${last.items} items, dueCount ${last.dueCount}, newCount ${last.newCount}`);
  report(
    `GET /api/study/queue (${kind}, ${cardCount} cards)`,
    `p95 ${percentile(times, 95).toFixed(1)} ms (p50 ${percentile(times, 50).toFixed(1)} ms, ` +
      `${samples} sequential requests)`,
    `p95 < ${targetMs} ms`,
    percentile(times, 95) < targetMs,
  );
}

/**
 * The study queue of a learner with 100,000 cards over HTTP on the real server: p95 of
 * sequential requests on SQLite and on a fresh PostgreSQL database. Target: under 20 ms on both.
 */
export async function studyQueueBench() {
  await onBothDatabases('queue', run);
}

if (process.argv[1]?.endsWith('study-queue.bench.ts')) await studyQueueBench();
