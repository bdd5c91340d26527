import type { ServerConfig } from '../config';
import { hashPassword } from '../crypto';
import { baseRoles, demoAccounts, demoApps, demoPosts, demoTeams } from './demo-roles';
import type { Db, Sql } from './sql';

/** What an area seeds into an empty database with demo data (its manifest's `seed`, src/lib/area.ts). */
export interface AreaSeed {
  /** Inside the transaction that seeds the demo teams, apps and accounts (after the apps exist). */
  withApps?: (tx: Sql, appIds: readonly string[]) => Promise<void>;
  /** After that transaction, in the composition root's order. */
  demo?: (db: Db, config: ServerConfig) => Promise<void>;
  /** The area it belongs to (start-up's log names it with the time its demo rows took). */
  area?: string;
}


/**
 * The first part of seeding an empty database, which the console needs before it can answer: base roles
 * always (the product's permission presets); with demo data the demo teams, apps and accounts (with each
 * area's `withApps` rows), otherwise the first root from ROOT_USERNAME/ROOT_PASSWORD (no default password).
 * Answers true when it seeded demo data, so the areas' demo rows are still to come (`seedDemoAreas`, which
 * start-up runs in the background).
 */
export async function seedCore(db: Db, config: ServerConfig, seeds: readonly AreaSeed[] = [], early?: Promise<string[]>): Promise<boolean> {
  const { n } = (await db.one<{ n: number }>('SELECT count(*)::int AS n FROM accounts')) ?? { n: 0 };
  if (n > 0) return false;
  const root = config.demoData ? null : productionRoot(config);
  const hashes = await (early ?? seedPasswordHashes(config));
  await db.transaction(async (tx) => {
    for (const role of baseRoles) {
      await tx.query(
        `INSERT INTO roles (name, description, paths, private_actions) VALUES ($1, $2, $3::jsonb, $4::jsonb) ON CONFLICT (name) DO NOTHING`,
        [role.name, role.description, JSON.stringify(role.paths), JSON.stringify(role.privateActions)],
      );
    }
    if (!config.demoData) {
      await tx.query(`INSERT INTO accounts (username, password_hash, role, name, can_view_all_app) VALUES ($1, $2, 'root', 'Root', true)`, [root!.username, hashes[0]]);
      return;
    }
    for (const team of demoTeams) await tx.query('INSERT INTO teams (name) VALUES ($1) ON CONFLICT DO NOTHING', [team]);
    for (const app of demoApps) {
      await tx.query('INSERT INTO apps (id, name, team_id) SELECT $1, $2, id FROM teams WHERE name = $3', [app.id, app.name, app.team]);
    }
    for (const seed of seeds) await seed.withApps?.(tx, demoApps.map((a) => a.id));
    for (const [i, account] of demoAccounts.entries()) {
      await tx.query(
        `INSERT INTO accounts (username, password_hash, role, name, list_app, can_view_all_app, follow_team, introduction)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7::jsonb, $8)`,
        [account.username, hashes[i], account.role, account.name, JSON.stringify(account.listApp), account.canViewAllApp, JSON.stringify(account.followTeam), `Demo ${account.role} account`],
      );
    }
    for (const [i, post] of demoPosts.entries()) {
      // Older posts first, a day apart, so the board's order and times look real.
      await tx.query(
        `INSERT INTO posts (title, body, body_text, type, is_pinned, pinned_at, created_by, created_at, updated_at)
         SELECT $1, $2, regexp_replace($2, '<[^>]*>', '', 'g'), $3, $4, CASE WHEN $4 THEN now() END, id, now() - make_interval(days => $5), now() - make_interval(days => $5)
           FROM accounts WHERE username = 'admin'`,
        [post.title, post.body, post.type, post.pinned, demoPosts.length - i],
      );
    }
  });
  if (!config.demoData) return false;
  console.log(`[db] seeded demo data: ${demoAccounts.length} accounts, ${demoApps.length} apps, ${demoTeams.length} teams`);
  return true;
}

/**
 * The password hashes of the accounts seedCore creates (the demo accounts, or the first root), in its order.
 * Start-up begins them while the migrations run: scrypt works on libuv's threads, the migrations on this one.
 */
export function seedPasswordHashes(config: ServerConfig): Promise<string[]> {
  if (config.demoData) return Promise.all(demoAccounts.map(() => hashPassword(config.demoPassword)));
  return (async () => [await hashPassword(productionRoot(config).password)])();
}

/** Each area's demo rows, in the composition root's order (telemetry, house ads, finance, …). */
export async function seedDemoAreas(db: Db, config: ServerConfig, seeds: readonly AreaSeed[]): Promise<void> {
  const started = performance.now();
  const took: string[] = [];
  for (const seed of seeds) {
    if (!seed.demo) continue;
    const t = performance.now();
    await seed.demo(db, config);
    took.push(`${seed.area ?? 'an area'} ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
  console.log(`[db] the demo studio is ready (${((performance.now() - started) / 1000).toFixed(1)} s: ${took.join(', ')})`);
}

function productionRoot(config: ServerConfig): { username: string; password: string } {
  if (!config.rootUsername || !config.rootPassword) {
    throw new Error('The database has no accounts and demo data is off: set ROOT_USERNAME and ROOT_PASSWORD to create the first root account.');
  }
  if (config.rootPassword.length < 12) throw new Error('ROOT_PASSWORD must have at least 12 characters.');
  return { username: config.rootUsername, password: config.rootPassword };
}
