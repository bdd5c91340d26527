import type { z } from 'zod';
import type { Actor, SessionAccount } from '../auth/types';
import { MESSAGES } from '../http/messages';
import { writeAudit } from '../server/audit';
import { randomToken } from '../server/crypto';
import type { Db, Sql } from '../server/db';
import { badRequest, conflict, HttpError, notFound } from '../server/errors';
import { REPORT_TIME_ZONE } from '../time/zone';
import type {
  AppDetail,
  AppField,
  AppOption,
  AppOsOption,
  AppSummary,
  AppVersion,
  createAppContract,
  publishDateActionContract,
  PTracking,
  pTrackingActionContract,
  PublishDate,
  updateAppContract,
  VersionPools,
} from './contract';
import { checkConfig, formatConfig } from './json-config';
import { OS_NAMES, OS_POOL_KEYS, OS_VARIANT_SUFFIX, type OsCode } from '../platform';
import { normaliseTags } from './rules';
import { compareVersions } from '../versions';

/** Who acts: for the visibility and permission checks and the audit row. */
type CreateInput = z.output<(typeof createAppContract)['request']>;
type UpdateInput = z.output<(typeof updateAppContract)['request']>;
type PublishDateInput = z.output<(typeof publishDateActionContract)['request']>;
type PTrackingInput = z.output<(typeof pTrackingActionContract)['request']>;
type OsVariantInput = CreateInput['os'][number];

// ---------------------------------------------------------------- visibility: the one rule

/** An account sees every app with canViewAllApp or as root; otherwise only the apps in its listApp. */
export function seesAllApps(account: Pick<SessionAccount, 'role' | 'canViewAllApp'>): boolean {
  return account.role === 'root' || account.canViewAllApp;
}

export function mayViewApp(account: Pick<SessionAccount, 'role' | 'canViewAllApp' | 'listApp'>, appId: string): boolean {
  return seesAllApps(account) || account.listApp.includes(appId);
}

/** SQL condition "this app row is visible to the account"; appends its parameter to params. */
export function visibleAppCondition(account: SessionAccount, params: unknown[], column = 'a.id'): string {
  if (seesAllApps(account)) return 'true';
  params.push(JSON.stringify(account.listApp));
  return `${column} IN (SELECT jsonb_array_elements_text($${params.length}::jsonb))`;
}

const forbidden = () => new HttpError(403, MESSAGES.permissionInvalid);
const appNotFound = (appId: string) => notFound(`App ${appId} was not found.`);

/** Refuses (403) an app the account may not see, then (404) one that does not exist. */
async function requireVisibleApp(db: Sql, account: SessionAccount, appId: string, lock = false): Promise<AppRow> {
  if (!mayViewApp(account, appId)) throw forbidden();
  const row = await db.one<AppRow>(`SELECT ${APP_COLUMNS} FROM apps a LEFT JOIN teams t ON t.id = a.team_id WHERE a.id = $1${lock ? ' FOR UPDATE OF a' : ''}`, [appId]);
  if (!row) throw appNotFound(appId);
  return row;
}

export interface VisibleApp {
  id: string;
  name: string;
  team: string;
}

/** Apps the account may see, by name, with their team (the dashboard's figures table). */
export async function visibleApps(db: Sql, account: SessionAccount): Promise<VisibleApp[]> {
  const params: unknown[] = [];
  return db.query<VisibleApp>(
    `SELECT a.id, a.name, coalesce(t.name, '') AS team FROM apps a LEFT JOIN teams t ON t.id = a.team_id
      WHERE ${visibleAppCondition(account, params)} ORDER BY lower(a.name), a.id`,
    params,
  );
}

// ---------------------------------------------------------------- rows and shapes

interface AppRow {
  id: string;
  /** Set when the app was archived (deleted with finance history): it keeps its figures and its id. */
  archived_at: Date | string | null;
  name: string;
  icon: string;
  team_id: number | null;
  team: string;
  game_types: string[];
  labels: string[];
  published: boolean;
  show_finance: boolean;
  report_month: boolean;
  highlight: string;
  config: Record<string, unknown>;
  config_text: string;
  config_updated_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  os: { os: OsCode; packageId: string; storeUrl: string; sdkAppKey: string; createdAt: string }[];
}

