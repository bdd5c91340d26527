// The embedded ClickHouse (chdb) of EVENT_STORE=chdb, in a process of its own: chdb runs inside the process that
// loads it, and a query scanning millions of rows must never hold the console's request thread. The console
// forks this file (src/lib/analytics/store/chdb-store.ts) and talks to it over the IPC channel:
//   → { id, op: 'query' | 'command' | 'insert', sql?, params?, table?, rows? }
//   ← { id, rows? } or { id, error }
// Requests run one at a time, in the order they came. The process ends when the console does (the IPC
// channel closes, even after a kill -9), so the data directory's lock is freed for the next console.
import { Session } from 'chdb';

const path = process.env.CHDB_PATH;
if (!path) {
  process.send?.({ id: 0, error: 'CHDB_PATH is not set' });
  process.exit(1);
}

/** A console killed a moment ago may still have its worker closing the directory: retry the open briefly. */
async function open() {
  const started = Date.now();
  for (;;) {
    try {
      const session = new Session(path);
      await session.queryAsync('SELECT 1');
      return session;
    } catch (error) {
      if (Date.now() - started > 15_000) throw error;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

let session;
try {
  session = await open();
} catch (error) {
  process.send?.({ id: 0, error: `chdb could not open ${path}: ${error.message}` });
  process.exit(1);
}

async function run(message) {
  if (message.op === 'insert') {
    // JSONEachRow bytes: the engine parses them; the console never builds SQL text from event values.
    const body = message.rows.map((r) => JSON.stringify(r)).join('\n');
    await session.insert({ table: message.table, values: body, format: 'JSONEachRow' });
    return [];
  }
  const result = message.params && Object.keys(message.params).length
    ? await session.queryBindAsync(message.sql, message.params, { format: 'JSONEachRow' })
    : await session.queryAsync(message.sql, { format: 'JSONEachRow' });
  if (message.op === 'command') return [];
  const text = result.text();
  return text ? text.split('\n').filter(Boolean).map((line) => JSON.parse(line)) : [];
}

let queue = Promise.resolve();
process.on('message', (message) => {
  queue = queue.then(async () => {
    try {
      process.send({ id: message.id, rows: await run(message) });
    } catch (error) {
      process.send({ id: message.id, error: String(error?.message ?? error) });
    }
  });
});
process.on('disconnect', () => {
  queue.finally(() => {
    try {
      session.close();
    } finally {
      process.exit(0);
    }
  });
});
process.send({ id: 0, ready: true });
