import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerConfig } from '../config';
import { openPglite, openPostgres } from './open';
import type { Db } from './sql';

export type { Db, Sql } from './sql';
export { joinTransaction } from './sql';

/**
 * Opens the configured database: PostgreSQL when DATABASE_URL is set, else the embedded PGlite in DATA_DIR.
 * Only opens: migrations, seeding and the scheduler are start-up's (src/app/startup.ts).
 */
export function openDatabase(config: ServerConfig): Promise<Db> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, { poolSize: config.databasePoolSize, listen: config.databaseListen, prepared: config.databasePrepared });
  return openPglite(config.dataDir, { loadDump: pgliteTemplate(config) });
}

/**
 * Tests start many servers on fresh embedded databases. initdb plus every migration costs seconds, so the
 * first server writes a dump of its migrated, still empty database (PGLITE_WRITE_TEMPLATE, see start-up) and
 * the next ones start from it (PGLITE_TEMPLATE) when their directory is new.
 */
function pgliteTemplate(config: ServerConfig): Blob | undefined {
  const template = config.pgliteTemplate;
  if (!template || !existsSync(template) || existsSync(join(config.dataDir, 'pg'))) return undefined;
  return new Blob([readFileSync(template)]);
}
