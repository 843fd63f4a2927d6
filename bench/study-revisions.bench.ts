import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { report } from './lib/load';
import { onBothDatabases } from './lib/server';
import { percentile } from './lib/stats';
import { seedCards, seedDueProgress, signUpLearner, type Learner } from './lib/study';

const learnerCount = 50;
const cardsPerLearner = 2000;
const seconds = 6;
const p99TargetMs = 25;

type Kind = 'review' | 'override' | 'undo';

/**
 * "I was right" and undo under load (docs/decisions/0012-study-write-path.md): 50 learners, each
 * on a connection of its own, answer a due card wrongly, say "I was right", then take the answer
 * back, card after card, for a few seconds; on SQLite and on a fresh PostgreSQL database, with
 * production's durable settings. Prints the latency of each kind of write and the writes per
 * second; every override and undo must be answered 200 and logged, and no progress may remain of
 * an undone review. Target: p99 of each kind under 25 ms.
 */
export async function studyRevisionsBench() {
  await onBothDatabases('revisions', async (kind, server) => {
    const tag = randomUUID().slice(0, 6);
    const now = Date.now();
    const learners: (Learner & { cards: string[] })[] = [];
    for (let i = 0; i < learnerCount; i += 1) {
      const learner = await signUpLearner(server, `rx_${tag}_${i}`);
      const cards = await seedCards(server, learner.id, cardsPerLearner);
      await seedDueProgress(server, learner.id, cards, now);
      learners.push({ ...learner, cards });
    }
    const latencies: Record<Kind, number[]> = { review: [], override: [], undo: [] };
    let failures = 0;
    const post = async (learner: Learner, path: string, body?: unknown, as: Kind = 'review') => {
      const started = performance.now();
      const res = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: {
          authorization: learner.bearer,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      await res.arrayBuffer();
      latencies[as].push(performance.now() - started);
      if (res.status !== 200) failures += 1;
    };
    const until = performance.now() + seconds * 1000;
    await Promise.all(
      learners.map(async (learner) => {
        for (let n = 0; performance.now() < until && n < learner.cards.length; n += 1) {
          const id = randomUUID();
          await post(learner, '/api/study/reviews', {
            cardId: learner.cards[n],
            guess: 'wrong guess',
            clientReviewId: id,
            elapsedMs: 1200,
          });
          await post(learner, `/api/study/reviews/${id}/override`, undefined, 'override');
          await post(learner, `/api/study/reviews/${id}/undo`, undefined, 'undo');
        }
      }),
    );
    const { db } = server.app.deps;
    const ids = learners.map((learner) => learner.id);
    const logged = await db
      .selectFrom('review_log')
      .where('user_id', 'in', ids)
      .select(['kind', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('kind')
      .execute();
    const count = (k: Kind) => Number(logged.find((row) => row.kind === k)?.n ?? 0);
    // Every undone review put its card back: none of the seeded schedules moved.
    const moved = await db
      .selectFrom('progress')
      .where('user_id', 'in', ids)
      .where('reps', '<>', 3)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const writes = latencies.review.length + latencies.override.length + latencies.undo.length;
    const figures = (['review', 'override', 'undo'] as const).map((k) => {
      const sorted = [...latencies[k]].sort((a, b) => a - b);
      return { k, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
    });
    console.log(
      `${kind}: ${(writes / seconds).toFixed(0)} writes/s; ` +
        figures
          .map(({ k, p50, p99 }) => `${k} p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`)
          .join('; ') +
        `; logged ${count('review')} reviews, ${count('override')} overrides, ${count('undo')} undos; ` +
        `non-200 ${failures}, schedules not put back ${Number(moved.n)}`,
    );
    const complete =
      failures === 0 &&
      Number(moved.n) === 0 &&
      count('override') === latencies.override.length &&
      count('undo') === latencies.undo.length;
    report(
      `review, "I was right", undo (${kind}, ${learnerCount} learners)`,
      figures.map(({ k, p99 }) => `${k} p99 ${p99.toFixed(1)} ms`).join(', '),
      `p99 < ${p99TargetMs} ms for each, every write answered and logged, every undo complete`,
      complete && figures.every(({ p99 }) => p99 < p99TargetMs),
    );
  });
}

if (process.argv[1]?.endsWith('study-revisions.bench.ts')) await studyRevisionsBench();
