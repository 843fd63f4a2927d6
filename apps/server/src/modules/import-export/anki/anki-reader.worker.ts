import { serveRequests } from '../../../workers/serve-requests';
import { readCollection } from './anki-collection';
import { PackageError, readPackage } from './anki-package';
import type { AnkiReaderAnswer, AnkiReaderJob } from './anki-reader';

// The Anki reader thread (anki-reader.ts): the zip, the zstd and the SQLite reads are synchronous
// and long, and the server's event loop must go on answering meanwhile. One package at a time.
serveRequests<AnkiReaderJob, AnkiReaderAnswer>(async ({ file, withReviews, dir }) => {
  try {
    const { format, sqlite, media } = await readPackage(file);
    return { collection: readCollection(sqlite, format, media, withReviews, dir) };
  } catch (error) {
    if (error instanceof PackageError) return { refused: error.message };
    throw error;
  }
});
