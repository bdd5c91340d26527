import { afterAll, beforeAll } from 'vitest';
import type { Db } from './index';
import { migrate } from './migrate';
import { openMemoryPglite, openPostgres } from './open';

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

/**
 * For unit tests that must also run on PostgreSQL: with TEST_DATABASE_URL, that database emptied (its public
 * schema dropped and made again) and migrated; without it, a migrated in-memory PGlite.
 */
export async function openMigratedTestDb(): Promise<Db> {
  const url = process.env.TEST_DATABASE_URL;
  let db: Db;
  if (url) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;');
    await client.end();
    db = await openPostgres(url);
  } else db = await openMemoryPglite();
  await migrate(db);
  return db;
}
