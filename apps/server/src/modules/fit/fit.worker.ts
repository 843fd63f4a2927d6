import { parentPort } from 'node:worker_threads';
import { computeFit, type FitInput } from './fit-compute';

// Started by fit-runner.ts and kept for the next fits: one fit at a time, each answered once.
parentPort?.on('message', ({ id, input }: { id: number; input: FitInput }) => {
  try {
    const result = computeFit(input, ({ evaluations }) =>
      parentPort?.postMessage({ id, progress: { evaluations } }),
    );
    parentPort?.postMessage({ id, result });
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
