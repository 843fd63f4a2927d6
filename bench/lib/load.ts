import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Answers with a 2xx status. */
  ok: number;
}

/** Runs autocannon against one request and answers throughput and latency. */
export async function load(options: autocannon.Options & { url: string }): Promise<LoadResult> {
  const result = await autocannon({ connections: 50, duration: 5, ...options });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    ok: result['2xx'],
  };
}

export function report(name: string, figure: string, target: string, met: boolean) {
  console.log(`${met ? 'MET ' : 'MISS'}  ${name}: ${figure}  (target: ${target})`);
}