const APP_COLUMNS = `a.id, a.name, a.icon, a.team_id, coalesce(t.name, '') AS team, a.game_types, a.labels, a.published,
  a.show_finance, a.report_month, a.highlight, a.config, a.config_text, a.config_updated_at, a.created_at, a.updated_at, a.archived_at,
  coalesce((SELECT jsonb_agg(jsonb_build_object('os', o.os, 'packageId', o.package_id, 'storeUrl', o.store_url,
      'sdkAppKey', o.sdk_app_key, 'createdAt', o.created_at) ORDER BY o.os) FROM app_os o WHERE o.app_id = a.id), '[]'::jsonb) AS os`;

const iso = (value: Date | string) => new Date(value).toISOString();

function toSummary(row: AppRow): AppSummary {
  return {
    id: row.id,
    name: row.name,
    icon: row.icon,
    teamId: row.team_id === null ? null : Number(row.team_id),
    team: row.team,
    gameTypes: row.game_types,
    labels: row.labels,
    published: row.published,
    showFinance: row.show_finance,
    reportMonth: row.report_month,
    highlight: row.highlight,
    os: row.os.map((o) => ({ os: Number(o.os) as OsCode, packageId: o.packageId, storeUrl: o.storeUrl })),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

function toDetail(row: AppRow): AppDetail {
  return {
    ...toSummary(row),
    os: row.os.map((o) => ({ os: Number(o.os) as OsCode, packageId: o.packageId, storeUrl: o.storeUrl, sdkAppKey: o.sdkAppKey, createdAt: iso(o.createdAt) })),
    config: row.config,
    configText: row.config_text,
    configUpdatedAt: row.config_updated_at ? iso(row.config_updated_at) : null,
  };
}

/** SDK keys never enter the account log in full: enough to tell them apart, not to use them. */
const maskKey = (key: string) => `${key.slice(0, 4)}…${key.slice(-4)}`;
function forAudit(app: AppDetail): Record<string, unknown> {
  // The config has its own log entries (app_config_update); it would only bloat every other one.
  const { config: _config, configText: _configText, ...rest } = app;
  return { ...rest, os: app.os.map((o) => ({ ...o, sdkAppKey: maskKey(o.sdkAppKey) })) };
}

async function audit(db: Sql, actor: Actor, action: string, entity: string, entityId: string | number, before?: unknown, after?: unknown): Promise<void> {
  await writeAudit(db, { accountId: actor.account.id, username: actor.account.username, action, entity, entityId, before, after, ip: actor.ip, requestId: actor.requestId });
}

/** A fresh SDK app key: "gsm_" and 32 random base64url characters (192 bits). */
export function newSdkAppKey(): string {
  return `gsm_${randomToken(24)}`;
}

/** Unique violations a concurrent writer caused between our check and our insert become 409s. */
function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}

// ---------------------------------------------------------------- lists

/** Visible apps with id and name, by name (get/listapp, adminAccount/listApp). */
export async function listAppOptions(db: Sql, account: SessionAccount, where = 'true'): Promise<AppOption[]> {
  const params: unknown[] = [];
  return db.query<AppOption>(`SELECT a.id, a.name FROM apps a WHERE a.archived_at IS NULL AND ${visibleAppCondition(account, params)} AND ${where} ORDER BY lower(a.name), a.id`, params);
}

export type PublishFilter = 'all' | 'published' | 'unpublished';

/** Visible apps with their platforms, labels and state (get/allapp, allpublishapp, allunpublishapp). */
export async function listAppSummaries(db: Sql, account: SessionAccount, filter: PublishFilter = 'all'): Promise<AppSummary[]> {
  const params: unknown[] = [];
  const state = filter === 'all' ? 'true' : filter === 'published' ? 'a.published' : 'NOT a.published';
  const rows = await db.query<AppRow>(
    `SELECT ${APP_COLUMNS} FROM apps a LEFT JOIN teams t ON t.id = a.team_id
      WHERE a.archived_at IS NULL AND ${visibleAppCondition(account, params)} AND ${state} ORDER BY lower(a.name), a.id`,
    params,
  );
  return rows.map(toSummary);
}

/** get/listappWithField: visible apps with only the requested fields. */
export async function listAppsWithFields(db: Sql, account: SessionAccount, fields: readonly AppField[]): Promise<Partial<AppSummary>[]> {
  const apps = await listAppSummaries(db, account);
  return apps.map((app) => Object.fromEntries(fields.map((f) => [f, app[f]])) as Partial<AppSummary>);
}

/** OS-specific options for every visible app and platform (adminAccount/listAppOs, listAppOsFinance). */
export async function listAppOsOptions(db: Sql, account: SessionAccount, financeOnly = false): Promise<AppOsOption[]> {
  const params: unknown[] = [];
  const rows = await db.query<{ app_id: string; name: string; os: number }>(
    `SELECT a.id AS app_id, a.name, o.os FROM apps a JOIN app_os o ON o.app_id = a.id
      WHERE a.archived_at IS NULL AND ${visibleAppCondition(account, params)} ${financeOnly ? 'AND a.show_finance' : ''}
      ORDER BY lower(a.name), a.id, o.os`,
    params,
  );
  return rows.map((r) => {
    const os = Number(r.os) as OsCode;
    return { id: `${r.app_id}_${os}`, appId: r.app_id, os, name: r.name, value: `${r.name}_${OS_VARIANT_SUFFIX[os]}` };
  });
}

/** getAppByGameTypes: visible apps having any of the game types (case-insensitive). */
export async function appsByGameTypes(db: Sql, account: SessionAccount, gameTypes: readonly string[]) {
  const params: unknown[] = [JSON.stringify(gameTypes.map((g) => g.trim().toLowerCase()))];
  return db.query<{ id: string; name: string; gameTypes: string[] }>(
    `SELECT a.id, a.name, a.game_types AS "gameTypes" FROM apps a
      WHERE EXISTS (SELECT 1 FROM jsonb_array_elements_text(a.game_types) g WHERE lower(g) IN (SELECT jsonb_array_elements_text($1::jsonb)))
        AND a.archived_at IS NULL AND ${visibleAppCondition(account, params)}
      ORDER BY lower(a.name), a.id`,
    params,
  );
}

/** canViewApp: whether the account may see the app (false for apps that do not exist). */
export async function canViewApp(db: Sql, account: SessionAccount, appId: string): Promise<boolean> {
  if (!mayViewApp(account, appId)) return false;
  return Boolean(await db.one('SELECT 1 FROM apps WHERE id = $1', [appId]));
}

/**
 * The appId field of a save form names an app that exists (the form may hold a stale choice): a 400 on
 * that field otherwise. Whether the actor may see the app is the caller's check, made before.
 */
export async function requireAppField(db: Sql, appId: string): Promise<void> {
  if (!(await db.one('SELECT 1 FROM apps WHERE id = $1', [appId]))) throw badRequest(`appId: app ${appId} was not found.`);
}

// ---------------------------------------------------------------- details

export async function appDetail(db: Sql, account: SessionAccount, appId: string): Promise<AppDetail> {
  return toDetail(await requireVisibleApp(db, account, appId));
}

/** get/versions: the app's version pools per platform, sorted numerically by dotted segment. */
export async function versionPoolsOf(db: Sql, account: SessionAccount, appId: string): Promise<VersionPools> {
  await requireVisibleApp(db, account, appId);
  const rows = await db.query<{ os: number; version: string }>('SELECT os, version FROM app_versions WHERE app_id = $1', [appId]);
  const pools: VersionPools = { android: [], ios: [], webgl: [] };
  for (const row of rows) pools[OS_POOL_KEYS[Number(row.os) as OsCode]].push(row.version);
  for (const key of Object.keys(pools) as (keyof VersionPools)[]) pools[key].sort(compareVersions);
  return pools;
}

interface VersionRow {
  app_id: string;
  os: number;
  version: string;
  sdk_version: string;
  source: 'sdk' | 'manual';
  first_seen: Date | string;
  last_seen: Date | string;
  name?: string;
}

function toVersion(row: VersionRow): AppVersion {
  return {
    appId: row.app_id,
    os: Number(row.os) as OsCode,
    version: row.version,
    sdkVersion: row.sdk_version,
    source: row.source,
    firstSeen: iso(row.first_seen),
    lastSeen: iso(row.last_seen),
  };
}

const byVersionDesc = (a: { os: number; version: string }, b: { os: number; version: string }) => a.os - b.os || compareVersions(b.version, a.version);

/** versions?appId[&os]: every known version of one app, per platform, newest first. */
export async function appVersions(db: Sql, account: SessionAccount, appId: string, os?: OsCode): Promise<AppVersion[]> {
  await requireVisibleApp(db, account, appId);
  const rows = await db.query<VersionRow>('SELECT * FROM app_versions WHERE app_id = $1 AND ($2::int IS NULL OR os = $2)', [appId, os ?? null]);
  return rows.map(toVersion).sort(byVersionDesc);
}

/** Last-seen window on calendar days of the reporting time zone. */
function seenWindow(params: unknown[], range: { from?: string; to?: string }, column = 'v.last_seen'): string {
  const parts: string[] = [];
  if (range.from) {
    params.push(range.from);
    parts.push(`(${column} AT TIME ZONE '${REPORT_TIME_ZONE}')::date >= $${params.length}::date`);
  }
  if (range.to) {
    params.push(range.to);
    parts.push(`(${column} AT TIME ZONE '${REPORT_TIME_ZONE}')::date <= $${params.length}::date`);
  }
  return parts.length ? parts.join(' AND ') : 'true';
}

/** appSdkVersion: per visible app and platform, its newest version and that version's SDK version. */
export async function latestSdkVersions(db: Sql, account: SessionAccount, input: { os: number; appId?: string; from?: string; to?: string }) {
  if (input.appId && !mayViewApp(account, input.appId)) throw forbidden();
  const params: unknown[] = [input.os, input.appId ?? null];
  const rows = await db.query<VersionRow & { name: string }>(
    `SELECT v.*, a.name FROM app_versions v JOIN apps a ON a.id = v.app_id
      WHERE ($1::int = 0 OR v.os = $1) AND ($2::text IS NULL OR v.app_id = $2)
        AND ${visibleAppCondition(account, params)} AND ${seenWindow(params, input)}`,
    params,
  );
  const newest = new Map<string, { row: VersionRow & { name: string }; count: number }>();
  for (const row of rows) {
    const key = `${row.app_id}_${row.os}`;
    const found = newest.get(key);
    if (!found) newest.set(key, { row, count: 1 });
    else {
      found.count++;
      if (compareVersions(row.version, found.row.version) > 0) found.row = row;
    }
  }
  return [...newest.values()]
    .map(({ row, count }) => ({ appId: row.app_id, name: row.name, os: Number(row.os) as OsCode, version: row.version, sdkVersion: row.sdk_version, lastSeen: iso(row.last_seen), versions: count }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.appId.localeCompare(b.appId) || a.os - b.os);
}

/** appsHaveSdkVersion: the visible apps' versions that run one SDK version ("" = versions without a known SDK version). */
export async function versionsRunningSdk(db: Sql, account: SessionAccount, input: { sdkVersion: string; os: number; from?: string; to?: string }) {
  const params: unknown[] = [input.sdkVersion, input.os];
  const rows = await db.query<VersionRow & { name: string }>(
    `SELECT v.*, a.name FROM app_versions v JOIN apps a ON a.id = v.app_id
      WHERE v.sdk_version = $1 AND ($2::int = 0 OR v.os = $2) AND ${visibleAppCondition(account, params)} AND ${seenWindow(params, input)}`,
    params,
  );
  return rows
    .map((row) => ({ ...toVersion(row), name: row.name }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.appId.localeCompare(b.appId) || byVersionDesc(a, b));
}

/** versionsOfSdk: SDK versions seen among the visible apps, newest first. */
export async function sdkVersionsSeen(db: Sql, account: SessionAccount, os: number) {
  const params: unknown[] = [os];
  const rows = await db.query<{ sdk_version: string; apps: number; versions: number; last_seen: Date | string }>(
    `SELECT v.sdk_version, count(DISTINCT v.app_id)::int AS apps, count(*)::int AS versions, max(v.last_seen) AS last_seen
       FROM app_versions v JOIN apps a ON a.id = v.app_id
      WHERE v.sdk_version <> '' AND ($1::int = 0 OR v.os = $1) AND ${visibleAppCondition(account, params)}
      GROUP BY v.sdk_version`,
    params,
  );
  return rows
    .map((r) => ({ sdkVersion: r.sdk_version, apps: r.apps, versions: r.versions, lastSeen: iso(r.last_seen) }))
    .sort((a, b) => compareVersions(b.sdkVersion, a.sdkVersion));
}

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

// ---------------------------------------------------------------- labels

export async function deleteLabel(db: Db, actor: Actor, appId: string, label: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const row = await requireVisibleApp(tx, actor.account, appId, true);
    const labels = row.labels.filter((l) => l.toLowerCase() !== label.trim().toLowerCase());
    if (labels.length === row.labels.length) throw notFound(`App ${appId} has no label "${label}".`);
    await tx.query('UPDATE apps SET labels = $2::jsonb, updated_at = now() WHERE id = $1', [appId, JSON.stringify(labels)]);
    await audit(tx, actor, 'app_label_delete', 'app', appId, { labels: row.labels }, { labels });
    return labels;
  });
}

/** Removes a label (case-insensitive) from every app the account may see; answers how many carried it. */
export async function clearLabelOfAllApps(db: Db, actor: Actor, label: string): Promise<number> {
  return db.transaction(async (tx) => {
    const params: unknown[] = [label.trim().toLowerCase()];
    const rows = await tx.query<{ id: string; labels: string[] }>(
      `SELECT a.id, a.labels FROM apps a
        WHERE EXISTS (SELECT 1 FROM jsonb_array_elements_text(a.labels) l WHERE lower(l) = $1) AND ${visibleAppCondition(actor.account, params)}
        FOR UPDATE`,
      params,
    );
    for (const row of rows) {
      const labels = row.labels.filter((l) => l.toLowerCase() !== params[0]);
      await tx.query('UPDATE apps SET labels = $2::jsonb, updated_at = now() WHERE id = $1', [row.id, JSON.stringify(labels)]);
    }
    await audit(tx, actor, 'app_label_clear', 'label', label, { apps: rows.map((r) => r.id) }, { apps: [] });
    return rows.length;
  });
}

/** Labels of the list that no app carries (case-insensitive), in the order given. */
export async function labelsNotInUse(db: Sql, labels: readonly string[]): Promise<string[]> {
  if (labels.length === 0) return [];
  const rows = await db.query<{ label: string }>(
    `SELECT DISTINCT lower(l) AS label FROM apps a, jsonb_array_elements_text(a.labels) l WHERE lower(l) IN (SELECT jsonb_array_elements_text($1::jsonb))`,
    [JSON.stringify(labels.map((l) => l.trim().toLowerCase()))],
  );
  const used = new Set(rows.map((r) => r.label));
  return normaliseTags(labels).filter((l) => !used.has(l.toLowerCase()));
}

// ---------------------------------------------------------------- publish dates

/** The columns every per-app-platform record (publish date, pTracking) has. */
interface AppRecordRow {
  id: number;
  app_id: string;
  os: number;
  note: string;
  created_at: Date | string;
  updated_at: Date | string;
}

function appRecordFields(row: AppRecordRow) {
  return { id: row.id, appId: row.app_id, os: Number(row.os) as PublishDate['os'], note: row.note, createdAt: iso(row.created_at), updatedAt: iso(row.updated_at) };
}

interface PublishDateRow extends AppRecordRow {
  date: string;
  version: string;
  created_by: string;
}

const PUBLISH_DATE_COLUMNS = `p.id, p.app_id, p.os, to_char(p.publish_date, 'YYYY-MM-DD') AS date, p.version, p.note, p.created_by, p.created_at, p.updated_at`;

function toPublishDate(row: PublishDateRow): PublishDate {
  return { ...appRecordFields(row), date: row.date, version: row.version, createdBy: row.created_by };
}

/** appPublishDate/getList[?appId]: newest first; without appId, every visible app's. */
export async function listPublishDates(db: Sql, account: SessionAccount, appId?: string): Promise<PublishDate[]> {
  if (appId) await requireVisibleApp(db, account, appId);
  const params: unknown[] = [appId ?? null];
  const rows = await db.query<PublishDateRow>(
    `SELECT ${PUBLISH_DATE_COLUMNS} FROM app_publish_dates p JOIN apps a ON a.id = p.app_id
      WHERE ($1::text IS NULL OR p.app_id = $1) AND ${visibleAppCondition(account, params)}
      ORDER BY p.publish_date DESC, p.id DESC`,
    params,
  );
  return rows.map(toPublishDate);
}

/** appPublishDate/action: creates an entry, or changes the entry `id` of the same app. */
export async function savePublishDate(db: Db, actor: Actor, input: PublishDateInput): Promise<PublishDate> {
  return db.transaction(async (tx) => {
    await requireVisibleApp(tx, actor.account, input.appId);
    let row: PublishDateRow | undefined;
    if (input.id) {
      const before = await tx.one<PublishDateRow>(`SELECT ${PUBLISH_DATE_COLUMNS} FROM app_publish_dates p WHERE p.id = $1 AND p.app_id = $2 FOR UPDATE`, [input.id, input.appId]);
      if (!before) throw notFound(`Publish date ${input.id} of app ${input.appId} was not found.`);
      row = await tx.one<PublishDateRow>(
        `UPDATE app_publish_dates p SET os = $2, publish_date = $3::date, version = $4, note = $5, updated_at = now() WHERE p.id = $1 RETURNING ${PUBLISH_DATE_COLUMNS}`,
        [input.id, input.os, input.date, input.version, input.note],
      );
      await audit(tx, actor, 'app_publish_date_update', 'app_publish_date', input.id, toPublishDate(before), toPublishDate(row!));
    } else {
      row = await tx.one<PublishDateRow>(
        `INSERT INTO app_publish_dates AS p (app_id, os, publish_date, version, note, created_by) VALUES ($1, $2, $3::date, $4, $5, $6) RETURNING ${PUBLISH_DATE_COLUMNS}`,
        [input.appId, input.os, input.date, input.version, input.note, actor.account.username],
      );
      await audit(tx, actor, 'app_publish_date_create', 'app_publish_date', row!.id, undefined, toPublishDate(row!));
    }
    return toPublishDate(row!);
  });
}

export async function deletePublishDate(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await tx.one<PublishDateRow>(`SELECT ${PUBLISH_DATE_COLUMNS} FROM app_publish_dates p WHERE p.id = $1 FOR UPDATE`, [id]);
    if (!row) throw notFound(`Publish date ${id} was not found.`);
    await requireVisibleApp(tx, actor.account, row.app_id);
    await tx.query('DELETE FROM app_publish_dates WHERE id = $1', [id]);
    await audit(tx, actor, 'app_publish_date_delete', 'app_publish_date', id, toPublishDate(row));
  });
}

