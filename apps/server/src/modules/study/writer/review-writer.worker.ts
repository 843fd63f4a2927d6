import { parentPort, workerData } from 'node:worker_threads';
import { openDatabaseInThread } from '../../../db/database';
import { GroupCommit } from '../../../db/group-commit';
import {
  describeError,
  type ReviewWriterData,
  type StudyWrite,
  type WriterAnswer,
} from './review-writer-messages';
import { writeBatchFor } from './write-batch';

// The review writer thread (review-writer.ts): study writes in, results out, each sent back only
// once the group commit that holds it has returned.
const { database, lanes, maxBatch } = (workerData as { data: ReviewWriterData }).data;
// One connection per lane, and one to spare.
const handle = openDatabaseInThread(database, lanes + 1);
const group = new GroupCommit(handle.db, { lanes, maxBatch });
const writeBatch = writeBatchFor(handle.kind);
const port = parentPort;

function answer(message: WriterAnswer) {
  port?.postMessage({ ...message, stats: group.stats() });
}

port?.on('message', (message: { id: number; job: StudyWrite } | { close: true }) => {
  if ('close' in message) {
    void group
      .close()
      .then(() => handle.close())
      .finally(() => port.close());
    return;
  }
  const { id, job } = message;
  group.submit(job.userId, writeBatch, job).then(
    (result) => answer({ id, result }),
    (error: unknown) => answer({ id, error: describeError(error) }),
  );
});
port?.postMessage({ ready: true });
