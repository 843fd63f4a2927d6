// The SQLite threads (started by sqlite-dialect.ts), plain JavaScript so that they need no
// TypeScript loader and start in milliseconds:
// - the writer: its own connection runs every transaction and every write, statements in the
//   order sent, so the durable COMMIT (synchronous=FULL: the write-ahead log is synced) and the
//   index pages it writes never stop the event loop that serves requests;
// - the checkpointer: copies the write-ahead log back into the database file every
//   CHECKPOINT_EVERY_MS (PASSIVE: it never blocks the writer or a reader), so no commit pays
//   for a checkpoint of its own.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

/** Prepared statements kept, most recently used last. */
const CACHE_SIZE = 500;
const CHECKPOINT_EVERY_MS = 100;

const db = new SQLite(workerData.file);
for (const pragma of workerData.pragmas) db.pragma(pragma);

function close() {
  db.close();
  parentPort.close();
}

const cache = new Map();
function prepare(sql) {
  const cached = cache.get(sql);
  if (cached) {
    cache.delete(sql);
    cache.set(sql, cached);
    return cached;
  }
  const statement = db.prepare(sql);
  cache.set(sql, statement);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value);
  return statement;
}

function execute(sql, parameters) {
  const statement = prepare(sql);
  if (statement.reader) return { rows: statement.all(parameters) };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { rows: [], changes, lastInsertRowid };
}

const describe = (error) => ({
  name: error?.name ?? 'Error',
  message: error?.message ?? String(error),
  code: error?.code,
});

function serveStatements(message) {
  if (message.close) {
    close();
    return;
  }
  const { id } = message;
  try {
    if (message.statements) {
      // Several statements of one transaction, in order; the first failure ends the list.
      const results = message.statements.map(({ sql, parameters }) => execute(sql, parameters));
      parentPort.postMessage({ id, results });
    } else {
      parentPort.postMessage({ id, ...execute(message.sql, message.parameters) });
    }
  } catch (error) {
    parentPort.postMessage({ id, error: describe(error) });
  }
}

function checkpoint() {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or closing: the next turn tries again (the writer's own fallback bounds the log).
  }
}

if (workerData.role === 'checkpointer') {
  const timer = setInterval(checkpoint, CHECKPOINT_EVERY_MS);
  parentPort.on('message', (message) => {
    if (!message.close) return;
    clearInterval(timer);
    close();
  });
} else {
  parentPort.on('message', serveStatements);
}
parentPort.postMessage({ ready: true });
