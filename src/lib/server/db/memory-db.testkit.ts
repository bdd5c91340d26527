import { afterAll, beforeAll } from 'vitest';
import type { Db } from './index';
import { migrate } from './migrate';
import { openMemoryPglite } from './open';

/**
 * For unit tests: a migrated in-memory PGlite opened before the file's tests (then `ready` runs, for the
 * file's own rows) and closed after them. Answers a getter, since the database exists only once opened.
 */
export function migratedMemoryDb(ready?: (db: Db) => Promise<void>): () => Db {
  let db: Db | undefined;
  beforeAll(async () => {
    db = await openMemoryPglite();
    await migrate(db);
    await ready?.(db);
  }, 30_000);
  afterAll(() => db?.close());
  return () => {
    if (!db) throw new Error('The test database is opened in beforeAll; use it inside a test.');
    return db;
  };
}
