/** Runs `work` alone among the holders of the lock `name`, and answers what it answers. */
export type Lock = <T>(name: string, work: () => Promise<T>) => Promise<T>;

function browserLock<T>(name: string, work: () => Promise<T>): Promise<T> {
  // The lock's promise resolves to what `work` resolves to; `then` gives it that type.
  return navigator.locks.request(name, work).then((value) => value);
}

/** A lock within this tab only, for browsers without Web Locks. */
function tabLock(): Lock {
  const tails = new Map<string, Promise<unknown>>();
  return <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const run = (tails.get(name) ?? Promise.resolve()).then(work, work);
    const settled = run.catch(() => undefined);
    tails.set(name, settled);
    return run;
  };
}

/** Web Locks (across tabs) when the browser has them, otherwise a lock of this tab. */
export function exclusiveLock(): Lock {
  return typeof navigator !== 'undefined' && navigator.locks ? browserLock : tabLock();
}
