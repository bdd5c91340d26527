import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serverConfig } from '../config';
import { migrate } from './migrate';
import { openPglite, openPostgres } from './open';
import { seedDatabase } from './seed';
import { registerJobs, startScheduler, stopScheduler } from '../../jobs/scheduler';
import type { Db } from './sql';

export type { Db, Sql } from './sql';

interface DbState {
  ready: Promise<Db>;
  db?: Db;
}

// Kept on globalThis so that every chunk of the server bundle shares the one connection.
const holder = globalThis as typeof globalThis & { __gsmDb?: DbState };

/**
 * Opens the database once per process, applies migrations and seeds an empty database.
 * Every request awaits this; after the first it is an already-resolved promise.
 */
export function ready(): Promise<Db> {
  if (!holder.__gsmDb) {
    const state: DbState = { ready: open() };
    state.ready.then((db) => (state.db = db)).catch(() => undefined);
    holder.__gsmDb = state;
  }
  return holder.__gsmDb.ready;
}

async function open(): Promise<Db> {
  const config = serverConfig();
  const db = config.databaseUrl
    ? await openPostgres(config.databaseUrl, { poolSize: config.databasePoolSize })
    : await openPglite(config.dataDir, { loadDump: pgliteTemplate(config.pgliteTemplate, config.dataDir) });
  closeOnSignals(db);
  try {
    const applied = await migrate(db);
    if (applied.length) console.log(`[db] applied migrations: ${applied.join(', ')}`);
    await writePgliteTemplate(db, config.pgliteWriteTemplate);
    await seedDatabase(db, config);
    await registerJobs(db);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  startScheduler(db);
  return db;
}

/** An unclean stop makes PGlite's next open slower (recovery), so close it on the usual signals. */
function closeOnSignals(db: Db): void {
  let closing = false;
  const stop = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    stopScheduler();
    db.close()
      .catch((error) => console.error('[db] close failed:', error))
      .finally(() => process.exit(signal === 'SIGINT' ? 130 : 0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}


/**
 * Tests start many servers on fresh embedded databases. initdb plus every migration costs seconds, so the
 * first server writes a dump of its migrated, still empty database (PGLITE_WRITE_TEMPLATE) and the next
 * ones start from it (PGLITE_TEMPLATE) when their directory is new.
 */
function pgliteTemplate(template: string | null, dataDir: string): Blob | undefined {
  if (!template || !existsSync(template) || existsSync(join(dataDir, 'pg'))) return undefined;
  return new Blob([readFileSync(template)]);
}

async function writePgliteTemplate(db: Db, target: string | null): Promise<void> {
  if (!target || db.kind !== 'pglite' || !db.dump) return;
  const { n } = (await db.one<{ n: number }>('SELECT count(*)::int AS n FROM accounts')) ?? { n: 1 };
  if (n > 0) return;
  const dump = await db.dump();
  writeFileSync(`${target}.part`, Buffer.from(await dump.arrayBuffer()));
  renameSync(`${target}.part`, target);
}
