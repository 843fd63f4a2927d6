import fs from 'node:fs';
import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Answers with a 2xx status. */
  ok: number;
  /** CPU time of the whole process (every thread, autocannon's included) per request, in µs. */
  cpuMicrosPerRequest: number;
  /**
   * Share of the machine's CPU time the hypervisor gave to others during the run (steal, from
   * /proc/stat); null where it cannot be read. A high one makes throughput figures unsteady.
   */
  steal: number | null;
}

/** The machine's CPU time so far: steal and all (jiffies), or null off Linux. */
function cpuTimes(): { steal: number; all: number } | null {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    // cpu user nice system idle iowait irq softirq steal …
    const fields = line.trim().split(/\s+/).slice(1, 9).map(Number);
    if (fields.length < 8 || fields.some((n) => !Number.isFinite(n))) return null;
    return { steal: fields[7] ?? 0, all: fields.reduce((sum, n) => sum + n, 0) };
  } catch {
    return null;
  }
}

/** Runs autocannon against one request and answers throughput, latency and CPU cost. */
export async function load(options: autocannon.Options & { url: string }): Promise<LoadResult> {
  const cpuBefore = process.cpuUsage();
  const machineBefore = cpuTimes();
  const result = await autocannon({ connections: 50, duration: 5, ...options });
  const cpu = process.cpuUsage(cpuBefore);
  const machineAfter = cpuTimes();
  const all = machineBefore && machineAfter ? machineAfter.all - machineBefore.all : 0;
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    ok: result['2xx'],
    cpuMicrosPerRequest: (cpu.user + cpu.system) / Math.max(1, result.requests.total),
    steal:
      machineBefore && machineAfter && all > 0
        ? (machineAfter.steal - machineBefore.steal) / all
        : null,
  };
}

export function report(name: string, figure: string, target: string, met: boolean) {
  console.log(`${met ? 'MET ' : 'MISS'}  ${name}: ${figure}  (target: ${target})`);
}
