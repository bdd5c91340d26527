import type { Actor } from '../auth/types';
import type { Db, Sql } from '../server/db';
import { badRequest, conflict, notFound } from '../server/errors';
import { REPORT_TIME_ZONE } from '../time/zone';
import type { z } from 'zod';
import type { AppDetail, createAppContract, updateAppContract } from './contract';
import { checkConfig, formatConfig } from './json-config';
import { OS_NAMES, type OsCode } from '../platform';
import { normaliseTags } from './rules';
import { seesAllApps } from './visibility';
import { APP_COLUMNS, type AppRow, appNotFound, audit, forAudit, isUniqueViolation, iso, maskKey, newSdkAppKey, requireVisibleApp, toDetail } from './rows';

type CreateInput = z.output<(typeof createAppContract)['request']>;
type UpdateInput = z.output<(typeof updateAppContract)['request']>;
type OsVariantInput = CreateInput['os'][number];

// ---------------------------------------------------------------- app writes

/** Parses a config given as text (line and reason when broken) or as an object. */
function parseConfig(config: string | Record<string, unknown>): { value: Record<string, unknown>; text: string } {
  if (typeof config !== 'string') return { value: config, text: formatConfig(config) };
  const check = checkConfig(config);
  if (!check.ok) throw badRequest(`config: ${check.problem.message}`);
  return { value: check.value, text: config };
}

async function requireTeam(db: Sql, teamId: number | null): Promise<void> {
  if (teamId === null) return;
  if (!(await db.one('SELECT 1 FROM teams WHERE id = $1', [teamId]))) throw badRequest(`teamId: there is no team ${teamId}`);
}

/** A package name or bundle id belongs to one app per platform. */
async function requireFreePackages(db: Sql, appId: string, variants: readonly OsVariantInput[]): Promise<void> {
  for (const variant of variants) {
    const owner = await db.one<{ app_id: string; name: string }>(
      'SELECT o.app_id, a.name FROM app_os o JOIN apps a ON a.id = o.app_id WHERE o.os = $1 AND lower(o.package_id) = lower($2) AND o.app_id <> $3',
      [variant.os, variant.packageId, appId],
    );
    if (owner) throw conflict(`The ${OS_NAMES[variant.os]} id ${variant.packageId} is already used by ${owner.name} (${owner.app_id}).`);
  }
}

async function insertVariant(db: Sql, appId: string, variant: OsVariantInput): Promise<void> {
  await db.query('INSERT INTO app_os (app_id, os, package_id, store_url, sdk_app_key) VALUES ($1, $2, $3, $4, $5)', [appId, variant.os, variant.packageId, variant.storeUrl, newSdkAppKey()]);
}

async function loadDetail(db: Sql, appId: string): Promise<AppDetail> {
  const row = await db.one<AppRow>(`SELECT ${APP_COLUMNS} FROM apps a LEFT JOIN teams t ON t.id = a.team_id WHERE a.id = $1`, [appId]);
  if (!row) throw appNotFound(appId);
  return toDetail(row);
}

/** A publish-state change is written into the publish-date history (today in the reporting time zone). */
async function recordPublishChange(db: Sql, actor: Actor, appId: string, published: boolean): Promise<void> {
  await db.query(
    `INSERT INTO app_publish_dates (app_id, os, publish_date, note, created_by) VALUES ($1, 0, (now() AT TIME ZONE '${REPORT_TIME_ZONE}')::date, $2, $3)`,
    [appId, published ? 'Published' : 'Unpublished', actor.account.username],
  );
}

