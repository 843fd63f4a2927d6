import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that outlives the request that started it (mail sent after the answer), kept in one place:
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
  return {
    run(work, failure) {
      void track(work().catch((error: unknown) => log.error({ err: error }, failure)));
    },
    track,
    async idle() {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
  };
}
