/**
 * An app's detail, its version pools and the app and SDK versions seen from the telemetry.
 */
import type { SessionAccount } from '../auth/types';
import type { Sql } from '../server/db';
import { REPORT_TIME_ZONE } from '../time/zone';
import type { AppDetail, AppVersion, VersionPools } from './contract';
import { OS_POOL_KEYS, type OsCode } from '../platform';
import { compareVersions } from '../versions';
import { mayViewApp, visibleAppCondition } from './visibility';
import { forbidden, iso, requireVisibleApp, toDetail } from './rows';

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

export interface VersionRow {
  app_id: string;
  os: number;
  version: string;
  sdk_version: string;
  source: 'sdk' | 'manual';
  first_seen: Date | string;
  last_seen: Date | string;
  name?: string;
}

export function toVersion(row: VersionRow): AppVersion {
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
