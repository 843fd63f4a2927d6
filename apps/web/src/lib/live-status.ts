import { useSyncExternalStore } from 'react';

/**
 * The live connection's status, for the indicator in the header. The connection itself
 * (lib/live-updates.ts) loads after the entry, in a chunk of its own (decision 0031, third pass):
 * until it starts, the status is 'off'.
 */

/** What the indicator shows: connected, trying again, or the device has no network. */
export type LiveStatus = 'off' | 'connecting' | 'online' | 'reconnecting' | 'offline';

/** Where the status comes from: the tab's connection, once started. */
export interface LiveStatusSource {
  getStatus(): LiveStatus;
  subscribe(listener: () => void): () => void;
}

let source: LiveStatusSource | null = null;
let unfollow: () => void = () => undefined;
const listeners = new Set<() => void>();

const notify = () => {
  for (const listener of listeners) listener();
};

/** Makes the connection the status's source (lib/live-updates.ts, when it starts). */
export function setLiveStatusSource(next: LiveStatusSource | null): void {
  unfollow();
  source = next;
  unfollow = next ? next.subscribe(notify) : () => undefined;
  notify();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

const getStatus = (): LiveStatus => source?.getStatus() ?? 'off';

/** The connection's status for the indicator ('off' when live updates were never started). */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(subscribe, getStatus, getStatus);
}