// ---------------------------------------------------------------- pTracking

interface PTrackingRow extends AppRecordRow {
  partner: PTracking['partner'];
  tracking_id: string;
  events: string[];
  enabled: boolean;
}

function toPTracking(row: PTrackingRow): PTracking {
  return { ...appRecordFields(row), partner: row.partner, trackingId: row.tracking_id, events: row.events, enabled: row.enabled };
}

export async function listPTracking(db: Sql, account: SessionAccount, appId: string): Promise<PTracking[]> {
  await requireVisibleApp(db, account, appId);
  const rows = await db.query<PTrackingRow>('SELECT * FROM app_ptracking WHERE app_id = $1 ORDER BY os, partner, id', [appId]);
  return rows.map(toPTracking);
}

/** pTracking/action: creates an entry, or changes the entry `id` of the same app. One entry per app, platform and partner. */
export async function savePTracking(db: Db, actor: Actor, input: PTrackingInput): Promise<PTracking> {
  try {
    return await db.transaction(async (tx) => {
      await requireVisibleApp(tx, actor.account, input.appId);
      const values = [input.os, input.partner, input.trackingId, JSON.stringify(normaliseTags(input.events)), input.enabled, input.note];
      if (input.id) {
        const before = await tx.one<PTrackingRow>('SELECT * FROM app_ptracking WHERE id = $1 AND app_id = $2 FOR UPDATE', [input.id, input.appId]);
        if (!before) throw notFound(`pTracking ${input.id} of app ${input.appId} was not found.`);
        const row = await tx.one<PTrackingRow>(
          'UPDATE app_ptracking SET os = $2, partner = $3, tracking_id = $4, events = $5::jsonb, enabled = $6, note = $7, updated_at = now() WHERE id = $1 RETURNING *',
          [input.id, ...values],
        );
        await audit(tx, actor, 'app_ptracking_update', 'app_ptracking', input.id, toPTracking(before), toPTracking(row!));
        return toPTracking(row!);
      }
      const row = await tx.one<PTrackingRow>(
        'INSERT INTO app_ptracking (app_id, os, partner, tracking_id, events, enabled, note) VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7) RETURNING *',
        [input.appId, ...values],
      );
      await audit(tx, actor, 'app_ptracking_create', 'app_ptracking', row!.id, undefined, toPTracking(row!));
      return toPTracking(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`App ${input.appId} already has a ${input.partner} entry for this platform; edit that one.`);
    throw error;
  }
}

export async function deletePTracking(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await tx.one<PTrackingRow>('SELECT * FROM app_ptracking WHERE id = $1 FOR UPDATE', [id]);
    if (!row) throw notFound(`pTracking ${id} was not found.`);
    await requireVisibleApp(tx, actor.account, row.app_id);
    await tx.query('DELETE FROM app_ptracking WHERE id = $1', [id]);
    await audit(tx, actor, 'app_ptracking_delete', 'app_ptracking', id, toPTracking(row));
  });
}

