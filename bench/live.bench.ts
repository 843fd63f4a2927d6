import { pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { report } from './lib/load';
import { onBothDatabases, type BenchServer } from './lib/server';
import { percentile } from './lib/stats';
import { signUpLearner } from './lib/study';

/**
 * Live updates (issue 18, docs/decisions/0032-live-updates.md): 1,000 sockets on one instance
 * (50 learners × 20 tabs, the cap per learner), then 500 cards created, 10 at a time per
 * learner round. Figures: the delay from a write's commit (its publish, right after the commit)
 * to its event arriving at each of the learner's 20 sockets (target p99 < 100 ms), and the
 * server's memory per idle socket (its heap and external memory; target < 50 KB). On
 * PostgreSQL, once more with the writes through a second instance (LISTEN/NOTIFY between).
 */

const learners = 50;
const perLearner = 20;
const rounds = 10;
const now = () => performance.timeOrigin + performance.now();

// A full collection before each reading (without --expose-gc, which worker threads refuse).
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

function serverMemory(): number {
  gc();
  gc();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external;
}

async function measure(label: string, writer: FastifyInstance, sockets: BenchServer) {
  const bearers: string[] = [];
  const tokens: { id: string; bearer: string }[] = [];
  for (let i = 0; i < learners; i += 1) {
    const learner = await signUpLearner(
      sockets,
      `live_${i}_${Math.random().toString(36).slice(2, 10)}`,
    );
    tokens.push(learner);
    bearers.push(learner.bearer);
  }
  const before = serverMemory();
  const url = `${sockets.url.replace('http', 'ws')}/api/socket`;
  const worker = new Worker(new URL('./lib/live-clients.mjs', import.meta.url), {
    workerData: { url, bearers, perLearner },
  });
  const arrivals: [string, number][] = [];
  let onArrivals: () => void = () => undefined;
  await new Promise<void>((resolve, reject) => {
    worker.on(
      'message',
      (message: { type: string; arrivals?: [string, number][]; message?: string }) => {
        if (message.type === 'ready') resolve();
        if (message.type === 'error') reject(new Error(message.message));
        if (message.type === 'arrivals' && message.arrivals) {
          arrivals.push(...message.arrivals);
          onArrivals();
        }
      },
    );
    worker.on('error', reject);
  });
  // Each new socket's session is checked once more just after it opens: let those settle.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const open = (sockets.app.deps.live as unknown as { hub: { size: number } }).hub.size;
  const perSocket = (serverMemory() - before) / open;

  // The commit's moment: services publish right after their transaction commits.
  const published = new Map<string, number>();
  const live = writer.deps.live;
  const publish = live.publish.bind(live);
  live.publish = (event, audience) => {
    if (event.type === 'card.created') published.set(event.data.id, now());
    publish(event, audience);
  };
  for (let round = 0; round < rounds; round += 1) {
    await Promise.all(
      tokens.map(async ({ bearer }) => {
        const res = await writer.inject({
          method: 'POST',
          url: '/api/cards',
          headers: { authorization: bearer },
          payload: {
            front: `casa ${round}`,
            answers: ['house'],
            fromLanguageCode: 'es',
            toLanguageCode: 'en',
          },
        });
        if (res.statusCode !== 201) throw new Error(`card not created: ${res.statusCode}`);
      }),
    );
  }
  const expected = learners * rounds * perLearner;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`only ${arrivals.length} of ${expected} events arrived`)),
      30_000,
    );
    onArrivals = () => {
      if (arrivals.length >= expected) {
        clearTimeout(timer);
        resolve();
      }
    };
    onArrivals();
  });
  live.publish = publish;
  worker.postMessage('close');
  await new Promise((resolve) => worker.once('exit', resolve));

  const delays = arrivals
    .map(([id, at]) => at - (published.get(id) ?? Number.NaN))
    .filter((delay) => Number.isFinite(delay))
    .sort((a, b) => a - b);
  const p50 = percentile(delays, 50);
  const p99 = percentile(delays, 99);
  report(
    `${label}: commit → event at ${open} sockets (${delays.length} deliveries)`,
    `p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`,
    'p99 < 100 ms',
    p99 < 100,
  );
  report(
    `${label}: server memory per idle socket`,
    `${(perSocket / 1024).toFixed(1)} KB (heap and external memory)`,
    '< 50 KB',
    perSocket < 50 * 1024,
  );
}

export async function liveBench() {
  await onBothDatabases('live', async (kind, server) => {
    await measure(`${kind}, one instance`, server.app, server);
    if (kind !== 'PostgreSQL') return;
    // A second instance on the same database: the writes go through it, the sockets stay on
    // the first, so every event crosses LISTEN/NOTIFY.
    const second = await buildApp(loadConfig(server.env));
    try {
      await measure(`${kind}, written on a second instance`, second, server);
    } finally {
      await second.close();
    }
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await liveBench();
}
