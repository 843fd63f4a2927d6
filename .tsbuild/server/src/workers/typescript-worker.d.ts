import { Worker } from 'node:worker_threads';
/** The entry's bundle, built on first use in this process; null when it could not be written. */
export declare function bundleOf(entry: URL): Promise<URL | null>;
/** Starts a thread running `entry` (a .ts module's URL); it reads `data` as workerData.data. */
export declare function startTypeScriptWorker(entry: URL, data?: unknown): Promise<Worker>;
