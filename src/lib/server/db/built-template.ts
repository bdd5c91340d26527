// The embedded database a clean clone's first start begins from: the build migrates an empty PGlite data
// folder beside the server bundle (astro.config.mjs, hook astro:build:done), and a new data folder is a copy
// of it (./open.ts) instead of initdb and every migration in WebAssembly (docs/performance.md, "A newcomer's
// first start"). A folder rather than PGlite's dump: its copy is a plain file copy and its open a reopen,
// where loading a dump unpacks it through PGlite's file system (4–10 s under load against ~2 s).
// Build-time only (the server bundle never imports it); PGlite is imported statically, as the build's
// module runner is closed by the time the hook runs.
import { PGlite } from '@electric-sql/pglite';
import { readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { applyMigrations, migrationList } from './apply-migrations';
import { BUILT_TEMPLATE_DIR } from './index';

/** Writes the migrated empty database of the migrations in migrationsDir into serverDir; answers its path. */
export async function writeBuiltTemplate(migrationsDir: string, serverDir: string): Promise<{ path: string; migrations: number }> {
  const files = Object.fromEntries(
    readdirSync(migrationsDir)
      .filter((name) => name.endsWith('.sql'))
      .map((name) => [`./migrations/${name}`, readFileSync(join(migrationsDir, name), 'utf8')]),
  );
  const migrations = migrationList(files);
  const path = join(serverDir, BUILT_TEMPLATE_DIR);
  const part = `${path}.part`;
  rmSync(part, { recursive: true, force: true });
  const pg = await PGlite.create(part);
  try {
    await applyMigrations(
      {
        kind: 'pglite',
        exec: (text) => pg.exec(text),
        transaction: (fn) =>
          pg.transaction((tx) =>
            fn({
              query: async <T,>(text: string, params?: unknown[]) => (await tx.query<T>(text, params)).rows,
              exec: async (text: string) => void (await tx.exec(text)),
            }),
          ),
      },
      migrations,
    );
  } finally {
    // A clean stop: the folder is a consistent database that opens without recovery.
    await pg.close();
  }
  rmSync(path, { recursive: true, force: true });
  renameSync(part, path);
  return { path, migrations: migrations.length };
}
