import { randomUUID } from 'node:crypto';
import type { Client } from 'autocannon';
import { sql } from 'kysely';
import { load, report, type LoadResult } from './lib/load';
import { onBothDatabases, type BenchServer } from './lib/server';
import { median } from './lib/stats';
import { seedCards, seedDueProgress, signUpLearner, type Learner } from './lib/study';

const connections = 50;
/** Enough for every request of a run to answer a card not answered before in it. */
const cardsInAll = 100_000;
const ratioTarget = 0.25;
const p99TargetMs = 25;
/** Health and review runs alternate this many times, this long each. */
const roundCount = 3;
const roundSeconds = 4;

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

  const first = learners[0];
  if (!first) throw new Error('no learner');
  const info = await load({
    url: `${server.url}/api/user/info`,
    headers: { authorization: first.bearer },
  });

  const sent = learners.map(() => 0);
  let clients = 0;
  // Connection i answers as learner i mod n, each request a card of theirs not answered yet.
  const reviewLoad = () =>
    load({
      url: server.url,
      duration: roundSeconds,
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
  const before = server.app.deps.reviewWriter.stats();
  // Health and reviews take turns, so a slow spell of the machine weighs on both alike.
  const rounds: { health: LoadResult; reviews: LoadResult }[] = [];
  for (let round = 0; round < roundCount; round += 1) {
    const health = await load({ url: `${server.url}/api/health`, duration: roundSeconds });
    rounds.push({ health, reviews: await reviewLoad() });
  }
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
  const ratios = rounds.map((r) => r.reviews.requestsPerSecond / r.health.requestsPerSecond);
  const ratio = median(ratios);
  const p99 = median(rounds.map((r) => r.reviews.p99));
  const health = median(rounds.map((r) => r.health.requestsPerSecond));
  const reviews = median(rounds.map((r) => r.reviews.requestsPerSecond));
  // Both sides' CPU per request, every thread of the process counted: steadier than throughput
  // on a shared machine, and what the ratio would be with CPU the only limit.
  const cpuRatio = median(
    rounds.map((r) => r.health.cpuMicrosPerRequest / r.reviews.cpuMicrosPerRequest),
  );
  const acknowledged = rounds.reduce((sum, r) => sum + r.reviews.ok, 0);
  const failed = rounds.reduce((sum, r) => sum + r.reviews.non2xx + r.reviews.errors, 0);
  const each = rounds
    .map(
      (r, i) =>
        `${i + 1}: ${r.health.requestsPerSecond.toFixed(0)} / ${r.reviews.requestsPerSecond.toFixed(0)} req/s ` +
        `(${((r.reviews.requestsPerSecond / r.health.requestsPerSecond) * 100).toFixed(0)} %, ` +
        `p50 ${r.reviews.p50} ms, p99 ${r.reviews.p99} ms; CPU per request ` +
        `${r.health.cpuMicrosPerRequest.toFixed(0)} / ${r.reviews.cpuMicrosPerRequest.toFixed(0)} µs` +
        `${r.reviews.steal === null ? '' : `; steal ${(r.reviews.steal * 100).toFixed(0)} %`})`,
    )
    .join('; ');
  console.log(
    `${kind}, ${scenario.name} (${await durability(kind, server)}): ` +
      `user/info ${((info.requestsPerSecond / health) * 100).toFixed(0)} % of health (p99 ${info.p99} ms); ` +
      `health / reviews by round ${each}; ` +
      `CPU per health request / per review ${(cpuRatio * 100).toFixed(0)} % (median); ` +
      `${acknowledged} acknowledged, ${logged} in the log, ${perCommit.toFixed(1)} per commit, ` +
      `non-2xx or errors ${failed}`,
  );
  report(
    `POST /api/study/reviews vs /api/health (${kind}, ${scenario.name})`,
    `${(ratio * 100).toFixed(0)} % (${reviews.toFixed(0)} of ${health.toFixed(0)} req/s), p99 ${p99} ms, medians of ${roundCount} rounds`,
    `≥ ${ratioTarget * 100} % and p99 < ${p99TargetMs} ms, every acknowledged review logged`,
    ratio >= ratioTarget && p99 < p99TargetMs && failed === 0 && logged >= acknowledged,
  );
}

/**
 * Review submission under autocannon (50 connections, each request a different card, due now,
 * and a new clientReviewId; a quarter of the guesses wrong) against GET /api/health on the same
 * server in the same run, on SQLite and on a fresh PostgreSQL database, with production's durable
 * settings. GET /api/user/info is measured too: what any authenticated call costs.
 * Target: at least 25 % of the health throughput, p99 under 25 ms, every acknowledged review in
 * the log. Health and reviews alternate for three rounds; the ratio is the median of each round's
 * own ratio and the p99 the median of the rounds' (each round is printed, with the process's CPU
 * time per request of both and the machine's steal time, which explain an unsteady run).
 */
export async function studyReviewsBench() {
  await onBothDatabases('reviews', async (kind, server) => {
    for (const scenario of scenarios) await run(kind, server, scenario);
  });
}

if (process.argv[1]?.endsWith('study-reviews.bench.ts')) await studyReviewsBench();
