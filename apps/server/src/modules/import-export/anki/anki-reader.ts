import { startWorker } from '../../../workers/start-worker';
import { invalidInput } from '../../../errors';
import type { AnkiCollection } from './anki-collection';

export interface AnkiReaderJob {
  file: Uint8Array;
  withReviews: boolean;
}
export type AnkiReaderAnswer =
  { collection: AnkiCollection } | { refused: string } | { failed: string };

const entry = new URL('./anki-reader.worker.ts', import.meta.url);

/**
 * Reads a package (base64, as the call receives it) in a thread of its own, started for this
 * package and gone after it, with its heap bounded: a package the reader refuses answers 400
 * naming `file`, and nothing has been changed.
 */
export async function readAnkiPackage(
  base64: string,
  withReviews: boolean,
): Promise<AnkiCollection> {
  const file = new Uint8Array(Buffer.from(base64, 'base64'));
  const job: AnkiReaderJob = { file, withReviews };
  const worker = startWorker(entry, job);
  try {
    const answer = await new Promise<AnkiReaderAnswer>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`The Anki reader stopped (${code})`)));
    });
    if ('refused' in answer) throw invalidInput('file', answer.refused);
    if ('failed' in answer) throw new Error(`The Anki reader failed: ${answer.failed}`);
    return answer.collection;
  } finally {
    void worker.terminate();
  }
}
