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
  return openPglite(config.dataDir, pgliteTemplate(config));
}

/** The migrated empty data folder beside the server bundle (written by ./built-template.ts at build time). */
export const BUILT_TEMPLATE_DIR = 'pglite-template';

const holder = globalThis as typeof globalThis & { __gsmBuiltTemplate?: string };

/** The server entry names the migrated empty data folder the build left beside it (./built-template.ts). */
export function setBuiltTemplate(path: string): void {
  holder.__gsmBuiltTemplate = path;
}

/**
 * What a new data folder starts from instead of initdb and every migration (seconds each in WebAssembly):
 * PGLITE_TEMPLATE when set, a dump (tests: the first server writes a dump of its migrated, still empty
 * database, PGLITE_WRITE_TEMPLATE, and the next ones start from it); else the build's migrated folder;
 * PGLITE_TEMPLATE=none for neither (initdb). Nothing when the folder already holds a database.
 */
function pgliteTemplate(config: ServerConfig): { loadDump?: Blob; copyOf?: string } {
  if (config.pgliteTemplate === 'none' || existsSync(join(config.dataDir, 'pg'))) return {};
  if (config.pgliteTemplate) return existsSync(config.pgliteTemplate) ? { loadDump: new Blob([readFileSync(config.pgliteTemplate)]) } : {};
  const built = holder.__gsmBuiltTemplate;
  return built && existsSync(join(built, 'PG_VERSION')) ? { copyOf: built } : {};
}
