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
/** The share of the maximum throughput at which the latency is reported. */
const loadShare = 0.5;
const p99TargetMs = 25;
/** Runs at the maximum and at half of it alternate this many times, this long each. */
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

  const sent = learners.map(() => 0);
  let clients = 0;
  // Connection i answers as learner i mod n, each request a card of theirs not answered yet;
  // `rate` (requests per second, all connections together) paces them, else as fast as answered.
  const reviewLoad = (rate?: number) =>
    load({
      url: server.url,
      duration: roundSeconds,
      ...(rate === undefined ? {} : { overallRate: rate }),
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
  // The maximum (as fast as answered) and half of it take turns, so a slow spell of the machine
  // weighs on both alike; each half-load run is paced at half the maximum just measured.
  const rounds: { full: LoadResult; half: LoadResult }[] = [];
  for (let round = 0; round < roundCount; round += 1) {
    const full = await reviewLoad();
    rounds.push({ full, half: await reviewLoad(full.requestsPerSecond * loadShare) });
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
  const maximum = median(rounds.map((r) => r.full.requestsPerSecond));
  const p99 = median(rounds.map((r) => r.half.p99));
  const p50 = median(rounds.map((r) => r.half.p50));
  const cpu = median(rounds.map((r) => r.full.cpuMicrosPerRequest));
  const all = rounds.flatMap((r) => [r.full, r.half]);
  const acknowledged = all.reduce((sum, r) => sum + r.ok, 0);
  const failed = all.reduce((sum, r) => sum + r.non2xx + r.errors, 0);
  const each = rounds
    .map(
      (r, i) =>
        `${i + 1}: maximum ${r.full.requestsPerSecond.toFixed(0)} req/s (p99 ${r.full.p99} ms, ` +
        `CPU per answer ${r.full.cpuMicrosPerRequest.toFixed(0)} µs), at half ` +
        `${r.half.requestsPerSecond.toFixed(0)} req/s p50 ${r.half.p50} ms, p99 ${r.half.p99} ms` +
        `${r.full.steal === null ? '' : `; steal ${(r.full.steal * 100).toFixed(0)} %`}`,
    )
    .join('; ');
  console.log(
    `${kind}, ${scenario.name} (${await durability(kind, server)}): by round ${each}; ` +
      `CPU per answer ${cpu.toFixed(0)} µs (median); ` +
      `${acknowledged} acknowledged, ${logged} in the log, ${perCommit.toFixed(1)} per commit, ` +
      `non-2xx or errors ${failed}`,
  );
  report(
    `POST /api/study/reviews at ${loadShare * 100} % of its maximum (${kind}, ${scenario.name})`,
    `p99 ${p99} ms (p50 ${p50} ms) at ${(maximum * loadShare).toFixed(0)} of ${maximum.toFixed(0)} req/s, medians of ${roundCount} rounds`,
    `p99 < ${p99TargetMs} ms, every acknowledged review logged`,
    p99 < p99TargetMs && failed === 0 && logged >= acknowledged,
  );
}

/**
 * Review submission under autocannon (50 connections, each request a different card, due now,
 * and a new clientReviewId; a quarter of the guesses wrong), on SQLite and on a fresh PostgreSQL
 * database, with production's durable settings: the maximum throughput (as fast as answers come
 * back), then the latency at half of it, paced, three rounds in turn. Target: p99 under 25 ms at
 * half the maximum, every acknowledged review in the log. (The old target, throughput at least a
 * quarter of GET /api/health's, is retired: issue 14, item 5.)
 */
export async function studyReviewsBench() {
  await onBothDatabases('reviews', async (kind, server) => {
    for (const scenario of scenarios) await run(kind, server, scenario);
  });
}

if (process.argv[1]?.endsWith('study-reviews.bench.ts')) await studyReviewsBench();
