import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The server and the admin command line as `npm start` runs them, built by the global setup. */
export const builtServer = path.join(serverDir, 'dist/main.js');
export const builtAdmin = path.join(serverDir, 'dist/admin.js');
/** How much of the server's output is kept for failure messages. */
const OUTPUT_KEPT = 20_000;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

function spawnServer(env: Record<string, string>, port: number) {
  // Node runs the server itself, with no parent process in between: a SIGKILL ends the server and
  // nothing else.
  const child = spawn(process.execPath, [builtServer], {
    cwd: serverDir,
    env: { PATH: process.env['PATH'] ?? '', HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_KEPT);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let done = false;
  const exited = new Promise<number | string | null>((resolve) =>
    child.on('exit', (code, signal) => {
      done = true;
      resolve(code ?? signal);
    }),
  );
  return { child, exited, output: () => output, hasExited: () => done };
}

/**
 * Starts the real server (the build of src/main.ts) on a free port with exactly these settings
 * and waits until GET /api/health answers 200. A start that lost its port to another process is
 * retried.
 */
export async function startServer(
  env: Record<string, string>,
  { timeoutMs = 60_000, attempts = 3 } = {},
): Promise<ServerProcess> {
  let lastOutput = '';
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const { child, exited, output, hasExited } = spawnServer(env, port);
    const deadline = Date.now() + timeoutMs;
    let healthy = false;
    while (!healthy && !hasExited() && Date.now() < deadline) {
      healthy = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) }).then(
        (res) => res.ok,
        () => false,
      );
      if (!healthy) await sleep(50);
    }
    if (healthy) {
      return {
        url,
        child,
        exited,
        output,
        async stop(signal) {
          if (!hasExited()) child.kill(signal);
          return exited;
        },
      };
    }
    if (!hasExited()) child.kill('SIGKILL');
    await exited;
    lastOutput = output();
    if (!lastOutput.includes('EADDRINUSE')) break;
  }
  throw new Error(`the server did not become healthy:\n${lastOutput}`);
}
