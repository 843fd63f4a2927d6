import { type ChildProcess } from 'node:child_process';
export declare function freePort(): Promise<number>;
export interface ServerProcess {
    /** http://127.0.0.1:<port> */
    url: string;
    child: ChildProcess;
    /** Resolves with the exit code, or the signal that ended the process. */
    exited: Promise<number | string | null>;
    /** The last lines the process wrote to stdout and stderr. */
    output(): string;
    /** Sends the signal (if still running) and waits until the process is gone. */
    stop(signal: NodeJS.Signals): Promise<number | string | null>;
}
/**
 * Starts the real server (src/main.ts) on a free port with exactly these settings and waits until
 * GET /api/health answers 200. A start that lost its port to another process is retried.
 */
export declare function startServer(env: Record<string, string>, { timeoutMs, attempts }?: {
    timeoutMs?: number | undefined;
    attempts?: number | undefined;
}): Promise<ServerProcess>;