/** create: a new app with its platforms (each gets a fresh SDK app key). */
export async function createApp(db: Db, actor: Actor, input: CreateInput): Promise<AppDetail> {
  const config = input.config === undefined ? { value: {}, text: '{}' } : parseConfig(input.config);
  try {
    return await db.transaction(async (tx) => {
      const existing = await tx.one<{ name: string; archived_at: Date | null }>('SELECT name, archived_at FROM apps WHERE id = $1', [input.id]);
      if (existing?.archived_at) throw conflict(`The id ${input.id} belonged to ${existing.name}, archived with its finance history; an archived app's id cannot be reused.`);
      if (existing) throw conflict(`An app with id ${input.id} already exists (${existing.name}).`);
      await requireTeam(tx, input.teamId);
      await requireFreePackages(tx, input.id, input.os);
      await tx.query(
        `INSERT INTO apps (id, name, icon, team_id, game_types, labels, published, show_finance, report_month, highlight, config, config_text, config_updated_at)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8, $9, $10, $11::jsonb, $12, CASE WHEN $13 THEN now() END)`,
        [
          input.id, input.name, input.icon, input.teamId, JSON.stringify(normaliseTags(input.gameTypes)), JSON.stringify(normaliseTags(input.labels)),
          input.published, input.showFinance, input.reportMonth, input.highlight, JSON.stringify(config.value), config.text, input.config !== undefined,
        ],
      );
      for (const variant of input.os) await insertVariant(tx, input.id, variant);
      if (input.published) await recordPublishChange(tx, actor, input.id, true);
      // Whoever creates an app can see it afterwards, also without canViewAllApp.
      if (!seesAllApps(actor.account)) {
        await tx.query(
          `UPDATE accounts SET list_app = list_app || $2::jsonb, updated_at = now() WHERE id = $1 AND NOT list_app ? $3`,
          [actor.account.id, JSON.stringify([input.id]), input.id],
        );
      }
      const created = await loadDetail(tx, input.id);
      await audit(tx, actor, 'app_create', 'app', input.id, undefined, forAudit(created));
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('Another app with this id or store id was created at the same moment; reload and try again.');
    throw error;
  }
}

/** updateapp {appId, data}: changes only the fields given; `os` replaces the set of platforms. */
export async function updateApp(db: Db, actor: Actor, input: UpdateInput): Promise<AppDetail> {
  const { appId, data } = input;
  try {
    return await db.transaction(async (tx) => {
      await requireVisibleApp(tx, actor.account, appId, true);
      const before = await loadDetail(tx, appId);
      const sets: string[] = [];
      const params: unknown[] = [appId];
      const set = (column: string, value: unknown, cast = '') => {
        params.push(value);
        sets.push(`${column} = $${params.length}${cast}`);
      };
      if (data.name !== undefined) set('name', data.name);
      if (data.icon !== undefined) set('icon', data.icon);
      if (data.teamId !== undefined) {
        await requireTeam(tx, data.teamId);
        set('team_id', data.teamId);
      }
      if (data.gameTypes !== undefined) set('game_types', JSON.stringify(normaliseTags(data.gameTypes)), '::jsonb');
      if (data.labels !== undefined) set('labels', JSON.stringify(normaliseTags(data.labels)), '::jsonb');
      if (data.published !== undefined) set('published', data.published);
      if (data.showFinance !== undefined) set('show_finance', data.showFinance);
      if (data.reportMonth !== undefined) set('report_month', data.reportMonth);
      if (data.highlight !== undefined) set('highlight', data.highlight);
      await tx.query(`UPDATE apps SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE id = $1`, params);

      if (data.os) {
        await requireFreePackages(tx, appId, data.os);
        const keep = data.os.map((v) => v.os);
        await tx.query('DELETE FROM app_os WHERE app_id = $1 AND NOT (os = ANY ($2::int[]))', [appId, `{${keep.join(',')}}`]);
        for (const variant of data.os) {
          const updated = await tx.query('UPDATE app_os SET package_id = $3, store_url = $4, updated_at = now() WHERE app_id = $1 AND os = $2 RETURNING os', [appId, variant.os, variant.packageId, variant.storeUrl]);
          if (updated.length === 0) await insertVariant(tx, appId, variant);
        }
      }
      if (data.published !== undefined && data.published !== before.published) await recordPublishChange(tx, actor, appId, data.published);
      const after = await loadDetail(tx, appId);
      await audit(tx, actor, data.published !== undefined && data.published !== before.published ? (data.published ? 'app_publish' : 'app_unpublish') : 'app_update', 'app', appId, forAudit(before), forAudit(after));
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('A store id was taken by another app at the same moment; reload and try again.');
    throw error;
  }
}

/** updateconfig: a broken config is refused with its line and reason (400) and nothing is stored. */
export async function updateConfig(db: Db, actor: Actor, appId: string, config: string | Record<string, unknown>) {
  const parsed = parseConfig(config);
  return db.transaction(async (tx) => {
    const before = await requireVisibleApp(tx, actor.account, appId, true);
    const row = await tx.one<{ config_updated_at: Date | string }>(
      'UPDATE apps SET config = $2::jsonb, config_text = $3, config_updated_at = now(), updated_at = now() WHERE id = $1 RETURNING config_updated_at',
      [appId, JSON.stringify(parsed.value), parsed.text],
    );
    await audit(tx, actor, 'app_config_update', 'app', appId, { configText: before.config_text }, { configText: parsed.text });
    return { appId, config: parsed.value, configText: parsed.text, configUpdatedAt: iso(row!.config_updated_at) };
  });
}

/**
 * delete: only an app without SDK-reported versions (a mistake); otherwise unpublish it (409). An app with
 * finance history is archived instead (answers true): deleting it would rewrite closed months and let a new
 * app with its id inherit its figures (issue 37); archived, it keeps its figures, leaves the app lists and
 * its id stays taken.
 */
export async function deleteApp(db: Db, actor: Actor, appId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await requireVisibleApp(tx, actor.account, appId, true);
    if (row.archived_at) throw appNotFound(appId);
    const reported = await tx.one<{ n: number }>(`SELECT count(*)::int AS n FROM app_versions WHERE app_id = $1 AND source = 'sdk'`, [appId]);
    if (reported && reported.n > 0) throw conflict(`App ${appId} already has data from its SDK and cannot be deleted; unpublish it instead.`);
    const before = await loadDetail(tx, appId);
    if (await hasFinanceHistory(tx, appId)) {
      await tx.query('UPDATE apps SET archived_at = now(), published = false, updated_at = now() WHERE id = $1', [appId]);
      await audit(tx, actor, 'app_archive', 'app', appId, forAudit(before), { archived: true, reason: 'finance history' });
      return true;
    }
    await tx.query('DELETE FROM apps WHERE id = $1', [appId]);
    await tx.query(`UPDATE accounts SET list_app = list_app - $1::text, finance_apps = finance_apps - $1::text WHERE list_app ? $1 OR finance_apps ? $1`, [appId]);
    await audit(tx, actor, 'app_delete', 'app', appId, forAudit(before));
    return false;
  });
}

/** Whether finance holds figures, corrections, adjustments or comments of the app. */
async function hasFinanceHistory(tx: Sql, appId: string): Promise<boolean> {
  const row = await tx.one<{ any: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM finance_revenue WHERE app_id = $1) OR EXISTS (SELECT 1 FROM finance_cost WHERE app_id = $1)
         OR EXISTS (SELECT 1 FROM finance_adjustments WHERE app_id = $1) OR EXISTS (SELECT 1 FROM finance_comments WHERE app_id = $1) AS any`,
    [appId],
  );
  return Boolean(row?.any);
}

/** regenerateKey: a new SDK app key for one platform. */
export async function regenerateKey(db: Db, actor: Actor, appId: string, os: OsCode): Promise<string> {
  return db.transaction(async (tx) => {
    await requireVisibleApp(tx, actor.account, appId, true);
    const old = await tx.one<{ sdk_app_key: string }>('SELECT sdk_app_key FROM app_os WHERE app_id = $1 AND os = $2', [appId, os]);
    if (!old) throw notFound(`App ${appId} has no ${OS_NAMES[os]} platform.`);
    const key = newSdkAppKey();
    await tx.query('UPDATE app_os SET sdk_app_key = $3, updated_at = now() WHERE app_id = $1 AND os = $2', [appId, os, key]);
    await audit(tx, actor, 'app_key_regenerate', 'app', appId, { os, sdkAppKey: maskKey(old.sdk_app_key) }, { os, sdkAppKey: maskKey(key) });
    return key;
  });
}

// The apps area's public surface: every sub-resource's module, re-exported so callers import one place.
export * from './visibility';
export * from './lists';
export * from './details';
export * from './labels';
export * from './records';
export * from './manual-versions';
export { newSdkAppKey } from './rows';
