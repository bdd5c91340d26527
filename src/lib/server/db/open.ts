import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { takeDirectoryLock } from './dir-lock';
import { makeSql, type Db } from './sql';

/** Opens the embedded PGlite database in dataDir, refusing when another live process holds it. */
export async function openPglite(dataDir: string, options: { loadDump?: Blob } = {}): Promise<Db> {
  mkdirSync(dataDir, { recursive: true });
  const releaseLock = await takeDirectoryLock(dataDir);
  const { PGlite } = await import('@electric-sql/pglite');
  let pg;
  try {
    pg = await PGlite.create(join(dataDir, 'pg'), options.loadDump ? { loadDataDir: options.loadDump } : {});
  } catch (error) {
    releaseLock();
    throw error;
  }
  const client = pg;
  return {
    kind: 'pglite',
    ...makeSql((text, params) => client.query(text, params as unknown[]), (text) => client.exec(text)),
    transaction: (fn) => client.transaction((tx) => fn(makeSql((text, params) => tx.query(text, params as unknown[]), (text) => tx.exec(text)))),
    async close() {
      if (!client.closed) await client.close();
      releaseLock();
    },
    dump: () => client.dumpDataDir('gzip'),
  };
}

/** An in-memory PGlite, optionally started from a dump of a migrated database (fast test start). */
export async function openMemoryPglite(loadDump?: Blob): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite');
  const client = await PGlite.create(loadDump ? { loadDataDir: loadDump } : {});
  return {
    kind: 'pglite',
    ...makeSql((text, params) => client.query(text, params as unknown[]), (text) => client.exec(text)),
    transaction: (fn) => client.transaction((tx) => fn(makeSql((text, params) => tx.query(text, params as unknown[]), (text) => tx.exec(text)))),
    close: () => client.close(),
  };
}

/** Opens a real PostgreSQL through a node-postgres pool (poolSize connections at most, default 10). */
export async function openPostgres(url: string, options: { poolSize?: number } = {}): Promise<Db> {
  const { default: pgModule } = await import('pg');
  const pool = new pgModule.Pool({ connectionString: url, max: options.poolSize ?? 10 });
  // A pooled client that errors while idle must not crash the process.
  pool.on('error', (error) => console.error('[db] idle client error:', error.message));
  await pool.query('select 1');
  return {
    kind: 'postgres',
    ...makeSql((text, params) => pool.query(text, params as unknown[]), (text) => pool.query(text)),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(makeSql((text, params) => client.query(text, params as unknown[]), (text) => client.query(text)));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export { DatabaseLockedError } from './dir-lock';
