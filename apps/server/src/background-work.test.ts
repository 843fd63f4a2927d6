import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBackgroundWork } from './background-work';

/** A promise settled by the test, to hold work in flight for as long as it needs. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('background work', () => {
  it('is idle at once when nothing runs', async () => {
    const work = createBackgroundWork({ error: () => {} });
    await expect(work.idle()).resolves.toBeUndefined();
  });

  it('becomes idle only after the work, and the work it started, has finished', async () => {
    const work = createBackgroundWork({ error: () => {} });
    const first = gate();
    const second = gate();
    const done: string[] = [];
    work.run(async () => {
      await first.opened;
      done.push('first');
      work.run(async () => {
        await second.opened;
        done.push('second');
      }, 'second failed');
    }, 'first failed');
    let idle = false;
    const idled = work.idle().then(() => (idle = true));
    first.open();
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toEqual(['first']);
    expect(idle).toBe(false);
    second.open();
    await idled;
    expect(done).toEqual(['first', 'second']);
  });

  it('logs a failed run at error level and still becomes idle', async () => {
    const logged: unknown[][] = [];
    const work = createBackgroundWork({ error: (...args: unknown[]) => void logged.push(args) });
    const failure = new Error('smtp down');
    work.run(() => Promise.reject(failure), 'could not mail');
    await work.idle();
    expect(logged).toEqual([[{ err: failure }, 'could not mail']]);
  });

  it('counts a tracked promise until it settles and answers it unchanged', async () => {
    const work = createBackgroundWork({ error: () => {} });
    const held = gate();
    const tracked = work.track(held.opened.then(() => Promise.reject(new Error('refused'))));
    let idle = false;
    const idled = work.idle().then(() => (idle = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(idle).toBe(false);
    held.open();
    await expect(tracked).rejects.toThrow('refused');
    await idled;
    expect(idle).toBe(true);
  });

  describe('on a clock', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('runs each period, never twice at once, and goes on after a failure', async () => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      const logged: unknown[][] = [];
      const work = createBackgroundWork({ error: (...args: unknown[]) => void logged.push(args) });
      const held = gate();
      const failure = new Error('database away');
      const runs: string[] = [];
      work.every(
        1000,
        async () => {
          runs.push(`run ${runs.length + 1}`);
          if (runs.length === 1) await held.opened;
          if (runs.length === 2) throw failure;
        },
        'could not tidy',
      );
      await vi.advanceTimersByTimeAsync(999);
      expect(runs).toEqual([]);
      // The first run is held over three more periods: they pass without a second run.
      await vi.advanceTimersByTimeAsync(4000);
      expect(runs).toEqual(['run 1']);
      held.open();
      await work.idle();
      await vi.advanceTimersByTimeAsync(1000);
      await work.idle();
      expect(logged).toEqual([[{ err: failure }, 'could not tidy']]);
      await vi.advanceTimersByTimeAsync(1000);
      expect(runs).toEqual(['run 1', 'run 2', 'run 3']);
      await work.stop();
    });

    it('stops: waits for the run in flight, then never runs again', async () => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      const work = createBackgroundWork({ error: () => {} });
      const held = gate();
      let runs = 0;
      let finished = 0;
      work.every(
        1000,
        async () => {
          runs += 1;
          await held.opened;
          finished += 1;
        },
        'could not tidy',
      );
      await vi.advanceTimersByTimeAsync(1000);
      let stopped = false;
      const stopping = work.stop().then(() => (stopped = true));
      await new Promise((resolve) => setImmediate(resolve));
      expect(stopped).toBe(false);
      held.open();
      await stopping;
      expect(finished).toBe(1);
      await vi.advanceTimersByTimeAsync(5000);
      expect(runs).toBe(1);
    });
  });
});
