import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { open as openFile } from 'node:fs/promises';
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

  const writes = await writeJournal(`${path}.writing`);
  return {
    kind: 'chdb',
    database,
    unfinishedWrites: writes.unfinished,
    query: async <T>(sql: string, params?: Record<string, unknown>) => (await call({ op: 'query', sql, params })) as T[],
    command: async (sql) => void (await call({ op: 'command', sql })),
    async insert(table, rows) {
      if (!rows.length) return;
      if (table !== EVENTS_TABLE) return void (await call({ op: 'insert', table: `${database}.${table}`, rows }));
      const entry = await writes.begin(rows);
      let written = false;
      try {
        await call({ op: 'insert', table: `${database}.${table}`, rows });
        written = true;
      } finally {
        await writes.end(entry, written);
      }
    },
    async close() {
      await writes.close();
      if (exited) return;
      const done = new Promise((r) => child.once('exit', r));
      child.disconnect();
      await done;
    },
  };
}

/**
 * The app-days of the event writes under way, in a file beside the store ("<path>.writing"), synced before each
 * write and cleared once none is under way: the figures summed from events as they arrive (./user-days.ts) are
 * written by the engine apart from the events, so a console killed mid-write may leave one without the other.
 * The app-days still listed when a store opens are summed again from the events. A line a write:
 * "+<n> <JSON [app, day] pairs>" before it, "-<n>" after it.
 */
async function writeJournal(file: string) {
  const listed = new Map<string, AppDay[]>();
  if (existsSync(file)) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const space = line.indexOf(' ');
      try {
        if (line.startsWith('+') && space > 0) listed.set(line.slice(1, space), (JSON.parse(line.slice(space + 1)) as [string, string][]).map(([app, day]) => ({ app, day })));
        else if (line.startsWith('-')) listed.delete(line.slice(1));
      } catch {
        // A line cut short by the kill: its write had not begun (the line is synced before the write starts).
      }
    }
  }
  const unfinished = [...new Map([...listed.values()].flat().map((d) => [`${d.app}\u0000${d.day}`, d])).values()];
  const handle = await openFile(file, 'a');
  let next = 0;
  let underWay = 0;
  // One change of the file at a time, so that clearing it never drops a line written meanwhile.
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const done = chain.then(work);
    chain = done.catch(() => undefined);
    return done;
  };
  return {
    unfinished: {
      days: async () => unfinished,
      clear: () => serial(async () => {
        unfinished.length = 0;
        if (underWay === 0) await handle.truncate(0);
      }),
    },
    begin: (rows: readonly Record<string, unknown>[]) => serial(async () => {
      const pairs = [...new Set(rows.map((r) => JSON.stringify([r.app_id, r.day])))].map((p) => JSON.parse(p) as [string, string]);
      const n = ++next;
      underWay++;
      await handle.appendFile(`+${n} ${JSON.stringify(pairs)}\n`);
      await handle.datasync();
      return { n, pairs };
    }),
    /** A write that failed may have stored part of its events: its line stays, to be summed again at the next open. */
    end: ({ n, pairs }: { n: number; pairs: [string, string][] }, written: boolean) => serial(async () => {
      underWay--;
      if (!written) for (const [app, day] of pairs) unfinished.push({ app, day });
      if (underWay === 0 && unfinished.length === 0) await handle.truncate(0);
      else if (written) await handle.appendFile(`-${n}\n`);
    }),
    close: () => serial(() => handle.close()),
  };
}
