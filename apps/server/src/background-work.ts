import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that outlives the request that started it (mail sent after the answer), and work that
 * runs on a clock (`every`), kept in one place:
 * closing the app finishes it before the mailer and the database close, and a test awaits it
 * before asserting that nothing was mailed, instead of sleeping and hoping it was long enough.
 */
export interface BackgroundWork {
  /** Starts work without awaiting it; a failure is logged at error level with `failure`. */
  run(work: () => Promise<void>, failure: string): void;
  /** Counts a promise as work in flight until it settles; answers the same promise. */
  track<T>(promise: Promise<T>): Promise<T>;
  /** Resolves when no work is in flight, including work started by work that was. */
  idle(): Promise<void>;
  /**
   * Runs `work` every `ms` (the first time `ms` from now) until stop(): never two runs of it at
   * once (a tick that finds the last run going is skipped); a failure is logged as run()'s are and
   * the next tick tries again. For what happens with time rather than with a request.
   */
  every(ms: number, work: () => Promise<void>, failure: string): void;
  /** Ends the periodic work and waits for its runs in flight (the app closing). */
  stop(): Promise<void>;
}

export function createBackgroundWork(log: Pick<FastifyBaseLogger, 'error'>): BackgroundWork {
  const inFlight = new Set<Promise<void>>();
  const track = <T>(promise: Promise<T>): Promise<T> => {
    const settled = promise.then(
      () => undefined,
      () => undefined,
    );
    inFlight.add(settled);
    void settled.then(() => inFlight.delete(settled));
    return promise;
  };
  const run = (work: () => Promise<void>, failure: string) =>
    track(work().catch((error: unknown) => log.error({ err: error }, failure)));
  const timers = new Set<NodeJS.Timeout>();
  const periodicRuns = new Set<Promise<void>>();
  return {
    run(work, failure) {
      void run(work, failure);
    },
    track,
    async idle() {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
    every(ms, work, failure) {
      let current: Promise<void> | undefined;
      const timer = setInterval(() => {
        if (current) return;
        const started = run(work, failure).finally(() => {
          current = undefined;
          periodicRuns.delete(started);
        });
        current = started;
        periodicRuns.add(started);
      }, ms);
      // A timer alone never keeps the process alive; closing the app stops it.
      timer.unref();
      timers.add(timer);
    },
    async stop() {
      for (const timer of timers) clearInterval(timer);
      timers.clear();
      await Promise.all(periodicRuns);
    },
  };
}
