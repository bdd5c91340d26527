import type { Db } from './sql';

/** Versioned migrations committed in the repo, bundled into the server build as text. */
const files = import.meta.glob('./migrations/*.sql', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

export const migrations = Object.entries(files)
  .map(([path, text]) => ({ version: path.replace(/^.*\/(\d+)_.*$/, '$1'), name: path.replace(/^.*\//, ''), text }))
  .sort((a, b) => a.version.localeCompare(b.version));

// Any fixed number shared by every console process: it serialises migrations across processes.
const MIGRATION_LOCK_KEY = 72_410_001;

/** Applies every migration not yet recorded, each in its own transaction; returns the names applied. */
export async function migrate(db: Db): Promise<string[]> {
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
