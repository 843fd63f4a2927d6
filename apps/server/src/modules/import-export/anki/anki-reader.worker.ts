import { parentPort } from 'node:worker_threads';
import { readCollection } from './anki-collection';
import { PackageError, readPackage } from './anki-package';
import type { AnkiReaderAnswer, AnkiReaderJob } from './anki-reader';

// The Anki reader thread (anki-reader.ts): the zip, the zstd and the SQLite reads are synchronous
// and long, and the server's event loop must go on answering meanwhile. One package at a time.
const port = parentPort;

async function read({ file, withReviews }: AnkiReaderJob): Promise<AnkiReaderAnswer> {
  try {
    const { format, sqlite, media } = await readPackage(file);
    return { collection: readCollection(sqlite, format, media, withReviews) };
  } catch (error) {
    if (error instanceof PackageError) return { refused: error.message };
    return { failed: String(error) };
  }
}

port?.on('message', (message: { id: number; job: AnkiReaderJob }) => {
  void read(message.job).then((answer) => port.postMessage({ id: message.id, answer }));
});