// ---------------------------------------------------------------- hand-entered versions

export async function saveManualVersion(db: Db, actor: Actor, input: { appId: string; os: OsCode; version: string; sdkVersion: string }): Promise<AppVersion> {
  return db.transaction(async (tx) => {
    await requireVisibleApp(tx, actor.account, input.appId);
    if (!(await tx.one('SELECT 1 FROM app_os WHERE app_id = $1 AND os = $2', [input.appId, input.os]))) {
      throw badRequest(`os: app ${input.appId} has no ${OS_NAMES[input.os]} platform`);
    }
    const before = await tx.one<VersionRow>('SELECT * FROM app_versions WHERE app_id = $1 AND os = $2 AND version = $3 FOR UPDATE', [input.appId, input.os, input.version]);
    if (before?.source === 'sdk') throw conflict(`Version ${input.version} was reported by the SDK and cannot be changed by hand.`);
    const row = await tx.one<VersionRow>(
      `INSERT INTO app_versions (app_id, os, version, sdk_version, source) VALUES ($1, $2, $3, $4, 'manual')
       ON CONFLICT (app_id, os, version) DO UPDATE SET sdk_version = EXCLUDED.sdk_version, last_seen = now() RETURNING *`,
      [input.appId, input.os, input.version, input.sdkVersion],
    );
    await audit(tx, actor, before ? 'app_version_update' : 'app_version_create', 'app_version', `${input.appId}_${input.os}_${input.version}`, before ? toVersion(before) : undefined, toVersion(row!));
    return toVersion(row!);
  });
}

export async function deleteManualVersion(db: Db, actor: Actor, input: { appId: string; os: OsCode; version: string }): Promise<void> {
  await db.transaction(async (tx) => {
    await requireVisibleApp(tx, actor.account, input.appId);
    const row = await tx.one<VersionRow>('SELECT * FROM app_versions WHERE app_id = $1 AND os = $2 AND version = $3 FOR UPDATE', [input.appId, input.os, input.version]);
    if (!row) throw notFound(`Version ${input.version} of app ${input.appId} was not found.`);
    if (row.source === 'sdk') throw conflict(`Version ${input.version} was reported by the SDK and cannot be deleted.`);
    await tx.query('DELETE FROM app_versions WHERE app_id = $1 AND os = $2 AND version = $3', [input.appId, input.os, input.version]);
    await audit(tx, actor, 'app_version_delete', 'app_version', `${input.appId}_${input.os}_${input.version}`, toVersion(row));
  });
}

/** Teams for the app form's team select. */
export async function listTeams(db: Sql): Promise<{ id: number; name: string }[]> {
  return db.query<{ id: number; name: string }>('SELECT id, name FROM teams ORDER BY lower(name)');
}
