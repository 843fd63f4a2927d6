import { setTimeout as sleep } from 'node:timers/promises';
import { threadId } from 'node:worker_threads';
import { serveRequests } from './serve-requests';

// A thread for request-thread.test.ts, started from its source under tsx: each task says what the
// thread does with it.
export type Task =
  | { echo: string; afterMs?: number }
  | { fail: string }
  | { steps: number }
  | { exit: number }
  | { throwLater: string }
  | { hang: true };

/** What a task answers, and which thread answered it. */
export interface Done {
  value: string;
  threadId: number;
}

serveRequests<Task, Done, number>(async (task, progress) => {
  if ('echo' in task) {
    await sleep(task.afterMs ?? 0);
    return { value: task.echo, threadId };
  }
  if ('fail' in task) throw new Error(task.fail);
  if ('steps' in task) {
    for (let step = 1; step <= task.steps; step++) progress(step);
    return { value: `${task.steps} steps`, threadId };
  }
  if ('exit' in task) process.exit(task.exit);
  if ('throwLater' in task) {
    const message = task.throwLater;
    setTimeout(() => {
      throw new Error(message);
    });
    return new Promise<never>(() => {});
  }
  for (;;);
});
