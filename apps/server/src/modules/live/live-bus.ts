import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/**
 * How live messages reach every instance of the app: in process on SQLite (one instance), through
 * PostgreSQL's LISTEN/NOTIFY otherwise (docs/decisions/0032-live-updates.md).
 */
export interface LiveBus {
  /** Sends one message (a JSON text under `maxNotifyBytes`) to every instance, this one too. */
  send(message: string): Promise<void>;
  onMessage(handler: (message: string) => void): void;
  close(): Promise<void>;
}

/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more; messages stay under this. */
export const maxNotifyBytes = 7900;

export const liveChannel = 'glossa_live';

/** Notifications sent in one statement at most. */
const notifyBatchMax = 100;

/** The PostgreSQL bus's listening connection, as tests see it. */
export interface ListenerControl {
  listening(): boolean;
  /** The listening connection ends as if the server had dropped it. */
  dropListener(): Promise<void>;
}

export function createLocalBus(): LiveBus {
  const handlers: ((message: string) => void)[] = [];
  return {
    send(message) {
      // Delivered after the publisher returns, as a notification would be.
      queueMicrotask(() => {
        for (const handler of handlers) handler(message);
      });
      return Promise.resolve();
    },
    onMessage(handler) {
      handlers.push(handler);
    },
    close: () => Promise.resolve(),
  };
}

const reconnectDelaysMs = [100, 250, 500, 1000, 2000, 5000];

/**
 * One listening connection per instance, opened at start and opened again (after a short,
 * growing wait) whenever it drops. Messages are sent with pg_notify in a statement of their own,
 * after the write they follow has committed, on that same connection (the pool's while it is
 * down).
 */
export async function createPostgresBus(
  url: string,
  pool: pg.Pool,
  log: FastifyBaseLogger,
): Promise<LiveBus & ListenerControl> {
  const handlers: ((message: string) => void)[] = [];
  let client: pg.Client | undefined;
  let closed = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;
  let pid: number | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (note) => {
      if (note.channel !== liveChannel || note.payload === undefined) return;
      for (const handler of handlers) handler(note.payload);
    });
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = undefined;
      void next.end().catch(() => undefined);
      if (closed) return;
      log.warn({ err: error }, 'the live updates listener lost its connection; reconnecting');
      schedule();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    await next.connect();
    await next.query(`LISTEN ${liveChannel}`);
    const { rows } = await next.query<{ pid: number }>('select pg_backend_pid() as pid');
    pid = rows[0]?.pid;
    client = next;
    attempt = 0;
  };
  const schedule = () => {
    const delay = reconnectDelaysMs[Math.min(attempt, reconnectDelaysMs.length - 1)] ?? 5000;
    attempt += 1;
    timer = setTimeout(() => {
      timer = undefined;
      if (closed) return;
      connect().catch((error: unknown) => {
        log.warn({ err: error }, 'the live updates listener could not reconnect');
        schedule();
      });
    }, delay);
  };

  // Messages waiting while a statement is out go together in the next one (one round trip for
  // a burst), in order.
  const waiting: { message: string; resolve: () => void; reject: (error: unknown) => void }[] = [];
  let sending = false;
  const sendWaiting = async () => {
    sending = true;
    while (waiting.length > 0) {
      const batch = waiting.splice(0, notifyBatchMax);
      // Through the listening connection, which waits for nothing else (the pool's connections
      // may all be busy with requests); through the pool while it reconnects.
      const via = client ?? pool;
      const calls = batch.map((_, i) => `pg_notify($1, $${i + 2})`).join(', ');
      try {
        await via.query(`select ${calls}`, [liveChannel, ...batch.map((item) => item.message)]);
        for (const item of batch) item.resolve();
      } catch (error) {
        for (const item of batch) item.reject(error);
      }
    }
    sending = false;
  };

  await connect();
  return {
    send(message) {
      return new Promise<void>((resolve, reject) => {
        waiting.push({ message, resolve, reject });
        if (!sending) void sendWaiting();
      });
    },
    onMessage(handler) {
      handlers.push(handler);
    },
    listening: () => client !== undefined,
    async dropListener() {
      if (!client || pid === undefined) return;
      await pool.query('select pg_terminate_backend($1)', [pid]);
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
