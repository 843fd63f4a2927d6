import { parentPort, workerData } from 'node:worker_threads';
import { readCollection } from './anki-collection';
import { PackageError, readPackage } from './anki-package';
import type { AnkiReaderAnswer, AnkiReaderJob } from './anki-reader';

// One package read in a thread of its own (anki-reader.ts): the zip, the zstd and the SQLite reads
// are synchronous and long, and the server's event loop must go on answering meanwhile.
const { file, withReviews } = (workerData as { data: AnkiReaderJob }).data;
const port = parentPort;

async function read(): Promise<AnkiReaderAnswer> {
  try {
    const { format, sqlite, media } = await readPackage(file);
    return { collection: readCollection(sqlite, format, media, withReviews) };
  } catch (error) {
    if (error instanceof PackageError) return { refused: error.message };
    throw error;
  }
}

void read().then(
  (answer) => port?.postMessage(answer),
  (error: unknown) => port?.postMessage({ failed: String(error) }),
);
