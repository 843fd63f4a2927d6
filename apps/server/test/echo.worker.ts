import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { scoreGuess } from '@glossa/srs';

// A thread for typescript-worker.test.ts: it answers what a bundled thread must still be able to
// do (its data, a workspace package, a file read beside its source).
parentPort?.postMessage({
  data: (workerData as { data: unknown }).data,
  score: scoreGuess('casa', ['casa']).score,
  ownSource: fs
    .readFileSync(new URL(import.meta.url), 'utf8')
    .includes('typescript-worker.test.ts'),
});
