import type { Sql } from './sql';

/** One versioned migration: its number (the file name's leading digits), file name and SQL. */
export interface Migration {
  version: string;
  name: string;
  text: string;
}

/**
 * The migrations of a folder's files (path → SQL), in version order. The server bundles them (./migrate.ts)
 * and the build reads them from disk (./built-template.ts): one rule for both, so the template holds the
 * migrations the server would apply.
 */
export function migrationList(files: Record<string, string>): Migration[] {
  return Object.entries(files)
    .map(([path, text]) => ({ version: path.replace(/^.*\/(\d+)_.*$/, '$1'), name: path.replace(/^.*\//, ''), text }))
    .sort((a, b) => a.version.localeCompare(b.version));
}

/** What applying migrations needs of a database (the console's Db, or the build's bare PGlite). */
export interface MigrationTarget {
  kind: 'pglite' | 'postgres';
  exec(text: string): Promise<unknown>;
  transaction<T>(fn: (tx: Pick<Sql, 'query' | 'exec'>) => Promise<T>): Promise<T>;
}

// Any fixed number shared by every console process: it serialises migrations across processes.
const MIGRATION_LOCK_KEY = 72_410_001;

/** Applies every migration not yet recorded, in one transaction; returns the names applied. */
export async function applyMigrations(db: MigrationTarget, migrations: readonly Migration[]): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version text PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    const done = new Set((await tx.query<{ version: string }>('SELECT version FROM schema_migrations')).map((r) => r.version));
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      await tx.exec(migration.text);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      applied.push(migration.name);
    }
  });
  return applied;
}
