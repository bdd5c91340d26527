// The embedded ClickHouse (chdb) of EVENT_STORE=chdb, in a process of its own: chdb runs inside the process that
// loads it, and a query scanning millions of rows must never hold the console's request thread. The console
// forks this file (src/lib/analytics/store/chdb-store.ts) and talks to it over the IPC channel:
//   → { id, op: 'query' | 'command' | 'insert', sql?, params?, table?, rows?, journal? }
//   ← { id, rows? } or { id, error }
// Requests run one at a time, in the order they came, except that inserts into one table waiting in the queue
// are written together (see drain). The process ends when the console does (the IPC channel closes, even after
// a kill -9), so the data directory's lock is freed for the next console.
import { ftruncateSync, openSync, writeSync } from 'node:fs';
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

/** JSONEachRow bytes: the engine parses them; the console never builds SQL text from event values. */
const insertRows = (table, rows) => session.insert({ table, values: rows.map((r) => JSON.stringify(r)).join('\n'), format: 'JSONEachRow' });

/**
 * An insert the console marks `journal` (the events, whose sums a view writes apart from them) lists its app-days
 * in "<CHDB_PATH>.writing" before it writes, and empties the file once written, so that a store opened after a kill
 * mid-write sums those app-days again (src/lib/analytics/store/user-days.ts). Inserts run one at a time here, so
 * one line is all the file holds. The line is written, not synced: a killed process's writes stay in the system's
 * cache and reach the disk, and the engine does not sync its parts either (fsync_after_insert is off), so a sync
 * here would guard against nothing the events themselves survive, and it cost a fifth of the ingestion rate.
 * After a failed insert (which may have stored part of its rows) the file is no longer emptied until the next open.
 */
let journal = null;
let keepJournal = false;
async function writeRows(table, rows, journaled) {
  if (!journaled) return insertRows(table, rows);
  journal ??= openSync(`${path}.writing`, 'a');
  const days = [...new Set(rows.map((r) => JSON.stringify([r.app_id, r.day])))];
  writeSync(journal, `+ [${days.join(',')}]\n`);
  try {
    await insertRows(table, rows);
  } catch (error) {
    keepJournal = true;
    throw error;
  }
  if (!keepJournal) ftruncateSync(journal, 0);
}

async function run(message) {
  if (message.op === 'insert') {
    await writeRows(message.table, message.rows, message.journal);
    return [];
  }
  const result = message.params && Object.keys(message.params).length
    ? await session.queryBindAsync(message.sql, message.params, { format: 'JSONEachRow' })
    : await session.queryAsync(message.sql, { format: 'JSONEachRow' });
  if (message.op === 'command') return [];
  const text = result.text();
  return text ? text.split('\n').filter(Boolean).map((line) => JSON.parse(line)) : [];
}

const answer = async (message, work) => {
  try {
    process.send({ id: message.id, rows: await work() });
  } catch (error) {
    process.send({ id: message.id, error: String(error?.message ?? error) });
  }
};

/**
 * Inserts into one table that wait in the queue (several SDK batches in flight: each sends its look-up of known
 * events, then its insert) are written as one insert, and each is answered only after that insert returns, so an
 * acknowledged batch is still on disk. One insert of N batches costs about one of a batch (one part to write,
 * later fewer parts to merge and for each look-up to read). Queries keep their order; an insert moved ahead of a
 * waiting look-up makes that look-up see its rows as stored, which they are. Should the grouped insert fail, each
 * batch is tried alone so that one batch's error is never another's.
 */
const pending = [];
let draining = null;
async function drain() {
  while (pending.length) {
    const first = pending.shift();
    if (first.op !== 'insert') {
      await answer(first, () => run(first));
      continue;
    }
    const group = [first];
    for (let i = 0; i < pending.length; ) {
      if (pending[i].op === 'insert' && pending[i].table === first.table && pending[i].journal === first.journal) group.push(...pending.splice(i, 1));
      else i++;
    }
    if (group.length === 1) {
      await answer(first, () => run(first));
      continue;
    }
    try {
      await writeRows(first.table, group.flatMap((m) => m.rows), first.journal);
    } catch {
      for (const message of group) await answer(message, () => run(message));
      continue;
    }
    for (const message of group) process.send({ id: message.id, rows: [] });
  }
  draining = null;
}

process.on('message', (message) => {
  pending.push(message);
  draining ??= drain();
});
process.on('disconnect', () => {
  Promise.resolve(draining).finally(() => {
    try {
      session.close();
    } finally {
      process.exit(0);
    }
  });
});
process.send({ id: 0, ready: true });
