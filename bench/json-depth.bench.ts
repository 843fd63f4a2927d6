import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { report } from './lib/load';
import { startBenchServer } from './lib/server';
import { percentile } from './lib/stats';

const deepArray = (levels: number) => `{"login":${'['.repeat(levels)}${']'.repeat(levels)}}`;
const deepObject = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

/**
 * A JSON body nested far deeper than any request (issue 14, item 1): how long the app takes to
 * refuse it with 400, through the whole request pipeline (app.inject: no socket, so the figure is
 * the server's own work). Target: the few-KB bodies of 4,000 levels refused in under 1 ms (p50;
 * the p99 is printed, and moves with whatever else the machine runs).
 */
export async function jsonDepthBench() {
  const server = await startBenchServer();
  try {
    for (const [name, payload] of [
      ['arrays 4,000 deep (8 KB)', deepArray(4_000)],
      ['objects 4,000 deep (24 KB)', deepObject(4_000)],
      ['arrays 100,000 deep (200 KB)', deepArray(100_000)],
      ['objects 100,000 deep (600 KB)', deepObject(100_000)],
    ] as const) {
      const times: number[] = [];
      for (let i = 0; i < 300; i += 1) {
        const start = performance.now();
        const res = await server.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'content-type': 'application/json' },
          payload,
        });
        const ms = performance.now() - start;
        if (res.statusCode !== 400) throw new Error(`${name}: answered ${res.statusCode}`);
        if (i >= 50) times.push(ms);
      }
      times.sort((a, b) => a - b);
      const p50 = percentile(times, 50);
      const p99 = percentile(times, 99);
      const small = name.includes('4,000');
      report(
        `refusing a JSON body of ${name}`,
        `p50 ${p50.toFixed(3)} ms, p99 ${p99.toFixed(3)} ms`,
        small ? 'p50 < 1 ms' : 'p50 < 5 ms (reading the body itself)',
        small ? p50 < 1 : p50 < 5,
      );
    }
  } finally {
    await server.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await jsonDepthBench();
}
