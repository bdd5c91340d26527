import { cpSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { join } from 'node:path';
import { takeDirectoryLock } from './dir-lock';
import { oldestFirst } from './oldest-first';
import { pgliteStatements, postgresStatements } from './prepared';
import { makeSql, type Db, type ListenHandlers } from './sql';

/**
 * The embedded database's write-ahead log kept small: PostgreSQL's default max_wal_size (1 GB) let the demo
 * seeding leave ~450 MB of recycled log segments in the data folder for good (a checkpoint keeps recycled
 * segments up to what the last checkpoint distance suggests). With these limits checkpoints come sooner and
 * the folder keeps at most about max_wal_size of log (docs/performance.md, "A newcomer's first start").
 */
const WAL_LIMITS = ['-c', 'max_wal_size=128MB', '-c', 'min_wal_size=64MB'];

/**
 * Opens the embedded PGlite database in dataDir, refusing when another live process holds it. A new folder
 * starts from a dump (loadDump) or as a copy of a migrated empty data folder (copyOf, the build's), else initdb.
 */
export async function openPglite(dataDir: string, options: { loadDump?: Blob; copyOf?: string } = {}): Promise<Db> {
  mkdirSync(dataDir, { recursive: true });
  const releaseLock = await takeDirectoryLock(dataDir);
  const { PGlite } = await import('@electric-sql/pglite');
  let pg;
  try {
    if (options.copyOf) copyDataFolder(options.copyOf, join(dataDir, 'pg'));
    pg = await PGlite.create(join(dataDir, 'pg'), { startParams: [...PGlite.defaultStartParams, ...WAL_LIMITS], ...(options.loadDump ? { loadDataDir: options.loadDump } : {}) });
  } catch (error) {
    releaseLock();
    throw error;
  }
  const client = pg;
  return {
    ...(await pgliteQueries(client)),
    async close() {
      if (!client.closed) await client.close();
      releaseLock();
    },
    dump: () => client.dumpDataDir('gzip'),
    listen: (channel, handlers) => listenPglite(client, channel, handlers),
  };
}

/**
 * A copy of a cleanly stopped data folder, under a temporary name and renamed when whole: a copy cut short
 * (the process killed) is never taken for a database, and the next start copies again.
 */
function copyDataFolder(from: string, to: string): void {
  if (existsSync(to)) return;
  const part = `${to}.part`;
  rmSync(part, { recursive: true, force: true });
  cpSync(from, part, { recursive: true });
  renameSync(part, to);
}

/** An in-memory PGlite, optionally started from a dump of a migrated database (fast test start). */
export async function openMemoryPglite(loadDump?: Blob): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite');
  const client = await PGlite.create(loadDump ? { loadDataDir: loadDump } : {});
  return {
    ...(await pgliteQueries(client)),
    close: () => client.close(),
    listen: (channel, handlers) => listenPglite(client, channel, handlers),
  };
}

/** The queries and transactions of a PGlite (on disk or in memory), through its prepared statements. */
async function pgliteQueries(client: PGlite): Promise<Pick<Db, 'kind' | 'query' | 'one' | 'exec' | 'copyFrom' | 'transaction'>> {
  const statements = await pgliteStatements(client);
  const turn = oldestFirst();
  return {
    kind: 'pglite',
    ...makeSql((text, params) => turn(() => statements.query(text, params)), (text) => turn(() => client.exec(text))),
    copyFrom: (statement, data) => turn(async () => void (await client.query(statement, [], { blob: new Blob([data]) }))),
    // Inside PGlite's transaction (its lock held, the turn taken once for the whole), the same prepared
    // statements; `tx` only for its exec and COPY.
    transaction: (fn) =>
      turn(() =>
        client.transaction((tx) =>
          fn({
            ...makeSql((text, params) => statements.query(text, params, true), (text) => tx.exec(text)),
            copyFrom: async (statement, data) => void (await tx.query(statement, [], { blob: new Blob([data]) })),
          }),
        ),
      ),
  };
}

/** PGlite runs in this process: its notifications arrive with the committing query and are never lost. */
async function listenPglite(client: { listen(channel: string, cb: (payload: string) => void): Promise<unknown> }, channel: string, handlers: ListenHandlers): Promise<void> {
  await client.listen(channel, (payload) => handlers.message(payload));
  handlers.up();
}

/** Opens a real PostgreSQL through a node-postgres pool (poolSize connections at most, default 10). */
export async function openPostgres(url: string, options: { poolSize?: number; listen?: boolean; prepared?: boolean } = {}): Promise<Db> {
  const { default: pgModule } = await import('pg');
  // No connectionTimeoutMillis on the pool: it also limits the wait for a free pooled connection, so a busy
  // moment (more requests than connections) would be answered as "database unavailable".
  const pool = new pgModule.Pool({ connectionString: url, max: options.poolSize ?? 10 });
  // A pooled client that errors while idle must not crash the process.
  pool.on('error', (error) => console.error('[db] idle client error:', error.message));
  await pool.query('select 1');
  const listeners: Array<() => void> = [];
  const statement = postgresStatements(options.prepared ?? true);
  return {
    kind: 'postgres',
    ...makeSql((text, params) => statement.run(pool, text, params, false), (text) => pool.query(text)),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(makeSql((text, params) => statement.run(client, text, params, true), (text) => client.query(text)));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      for (const stop of listeners) stop();
      await pool.end();
    },
    async listen(channel, handlers) {
      // Listening turned off: the caller hears "down" once and keeps whatever relies on notifications off.
      if (options.listen === false) return handlers.down();
      const stop = await listenPostgres(() => new pgModule.Client({ connectionString: url, connectionTimeoutMillis: 5000 }), channel, handlers);
      listeners.push(stop);
    },
  };
}

type PgClient = import('pg').Client;

/**
 * LISTEN on a dedicated connection (a pooled one would be handed to other queries). When it is lost (the
 * database restarts), handlers.down() is called at once and the connection is retried every second until
 * it listens again, then handlers.up(). Answers a function that stops listening for good.
 */
async function listenPostgres(connect: () => PgClient, channel: string, handlers: ListenHandlers): Promise<() => void> {
  let stopped = false;
  let client: PgClient | null = null;
  let retry: NodeJS.Timeout | null = null;
  let wasLost = false;
  const lost = () => {
    if (stopped || !client) return;
    wasLost = true;
    client.removeAllListeners();
    client.on('error', () => undefined);
    client.end().catch(() => undefined);
    client = null;
    handlers.down();
    retry = setTimeout(attempt, 1000);
    retry.unref();
  };
  async function attempt(): Promise<void> {
    retry = null;
    if (stopped) return;
    const next = connect();
    next.on('error', (error) => {
      console.error(`[db] listen connection (${channel}) lost:`, error.message);
      lost();
    });
    next.on('end', lost);
    next.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) handlers.message(n.payload);
    });
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      if (!stopped && client === next) {
        if (wasLost) console.log(`[db] listening on ${channel} again`);
        wasLost = false;
        handlers.up();
      }
    } catch (error) {
      if (client === next) {
        console.error(`[db] listen on ${channel} failed:`, error instanceof Error ? error.message : error);
        lost();
      }
    }
  }
  handlers.down();
  await attempt();
  return () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    client?.removeAllListeners();
    client?.on('error', () => undefined);
    client?.end().catch(() => undefined);
    client = null;
  };
}

export { DatabaseLockedError } from './dir-lock';
