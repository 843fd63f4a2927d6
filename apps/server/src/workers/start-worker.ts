import { Worker, type ResourceLimits } from 'node:worker_threads';

/**
 * Where a worker thread starts from (docs/decisions/0011-compiled-server.md). The code that starts
 * a thread names its TypeScript source, `new URL('./x.worker.ts', import.meta.url)`, and this is
 * the one place that knows what runs instead:
 * - compiled (`node dist/main.js`): build.mjs bundled every `*.worker.ts` into dist/x.worker.js,
 *   beside the bundle that this code is part of, whatever folder the source is in;
 * - from sources in the tests: vitest has no loader for a thread, so its setup builds dist/ once
 *   and points the threads at it (runWorkersFrom);
 * - from sources under tsx (`npm run dev`): the source itself; the thread inherits the process's
 *   `--import tsx`, which Node 22 and later apply to a thread's entry.
 */
const compiled = !import.meta.url.endsWith('.ts');
let built: URL | undefined;

/** From sources, threads start from this build's folder (a URL ending in a slash). */
export function runWorkersFrom(folder: URL): void {
  built = folder;
}

/** The file a thread whose source is `source` starts from. */
export function workerEntry(source: URL): URL {
  const name = (source.pathname.split('/').pop() ?? '').replace(/\.ts$/, '.js');
  if (compiled) return new URL(`./${name}`, import.meta.url);
  return built ? new URL(`./${name}`, built) : source;
}

/**
 * Starts a thread running `source`'s entry; it reads `data` as workerData.data. `resourceLimits`
 * bound its heap (a thread that reads what a caller sent).
 */
export function startWorker(source: URL, data?: unknown, resourceLimits?: ResourceLimits): Worker {
  return new Worker(workerEntry(source), {
    workerData: { data },
    ...(resourceLimits ? { resourceLimits } : {}),
    // Its stack traces name the sources (dist/ has the source maps).
    execArgv: [...process.execArgv, '--enable-source-maps'],
  });
}
