import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBuiltTemplate } from './built-template';
import { migrate, migrations } from './migrate';
import { openPglite } from './open';

/**
 * The build's migrated empty data folder (astro.config.mjs) and a first start from it: a new data folder is
 * its copy, already holding every migration, and an existing one is never overwritten.
 */
describe('the built PGlite template', () => {
  let root: string;
  let template: string;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'gsm-built-template-'));
    template = (await writeBuiltTemplate(resolve('src/lib/server/db/migrations'), root)).path;
  }, 180_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('starts a new data folder migrated: every migration recorded, none left to apply', async () => {
    const dataDir = join(root, 'fresh');
    const db = await openPglite(dataDir, { copyOf: template });
    try {
      const recorded = await db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version');
      expect(recorded.map((r) => r.version)).toEqual(migrations.map((m) => m.version));
      expect(await migrate(db)).toEqual([]);
      expect(await db.one('SELECT count(*)::int AS n FROM accounts')).toEqual({ n: 0 });
    } finally {
      await db.close();
    }
  }, 120_000);

  it('leaves a data folder that already holds a database as it is', async () => {
    const dataDir = join(root, 'kept');
    const first = await openPglite(dataDir, { copyOf: template });
    await first.query(`INSERT INTO teams (name) VALUES ('Kept team')`);
    await first.close();
    const again = await openPglite(dataDir, { copyOf: template });
    try {
      expect(await again.query('SELECT name FROM teams')).toEqual([{ name: 'Kept team' }]);
    } finally {
      await again.close();
    }
  }, 120_000);

  it('copies again over a copy cut short (a start killed while copying)', async () => {
    const dataDir = join(root, 'cut');
    mkdirSync(join(dataDir, 'pg.part'), { recursive: true });
    writeFileSync(join(dataDir, 'pg.part', 'PG_VERSION'), 'half');
    const db = await openPglite(dataDir, { copyOf: template });
    try {
      expect(await db.one('SELECT count(*)::int AS n FROM schema_migrations')).toEqual({ n: migrations.length });
      expect(existsSync(join(dataDir, 'pg.part'))).toBe(false);
    } finally {
      await db.close();
    }
  }, 120_000);
});
