import { parentPort } from 'node:worker_threads';
import type { ThreadAnswer, ThreadRequest } from './request-thread';

/**
 * The thread's side of a RequestThread (request-thread.ts): answers each request with what
 * `answer` gives, or with the message of what it throws; `progress` sends word of a request that
 * is still running. The other side sends one request at a time.
 */
export function serveRequests<Payload, Result, Progress = never>(
  answer: (payload: Payload, progress: (progress: Progress) => void) => Result | Promise<Result>,
): void {
  const port = parentPort;
  if (!port) throw new Error('serveRequests answers the requests of a worker thread');
  const send = (message: ThreadAnswer<Result, Progress>) => port.postMessage(message);
  port.on('message', async ({ id, payload }: ThreadRequest<Payload>) => {
    try {
      send({ id, result: await answer(payload, (progress) => send({ id, progress })) });
    } catch (error) {
      send({ id, error: error instanceof Error ? error.message : String(error) });
    }
  });
}
