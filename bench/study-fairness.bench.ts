import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { report } from './lib/load';
import { onBothDatabases, type BenchServer } from './lib/server';
import { percentile } from './lib/stats';
import { seedCards, seedDueProgress, signUpLearner, type Learner } from './lib/study';

const humans = 20;
/** Each human answers a card every 0.5 to 1.5 s: a quick learner. */
const paceMs = [500, 1500] as const;
/** Alone and flooded alternate this many times, this long each: a slow spell of the shared
 * machine then weighs on both alike. */
const rounds = 3;
const phaseSeconds = 10;
const floodConnections = 16;
const p99TargetMs = 50;
const ratioTarget = 2;

const mainScript = fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url));
const floodScript = fileURLToPath(new URL('./lib/flood.ts', import.meta.url));

async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  return typeof address === 'object' && address ? address.port : 0;
}

/** The built server in a process of its own, on the database the bench app prepared. */
async function startServerProcess(
  server: BenchServer,
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  // The server's own settings: the per-learner limit of study writes at its default.
  const { STUDY_RATE_LIMIT: _lifted, ...env } = server.env;
  const child = spawn(process.execPath, [mainScript], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries += 1) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (tries > 200) throw new Error('the server process did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, child };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answers {
  latencies: number[];
  failures: number;
}

/** Every human answers at their pace for `seconds`; adds each answer's latency (ms) to `into`. */
async function study(
  url: string,
  learners: (Learner & { cards: string[] })[],
  seconds: number,
  into: Answers,
) {
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    learners.map(async (learner, l) => {
      let n = 0;
      while (performance.now() < end) {
        await sleep(paceMs[0] + Math.random() * (paceMs[1] - paceMs[0]));
        const card = (l * 7919 + n + into.latencies.length) % learner.cards.length;
        n += 1;
        const start = performance.now();
        const res = await fetch(`${url}/api/study/reviews`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: learner.bearer },
          body: JSON.stringify({
            cardId: learner.cards[card],
            guess: `word ${card}`,
            clientReviewId: randomUUID(),
            elapsedMs: 2500,
          }),
        });
        await res.arrayBuffer();
        into.latencies.push(performance.now() - start);
        if (res.status !== 200) into.failures += 1;
      }
    }),
  );
}

const figures = (answers: Answers) => {
  const sorted = [...answers.latencies].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), count: sorted.length };
};

interface FloodResult {
  requestsPerSecond: number;
  ok: number;
  limited: number;
  other: number;
  errors: number;
}

/** The flooder: a process of its own sending answers as fast as it can. */
async function flood(url: string, flooder: Learner & { cards: string[] }, seconds: number) {
  const child = spawn(
    process.execPath,
    [
      ...process.execArgv,
      floodScript,
      JSON.stringify({
        url,
        bearer: flooder.bearer,
        cardIds: flooder.cards,
        connections: floodConnections,
        seconds,
      }),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await once(child, 'exit');
  return JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as FloodResult;
}

async function run(kind: 'SQLite' | 'PostgreSQL', server: BenchServer) {
  const tag = randomUUID().slice(0, 6);
  const now = Date.now();
  const learners: (Learner & { cards: string[] })[] = [];
  for (let i = 0; i <= humans; i += 1) {
    const learner = await signUpLearner(server, `fair_${tag}_${i}`);
    const cards = await seedCards(server, learner.id, 2000);
    await seedDueProgress(server, learner.id, cards, now);
    learners.push({ ...learner, cards });
  }
  const [flooder, ...people] = learners;
  if (!flooder) throw new Error('no flooder');
  await server.stop();
  const { url, child } = await startServerProcess(server);
  try {
    // The first answers start the writer's thread and warm the caches: not measured.
    await study(url, people, 3, { latencies: [], failures: 0 });
    const aloneAnswers: Answers = { latencies: [], failures: 0 };
    const floodedAnswers: Answers = { latencies: [], failures: 0 };
    const floods: FloodResult[] = [];
    for (let round = 0; round < rounds; round += 1) {
      await study(url, people, phaseSeconds, aloneAnswers);
      const [, floodResult] = await Promise.all([
        study(url, people, phaseSeconds, floodedAnswers),
        flood(url, flooder, phaseSeconds),
      ]);
      floods.push(floodResult);
    }
    const alone = figures(aloneAnswers);
    const flooded = figures(floodedAnswers);
    const failures = aloneAnswers.failures + floodedAnswers.failures;
    const floodResult = {
      requestsPerSecond: floods.reduce((sum, f) => sum + f.requestsPerSecond, 0) / floods.length,
      ok: floods.reduce((sum, f) => sum + f.ok, 0),
      limited: floods.reduce((sum, f) => sum + f.limited, 0),
      other: floods.reduce((sum, f) => sum + f.other + f.errors, 0),
    };
    const ratio = flooded.p99 / alone.p99;
    console.log(
      `${kind}: ${humans} learners at a human pace, alone: p50 ${alone.p50.toFixed(1)} ms, ` +
        `p99 ${alone.p99.toFixed(1)} ms (${alone.count} answers); with one learner flooding on ` +
        `${floodConnections} connections: p50 ${flooded.p50.toFixed(1)} ms, p99 ` +
        `${flooded.p99.toFixed(1)} ms (${flooded.count} answers); the flood: ` +
        `${floodResult.requestsPerSecond.toFixed(0)} req/s, ${floodResult.ok} answered, ` +
        `${floodResult.limited} refused 429, ${floodResult.other} other; ` +
        `learners' answers not 200: ${failures}`,
    );
    report(
      `learners' answers while one floods (${kind})`,
      `p99 ${flooded.p99.toFixed(1)} ms, ${ratio.toFixed(2)}× their ${alone.p99.toFixed(1)} ms alone (${rounds} rounds of ${phaseSeconds} s each)`,
      `p99 < ${p99TargetMs} ms and ≤ ${ratioTarget}× alone`,
      flooded.p99 < p99TargetMs && ratio <= ratioTarget && failures === 0,
    );
  } finally {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
}

/**
 * Fairness (issue 14, item 5; decision 0020): 20 learners answer at a human pace (a card every
 * 0.5–1.5 s each) for 10 s alone, then 10 s while one learner sends answers as fast as a client
 * can on 16 connections, three times in turn, on SQLite and PostgreSQL. The built server runs in a process of its
 * own with its default limit of study writes per learner, the flooder in another, the learners'
 * client in this one. Target: the learners' p99 under 50 ms and within 2× of their p99 alone.
 */
export async function studyFairnessBench() {
  await onBothDatabases('fairness', run);
}

if (process.argv[1]?.endsWith('study-fairness.bench.ts')) await studyFairnessBench();
