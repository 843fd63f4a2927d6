import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ankiImportLimits } from '@glossa/contract';
import { invalidInput } from '../../../errors';
import { RequestThread } from '../../../workers/request-thread';
import { startWorker } from '../../../workers/start-worker';
import type { AnkiCollection } from './anki-collection';
import { ankiReadBoundMs } from './anki-read-bound';

export interface AnkiReaderJob {
  file: Uint8Array<ArrayBuffer>;
  withReviews: boolean;
  /**
   * An empty folder for the read's files (the collection's SQLite file), made and removed by the
   * caller: a thread stopped mid-read (past its bound, out of its heap) cannot clean up after
   * itself, and would leave up to the collection's size on the disk.
   */
  dir: string;
}
/** The collection read, or why the package is refused (a thread's failure rejects instead). */
export type AnkiReaderAnswer = { collection: AnkiCollection } | { refused: string };

const entry = new URL('./anki-reader.worker.ts', import.meta.url);

/**
 * Its heap: a collection at the limits (50,000 notes, a million answers) as objects, with room. A
 * package past it ends the thread, which answers as too large; the next package starts another.
 */
const heapMb = 1536;

/**
 * The reader thread, one per process, started on first use: it reads one package at a time, so
 * that however many imports come at once, one package's memory is held (decision 0035); the others
 * wait their turn. A package that overflows its heap, or whose read passes its bound
 * (anki-read-bound.ts), fails alone: the next goes to a new thread.
 */
const reader = new RequestThread<AnkiReaderJob, AnkiReaderAnswer>({
  name: 'The Anki reader thread',
  start: () => startWorker(entry, undefined, { maxOldGenerationSizeMb: heapMb }),
  tooLong: () => invalidInput('file', 'The package took too long to read'),
});

/** A zip's first bytes: a member's local header, or the end of an empty one. */
const isZip = (file: Uint8Array) =>
  file.length >= 22 &&
  file[0] === 0x50 &&
  file[1] === 0x4b &&
  ((file[2] === 3 && file[3] === 4) || (file[2] === 5 && file[3] === 6));

/**
 * Reads a package (base64, as the call receives it) in the reader thread: a package it refuses,
 * or takes too long over, answers 400 naming `file`, and nothing has been changed.
 */
export async function readAnkiPackage(
  base64: string,
  withReviews: boolean,
): Promise<AnkiCollection> {
  const file = new Uint8Array(Buffer.from(base64, 'base64'));
  // What is plainly no zip is refused here, without a turn of the thread.
  if (!isZip(file)) {
    throw invalidInput(
      'file',
      'This is not an Anki package (.apkg or .colpkg): it is not a zip file, or a truncated one',
    );
  }
  if (file.length > ankiImportLimits.packageBytesMax) {
    throw invalidInput(
      'file',
      `A package has at most ${ankiImportLimits.packageBytesMax / 1024 / 1024} MB`,
    );
  }
  // Taken before the request: its transfer leaves `file` empty.
  const timeoutMs = ankiReadBoundMs(file.length);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'glossa-anki-'));
  let answer: AnkiReaderAnswer;
  try {
    answer = await reader.request(
      { file, withReviews, dir },
      { timeoutMs, transfer: [file.buffer] },
    );
  } catch (error) {
    // The thread ran out of its heap on this package (ERR_WORKER_OUT_OF_MEMORY).
    if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
      throw invalidInput('file', 'The package is too large to read');
    }
    // A read past its bound is rejected with its 400 already (tooLong).
    throw error;
  } finally {
    // Whatever became of the thread (a file a stopped one still holds open is freed as it ends).
    await fs.rm(dir, { recursive: true, force: true });
  }
  if ('refused' in answer) throw invalidInput('file', answer.refused);
  return answer.collection;
}
