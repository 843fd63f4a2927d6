import { parentPort } from 'node:worker_threads';
import { detectAll, supportedLanguages, toISO2 } from 'tinyld/heavy';

// Started by detector-thread.ts and kept: tinyld's heavy model (about a second of CPU and 75 MB to
// load) is read here, off the event loop, once; then each text's scores are answered in turn.
const known = supportedLanguages.map((language) => toISO2(language));

parentPort?.on('message', ({ id, text }: { id: number; text: string }) => {
  try {
    const scores = detectAll(text).map((result) => [result.lang, result.accuracy] as const);
    parentPort?.postMessage({ id, known, scores });
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
