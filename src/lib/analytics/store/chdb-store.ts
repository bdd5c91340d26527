import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { truncate } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppDay, ColumnStore } from './types';
import { EVENTS_TABLE } from './schema.ts';

/**
 * EVENT_STORE=chdb: ClickHouse embedded, in a child process (scripts/lib/chdb-worker.mjs) spoken to over IPC.
 * chdb runs queries in the process that loads it; in the console's own process a 10 M-row scan would hold
 * the request thread (and a crash of the native engine would take the console with it).
 */

/** The worker script, found from this module whether it runs from src/ (tests) or from the build (dist/server/…). */
function workerPath(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    const candidate = join(dir, 'scripts', 'lib', 'chdb-worker.mjs');
    if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  return resolve('scripts/lib/chdb-worker.mjs');
}

interface Reply {
  id: number;
  rows?: Record<string, unknown>[];
  error?: string;
  ready?: boolean;
}

/** `onExit`: the worker ended (a crash, or close()); the caller opens a new one for the next request. */
export async function openChdb(path: string, database = 'gsm', onExit?: () => void): Promise<ColumnStore> {
  mkdirSync(path, { recursive: true });
  const child: ChildProcess = fork(workerPath(), [], { env: { ...process.env, CHDB_PATH: path }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'advanced' });
  const waiting = new Map<number, { resolve: (rows: Record<string, unknown>[]) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let exited: Error | null = null;
  await new Promise<void>((resolveReady, rejectReady) => {
    const onFirst = (reply: Reply) => {
      child.off('message', onFirst);
      if (reply.ready) resolveReady();
      else rejectReady(new Error(reply.error ?? 'the chdb worker did not start'));
    };
    child.on('message', onFirst);
    child.once('exit', (code) => rejectReady(new Error(`the chdb worker ended (code ${code}) before it was ready`)));
  });
  child.on('message', (reply: Reply) => {
    const pending = waiting.get(reply.id);
    if (!pending) return;
    waiting.delete(reply.id);
    settle();
    if (reply.error !== undefined) pending.reject(new Error(`chdb: ${reply.error}`));
    else pending.resolve(reply.rows ?? []);
  });
  child.once('exit', (code, signal) => {
    exited = new Error(`the chdb worker ended (${signal ?? `code ${code}`})`);
    for (const pending of waiting.values()) pending.reject(exited);
    waiting.clear();
    onExit?.();
  });
  // An idle worker does not keep the console's process alive (a script ends when its work is done); a call
  // waiting for its answer does. The worker never outlives the console: it ends when the channel closes.
  const channel = (child as unknown as { channel?: { ref(): void; unref(): void } }).channel;
  child.unref();
  channel?.unref();
  const settle = () => {
    if (waiting.size === 0) channel?.unref();
  };

  const call = (message: Record<string, unknown>) =>
    new Promise<Record<string, unknown>[]>((resolveCall, rejectCall) => {
      if (exited) return rejectCall(exited);
      const id = nextId++;
      waiting.set(id, { resolve: resolveCall, reject: rejectCall });
      channel?.ref();
      child.send({ id, ...message });
    });

  return {
    kind: 'chdb',
    database,
    unfinishedWrites: unfinishedWrites(`${path}.writing`),
    query: async <T>(sql: string, params?: Record<string, unknown>) => (await call({ op: 'query', sql, params })) as T[],
    command: async (sql) => void (await call({ op: 'command', sql })),
    insert: async (table, rows) => void (rows.length ? await call({ op: 'insert', table: `${database}.${table}`, rows, journal: table === EVENTS_TABLE }) : undefined),
    async close() {
      if (exited) return;
      const done = new Promise((r) => child.once('exit', r));
      child.disconnect();
      await done;
    },
  };
}

/**
 * The app-days of event writes that were under way when the store was last closed or its console killed. The
 * worker lists a write's app-days in "<path>.writing" before it writes the events, and empties the file
 * once they are written (scripts/lib/chdb-worker.mjs): the figures summed from the events as they arrive
 * (./user-days.ts) are written by the engine apart from them, so a write cut short may leave one without the
 * other. Read when the store opens, before any write; a line cut short by the kill is one whose write never began.
 */
function unfinishedWrites(file: string): NonNullable<ColumnStore['unfinishedWrites']> {
  const days = new Map<string, AppDay>();
  if (existsSync(file)) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!line.startsWith('+ ')) continue;
      try {
        for (const [app, day] of JSON.parse(line.slice(2)) as [string, string][]) if (/^\d{4}-\d{2}-\d{2}$/.test(day)) days.set(`${app}\u0000${day}`, { app, day });
      } catch {
        // cut short: its write had not begun
      }
    }
  }
  return {
    days: async () => [...days.values()],
    async clear() {
      days.clear();
      if (existsSync(file)) await truncate(file, 0);
    },
  };
}
