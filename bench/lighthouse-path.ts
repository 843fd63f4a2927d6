// `npx tsx lighthouse-path.ts <report>`: the simulated timeline behind a page's first and largest
// contentful paint, from a run written with `LIGHTHOUSE_REPORTS=<dir> LIGHTHOUSE_TRACES=1`
// (lighthouse.bench.ts; <report> is its path without `.json`, e.g. /tmp/lh/app-study). Lighthouse
// does not measure a page at the phone's speed: it loads it at the host's and simulates the phone
// (Lantern) from the trace and the requests. Its report gives the observed times only; this prints
// the simulated start and end of each request and main-thread task the metric waited for, which
// is what tells a request that costs the paint from one that does not (decision 0031, twelfth
// pass). `LIGHTHOUSE_PATH_MIN=<ms>` hides shorter nodes (20 by default).
import fs from 'node:fs';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';

interface SimulatedNode {
  type: string;
  request?: { url: string; transferSize?: number };
  event?: { dur?: number };
}
interface Estimate {
  timing: number;
  nodeTimings: Map<SimulatedNode, { startTime: number; endTime: number }>;
}
interface Metric {
  request(
    data: unknown,
    context: unknown,
  ): Promise<{ timing: number; pessimisticEstimate: Estimate }>;
}

const base = process.argv[2];
if (!base) throw new Error('usage: npx tsx lighthouse-path.ts <report path without .json>');
const minimum = Number(process.env['LIGHTHOUSE_PATH_MIN'] ?? 20);
const read = (suffix: string) =>
  JSON.parse(fs.readFileSync(`${base}${suffix}`, 'utf8')) as Record<string, unknown>;
const artifacts = read('.artifacts.json');
const data = {
  trace: read('.trace.json'),
  devtoolsLog: artifacts['DevtoolsLog'],
  gatherContext: artifacts['GatherContext'],
  settings: artifacts['settings'],
  URL: artifacts['URL'],
  SourceMaps: artifacts['SourceMaps'] ?? [],
  HostDPR: artifacts['HostDPR'] ?? 1.75,
};
const context = { computedCache: new Map() };
const metrics: [string, Metric][] = [
  ['first contentful paint', LanternFirstContentfulPaint as unknown as Metric],
  ['largest contentful paint', LanternLargestContentfulPaint as unknown as Metric],
];
for (const [label, metric] of metrics) {
  const result = await metric.request(data, context);
  console.log(`${label}: ${Math.round(result.timing)} ms simulated; what it waited for:`);
  const rows = [...result.pessimisticEstimate.nodeTimings].map(([node, time]) => {
    const what =
      node.type === 'network'
        ? `${node.request?.url.replace(/^https?:\/\/[^/]+/, '')} (${node.request?.transferSize ?? 0} B)`
        : `main thread (${Math.round((node.event?.dur ?? 0) / 1000)} ms observed)`;
    return { start: time.startTime, end: time.endTime, what };
  });
  for (const row of rows.sort((a, b) => a.start - b.start)) {
    if (row.end - row.start < minimum) continue;
    const cells = [row.start, row.end, row.end - row.start].map((n) =>
      String(Math.round(n)).padStart(5),
    );
    console.log(`  ${cells.join(' ')}  ${row.what}`);
  }
}
