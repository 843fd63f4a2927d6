import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * Worker threads whose entry is TypeScript source. The thread loads its entry through tsx's ESM
 * API, whatever started this process (tsx, Vitest): Node 20 does not apply a loader given to a
 * worker in `execArgv` to the worker's own entry. Starting one costs about a second (the module
 * graph is compiled again), so threads are kept rather than started per task.
 */
const bootstrap = `
const { workerData } = require('node:worker_threads');
import(workerData.tsxApi)
  .then(({ tsImport }) => tsImport(workerData.entry, workerData.parent))
  .catch((error) => setImmediate(() => { throw error; }));
`;

let api: string | undefined;
function tsxEsmApi(): string {
  if (api) return api;
  const require = createRequire(import.meta.url);
  const manifest = require('tsx/package.json') as {
    exports: Record<string, { import?: { default?: string } }>;
  };
  const file = manifest.exports['./esm/api']?.import?.default ?? './dist/esm/api/index.mjs';
  api = pathToFileURL(path.join(path.dirname(require.resolve('tsx/package.json')), file)).href;
  return api;
}

/** Starts a thread running `entry` (a .ts module's URL); it reads `data` as workerData.data. */
export function startTypeScriptWorker(entry: URL, data?: unknown): Worker {
  return new Worker(bootstrap, {
    eval: true,
    workerData: { tsxApi: tsxEsmApi(), entry: entry.href, parent: import.meta.url, data },
  });
}
