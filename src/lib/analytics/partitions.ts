import type { Sql } from '../server/db';
import { addDays } from '../time/day';

/**
 * Day partitions of the events table (events_YYYYMMDD), created on demand before a batch is written.
 * The partitions known to exist are cached per database handle; creation is serialised across processes
 * by an advisory lock, and IF NOT EXISTS tolerates a partition another process created meanwhile.
 */
const PARTITION_LOCK_KEY = 72_410_040;
type Transactional = Sql & { transaction?: <T>(fn: (tx: Sql) => Promise<T>) => Promise<T> };
const caches = new WeakMap<object, { known: Set<string>; loaded: Promise<void> }>();

export const partitionName = (day: string) => `events_${day.replaceAll('-', '')}`;

function cacheOf(db: Sql) {
  let cache = caches.get(db);
  if (!cache) {
    const known = new Set<string>();
    const loaded = db
      .query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent WHERE p.relname = 'events'`,
      )
      .then((rows) => rows.forEach((r) => known.add(r.name)));
    cache = { known, loaded };
    caches.set(db, cache);
    loaded.catch(() => caches.delete(db));
  }
  return cache;
}

/** Makes sure a partition exists for each day (YYYY-MM-DD). */
export async function ensurePartitions(db: Transactional, days: Iterable<string>): Promise<void> {
  const cache = cacheOf(db);
  await cache.loaded;
  const missing = [...new Set(days)].filter((day) => !cache.known.has(partitionName(day))).sort();
  if (missing.length === 0) return;
  for (const day of missing) if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`not a day: ${day}`);
  const create = async (tx: Sql) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [PARTITION_LOCK_KEY]);
    for (const day of missing) {
      await tx.exec(`CREATE TABLE IF NOT EXISTS ${partitionName(day)} PARTITION OF events FOR VALUES FROM ('${day}') TO ('${addDays(day, 1)}')`);
    }
  };
  if (db.transaction) await db.transaction(create);
  else await create(db);
  for (const day of missing) cache.known.add(partitionName(day));
}
