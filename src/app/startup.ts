import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSessionCache } from '../lib/auth/session-cache';
import { registerJobs, releaseDeadClaims, startScheduler, stopScheduler } from '../lib/jobs/scheduler';
import { startVisitCounter, visitCounter } from '../lib/dashboard/visit-counter';
import { apiLog, startApiLog } from '../lib/logs/api-log-writer';
import { serverConfig, type ServerConfig } from '../lib/server/config';
import { openDatabase, type Db } from '../lib/server/db';
import { yielding } from '../lib/server/db/sql';
import { migrate } from '../lib/server/db/migrate';
import { seedCore, seedDemoAreas, seedPasswordHashes } from '../lib/server/db/seed';
import { setDemoPreparation } from '../lib/server/demo-state';
import { areas } from './server';

interface StartupState {
  ready: Promise<Db>;
}

// Kept on globalThis so that every chunk of the server bundle shares the one connection.
const holder = globalThis as typeof globalThis & { __gsmDb?: StartupState };

/**
 * Starts the server's data side once per process: reads the configuration, opens the database, applies
 * migrations, seeds an empty database, registers the jobs and starts the scheduler. The middleware awaits
 * this on every request (after the first it is an already-resolved promise) and hands the database on.
 */
export function ready(): Promise<Db> {
  if (!holder.__gsmDb) {
    const state: StartupState = { ready: start() };
    // A failed start (the database was not reachable yet) is not remembered: the next request tries again,
    // so a console started before its database comes up serves as soon as the database does.
    state.ready.catch(() => {
      if (holder.__gsmDb === state) holder.__gsmDb = undefined;
    });
    holder.__gsmDb = state;
  }
  return holder.__gsmDb.ready;
}

async function start(): Promise<Db> {
  const config = serverConfig();
  const timer = phaseTimer();
  // A first start makes the accounts' password hashes (scrypt, on libuv's threads) while the database opens
  // and migrates on this one: a new embedded data folder is known before it opens, a PostgreSQL without
  // tables once connected.
  const newFolder = !config.databaseUrl && !existsSync(join(config.dataDir, 'pg'));
  let hashes = newFolder ? earlyHashes(config) : undefined;
  const db = await openDatabase(config);
  const opened = timer.lap();
  closeOnSignals(db);
  const seeds = areas.flatMap((a) => (a.seed ? [{ ...a.seed, area: a.name }] : []));
  let demoDue = false;
  try {
    if (!hashes && (await db.one<{ fresh: boolean }>(`SELECT to_regclass('public.accounts') IS NULL AS fresh`))?.fresh) hashes = earlyHashes(config);
    const applied = await migrate(db);
    if (applied.length) console.log(`[db] applied migrations: ${applied.length > 3 ? `${applied.length} (${applied[0]} … ${applied.at(-1)})` : applied.join(', ')}`);
    const migrated = timer.lap();
    await writePgliteTemplate(db, config.pgliteWriteTemplate);
    // The console answers as soon as the accounts exist; the demo studio (events, rollups, finance, live-ops)
    // is seeded after, in the background: a newcomer signs in within seconds, and a banner says the figures
    // are still coming (docs/performance.md: the first answer within 30 s).
    demoDue = await seedCore(db, config, seeds, hashes);
    console.log(`[db] start-up: database opened in ${opened} ms, migrated in ${migrated} ms, accounts seeded in ${timer.lap()} ms`);
    await registerJobs(db);
    // A job claimed by a process that died (kill -9, a crash) runs again at once instead of waiting out its lease.
    const released = await releaseDeadClaims(db, { all: db.kind === 'pglite' });
    if (released.length) console.log(`[jobs] released the claims of a stopped runner: ${released.join(', ')}`);
    await startSessionCache(db, config.sessionCacheMs);
    startApiLog(db, config.apiLogFlushMs);
    startVisitCounter(db, Math.max(config.apiLogFlushMs, 2000));
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  if (demoDue) {
    setDemoPreparation('preparing');
    // The scheduler starts once the demo studio is in: its rollups would otherwise race the seeding.
    void seedDemoAreas(yielding(db), config, seeds).then(
      () => {
        setDemoPreparation('ready');
        startScheduler(db);
      },
      (error) => {
        setDemoPreparation('failed');
        console.error('[db] preparing the demo studio failed:', error);
        startScheduler(db);
      },
    );
  } else {
    startScheduler(db);
  }
  return db;
}

/** The first accounts' password hashes, begun ahead; its error (no root password) is reported by seedCore, which awaits it. */
function earlyHashes(config: ServerConfig): Promise<string[]> {
  const hashes = seedPasswordHashes(config);
  hashes.catch(() => undefined);
  return hashes;
}

/** Milliseconds since the last lap (or since it was made), for start-up's log of its phases. */
function phaseTimer(): { lap(): number } {
  let last = performance.now();
  return {
    lap() {
      const now = performance.now();
      const ms = Math.round(now - last);
      last = now;
      return ms;
    },
  };
}

/** An unclean stop makes PGlite's next open slower (recovery), so close it on the usual signals. */
function closeOnSignals(db: Db): void {
  let closing = false;
  const stop = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    stopScheduler();
    // The API log's last batch and the counted page views are written before the database closes (a clean
    // stop loses none of them).
    Promise.all([apiLog()?.flush(), visitCounter()?.flush()])
      .catch((error) => console.error('[api-log] last flush failed:', error))
      .then(() => db.close())
      .catch((error) => console.error('[db] close failed:', error))
      .finally(() => process.exit(signal === 'SIGINT' ? 130 : 0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

/** The first test server dumps its migrated, still empty database for the next ones (see openDatabase). */
async function writePgliteTemplate(db: Db, target: string | null): Promise<void> {
  if (!target || db.kind !== 'pglite' || !db.dump) return;
  const { n } = (await db.one<{ n: number }>('SELECT count(*)::int AS n FROM accounts')) ?? { n: 1 };
  if (n > 0) return;
  const dump = await db.dump();
  writeFileSync(`${target}.part`, Buffer.from(await dump.arrayBuffer()));
  renameSync(`${target}.part`, target);
}
