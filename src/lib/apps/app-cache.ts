import { deleteDB, openDB, type DBSchema } from 'idb';
import type { AppOption } from './contract';

/**
 * The browser's app list cache (spec section 3 "Local storage"): IndexedDB "gsm", store "apps" keyed by
 * id, holding only id and name. Every call opens and closes its connection so that logout can delete the
 * database without being blocked. Failures (private mode, quota) answer an empty list: the cache is an
 * optimisation, never a source of errors.
 */
export const APP_CACHE_DB = 'gsm';
const STORE = 'apps';

interface GsmCache extends DBSchema {
  apps: { key: string; value: AppOption };
}

async function withDb<T>(fn: (db: Awaited<ReturnType<typeof openDB<GsmCache>>>) => Promise<T>): Promise<T> {
  const db = await openDB<GsmCache>(APP_CACHE_DB, 1, {
    upgrade(database) {
      if (!database.objectStoreNames.contains(STORE)) database.createObjectStore(STORE, { keyPath: 'id' });
    },
  });
  try {
    return await fn(db);
  } finally {
    db.close();
  }
}

export async function readCachedApps(): Promise<AppOption[]> {
  try {
    const rows = await withDb((db) => db.getAll(STORE));
    return rows.map(({ id, name }) => ({ id, name })).sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id.localeCompare(b.id));
  } catch {
    return [];
  }
}

/** Replaces the cached list with this one (only id and name are kept). */
export async function writeCachedApps(apps: readonly AppOption[]): Promise<void> {
  try {
    await withDb(async (db) => {
      const tx = db.transaction(STORE, 'readwrite');
      await tx.store.clear();
      await Promise.all(apps.map(({ id, name }) => tx.store.put({ id, name })));
      await tx.done;
    });
  } catch {
    // A cache that cannot be written is simply not used.
  }
}

export async function deleteAppCache(): Promise<void> {
  try {
    await deleteDB(APP_CACHE_DB);
  } catch {
    // Nothing to delete.
  }
}
