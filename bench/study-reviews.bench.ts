import { randomUUID } from 'node:crypto';
import type { Client } from 'autocannon';
import { sql } from 'kysely';
import { load, report } from './lib/load';
import { onBothDatabases, type BenchServer } from './lib/server';
import { seedCards, seedDueProgress, signUpLearner, type Learner } from './lib/study';

const connections = 50;
/** Enough for every request of a run to answer a card not answered before in it. */
const cardsInAll = 100_000;
const ratioTarget = 0.25;
const p99TargetMs = 25;

interface Scenario {
  name: string;
  learners: number;
}

const scenarios: Scenario[] = [
  { name: '50 learners, one per connection', learners: connections },
  { name: 'one learner on all 50 connections', learners: 1 },
];

/** The durability settings in force, printed so a run shows it did not trade them away. */
async function durability(kind: 'SQLite' | 'PostgreSQL', server: BenchServer): Promise<string> {
  const { db } = server.app.deps;
  if (kind === 'SQLite') {
    const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
    const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
    const mode = rows[0]?.synchronous === 2 ? 'FULL' : String(rows[0]?.synchronous);
    return `journal_mode=${journal.rows[0]?.journal_mode}, synchronous=${mode}`;
  }
  const fsync = await sql<{ fsync: string }>`show fsync`.execute(db);
  const commit = await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(db);
  return `fsync=${fsync.rows[0]?.fsync}, synchronous_commit=${commit.rows[0]?.synchronous_commit}`;
}

async function run(kind: 'SQLite' | 'PostgreSQL', server: BenchServer, scenario: Scenario) {
  const tag = randomUUID().slice(0, 6);
  const learners: (Learner & { cards: string[] })[] = [];
  const now = Date.now();
  for (let i = 0; i < scenario.learners; i += 1) {
    const learner = await signUpLearner(server, `rv_${tag}_${i}`);
    const cards = await seedCards(server, learner.id, cardsInAll / scenario.learners);
    await seedDueProgress(server, learner.id, cards, now);
    learners.push({ ...learner, cards });
  }
  // What autovacuum does after a bulk load: statistics and the visibility map.
  if (kind === 'PostgreSQL') await sql`vacuum analyze`.execute(server.app.deps.db);

  const health = await load({ url: `${server.url}/api/health` });
  const first = learners[0];
  if (!first) throw new Error('no learner');
  const info = await load({
    url: `${server.url}/api/user/info`,
    headers: { authorization: first.bearer },
  });

  const sent = learners.map(() => 0);
  let clients = 0;
  const before = server.app.deps.reviewWriter.stats();
  const reviews = await load({
    url: server.url,
    // Connection i answers as learner i mod n, each request a card of theirs not answered yet.
    setupClient: (client: Client) => {
      const index = clients % learners.length;
      clients += 1;
      const learner = learners[index];
      if (!learner) throw new Error('no learner for this connection');
      client.setRequests([
        {
          method: 'POST',
          path: '/api/study/reviews',
          setupRequest: (request) => {
            const n = sent[index] ?? 0;
            sent[index] = n + 1;
            const card = n % learner.cards.length;
            return {
              ...request,
              headers: { 'content-type': 'application/json', authorization: learner.bearer },
              body: JSON.stringify({
                cardId: learner.cards[card],
                // seedCards answers card k with "word k".
                guess: n % 4 === 0 ? 'wrong guess' : `word ${card}`,
                clientReviewId: randomUUID(),
                elapsedMs: 1200,
              }),
            };
          },
        },
      ]);
    },
  });
  const after = server.app.deps.reviewWriter.stats();
  // Every acknowledged review is in the log: an answer leaves only after its commit.
  const stored = await server.app.deps.db
    .selectFrom('review_log')
    .where(
      'user_id',
      'in',
      learners.map((l) => l.id),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const logged = Number(stored.n);
  const perCommit =
    (after.requests - before.requests) / Math.max(1, after.commits - before.commits);
  const ratio = reviews.requestsPerSecond / health.requestsPerSecond;
  console.log(
    `${kind}, ${scenario.name} (${await durability(kind, server)}): ` +
      `health ${health.requestsPerSecond.toFixed(0)} req/s (p99 ${health.p99} ms); ` +
      `user/info ${info.requestsPerSecond.toFixed(0)} req/s (${((info.requestsPerSecond / health.requestsPerSecond) * 100).toFixed(0)} %, p99 ${info.p99} ms); ` +
      `reviews ${reviews.requestsPerSecond.toFixed(0)} req/s (p50 ${reviews.p50} ms, p99 ${reviews.p99} ms, ` +
      `${reviews.ok} acknowledged, ${logged} in the log, ${perCommit.toFixed(1)} per commit, ` +
      `non-2xx ${reviews.non2xx}, errors ${reviews.errors})`,
  );
  report(
    `POST /api/study/reviews vs /api/health (${kind}, ${scenario.name})`,
    `${(ratio * 100).toFixed(0)} %, p99 ${reviews.p99} ms`,
    `≥ ${ratioTarget * 100} % and p99 < ${p99TargetMs} ms, every acknowledged review logged`,
    ratio >= ratioTarget &&
      reviews.p99 < p99TargetMs &&
      reviews.non2xx === 0 &&
      logged >= reviews.ok,
  );
}

/**
 * Review submission under autocannon (50 connections, each request a different card, due now,
 * and a new clientReviewId; a quarter of the guesses wrong) against GET /api/health on the same
 * server in the same run, on SQLite and on a fresh PostgreSQL database, with production's durable
 * settings. GET /api/user/info is measured too: what any authenticated call costs.
 * Target: at least 25 % of the health throughput, p99 under 25 ms, every acknowledged review in
 * the log.
 */
export async function studyReviewsBench() {
  await onBothDatabases('reviews', async (kind, server) => {
    for (const scenario of scenarios) await run(kind, server, scenario);
  });
}

if (process.argv[1]?.endsWith('study-reviews.bench.ts')) await studyReviewsBench();
