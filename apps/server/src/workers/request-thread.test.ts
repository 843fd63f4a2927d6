import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { RequestThread, type RequestThreadOptions } from './request-thread';
import type { Done, Task } from './request-thread.test-support';

const fixture = new URL('./request-thread.test-support.ts', import.meta.url);
const serverDir = fileURLToPath(new URL('../..', import.meta.url));

/** The fixture thread, from its source: tsx reads it in the thread. */
const startFixture = () => new Worker(fixture, { execArgv: ['--import', 'tsx'] });

const threads: RequestThread<Task, Done, number>[] = [];
function fixtureThread(options: Partial<RequestThreadOptions> = {}) {
  const thread = new RequestThread<Task, Done, number>({
    name: 'The test thread',
    start: startFixture,
    ...options,
  });
  threads.push(thread);
  return thread;
}

afterEach(async () => {
  await Promise.all(threads.splice(0).map((thread) => thread.stop()));
});

describe('a request thread', () => {
  it('answers requests sent at once each with its own result, and tells each its progress', async () => {
    const thread = fixtureThread();
    const heard: number[] = [];
    const [slow, fast, steps] = await Promise.all([
      thread.request({ echo: 'slow', afterMs: 100 }),
      thread.request({ echo: 'fast' }),
      thread.request({ steps: 3 }, { onProgress: (step) => heard.push(step) }),
    ]);
    expect([slow.value, fast.value, steps.value]).toEqual(['slow', 'fast', '3 steps']);
    // One thread answered them all.
    expect(new Set([slow.threadId, fast.threadId, steps.threadId]).size).toBe(1);
    expect(heard).toEqual([1, 2, 3]);
  });

  it("rejects a request with the thread's error, and the thread goes on", async () => {
    const thread = fixtureThread();
    const before = await thread.request({ echo: 'a' });
    await expect(thread.request({ fail: 'no such card' })).rejects.toThrow(
      'The test thread failed: no such card',
    );
    expect((await thread.request({ echo: 'b' })).threadId).toBe(before.threadId);
  });

  it('stops a thread past its time, failing that request only: the next go to a new thread', async () => {
    const thread = fixtureThread({ tooLong: () => new Error('It hung') });
    const before = await thread.request({ echo: 'a' });
    const hung = thread.request({ hang: true }, { timeoutMs: 200 });
    const after = thread.request({ echo: 'b' }, { timeoutMs: 10_000 });
    await expect(hung).rejects.toThrow('It hung');
    const answered = await after;
    expect(answered.value).toBe('b');
    expect(answered.threadId).not.toBe(before.threadId);
  });

  it('fails the request of a thread that exits, and starts another for the next', async () => {
    const thread = fixtureThread();
    const before = await thread.request({ echo: 'a' });
    const exited = thread.request({ exit: 3 });
    const after = thread.request({ echo: 'b' });
    await expect(exited).rejects.toThrow('The test thread stopped (exit code 3)');
    expect((await after).threadId).not.toBe(before.threadId);
  });

  it('fails the request of a thread with an uncaught error with that error', async () => {
    const thread = fixtureThread();
    await expect(thread.request({ throwLater: 'out of cards' })).rejects.toThrow('out of cards');
    expect((await thread.request({ echo: 'b' })).value).toBe('b');
  });

  it('stop fails the requests it has; a later request starts the thread again', async () => {
    const thread = fixtureThread();
    const running = thread.request({ echo: 'a', afterMs: 10_000 });
    const waiting = thread.request({ echo: 'b' });
    const failed = [running, waiting].map((request) =>
      expect(request).rejects.toThrow('The test thread was stopped'),
    );
    await thread.stop();
    await Promise.all(failed);
    expect((await thread.request({ echo: 'c' })).value).toBe('c');
  });

  it('stops a thread idle for idleMs; the next request starts another', async () => {
    const thread = fixtureThread({ idleMs: 50 });
    const first = await thread.request({ echo: 'a' });
    const soon = await thread.request({ echo: 'b' });
    expect(soon.threadId).toBe(first.threadId);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await thread.request({ echo: 'c' })).threadId).not.toBe(first.threadId);
  });

  it('keeps the process alive while a request runs, and not once its thread is idle', async () => {
    // A process whose only work is two requests: it prints their answers, then ends on its own
    // while the thread is still there.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'request-thread-'));
    const script = path.join(dir, 'idle.mjs');
    fs.writeFileSync(
      script,
      [
        "import { Worker } from 'node:worker_threads';",
        `const { RequestThread } = await import(${JSON.stringify(new URL('./request-thread.ts', import.meta.url).href)});`,
        'const thread = new RequestThread({',
        "  name: 'The test thread',",
        `  start: () => new Worker(new URL(${JSON.stringify(fixture.href)}), { execArgv: ['--import', 'tsx'] }),`,
        '});',
        "console.log((await thread.request({ echo: 'first' })).value);",
        // Sent to a thread that was idle.
        "console.log((await thread.request({ echo: 'second', afterMs: 300 })).value);",
      ].join('\n'),
    );
    try {
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], {
        cwd: serverDir,
        timeout: 30_000,
      });
      expect(stdout.trim().split('\n')).toEqual(['first', 'second']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
