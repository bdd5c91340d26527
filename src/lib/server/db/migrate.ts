import { applyMigrations, migrationList } from './apply-migrations';
import type { Db } from './sql';

/** Versioned migrations committed in the repo, bundled into the server build as text. */
const files = import.meta.glob('./migrations/*.sql', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

export const migrations = migrationList(files);

/** Applies every migration not yet recorded, in one transaction; returns the names applied. */
export function migrate(db: Db): Promise<string[]> {
  return applyMigrations(db, migrations);
}
