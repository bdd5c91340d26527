/**
 * The apps table's row, its shapes (summary, detail), and what every apps module's write shares: the audit
 * row, a visible app or 403/404.
 */
import type { Actor, SessionAccount } from '../auth/types';
import { MESSAGES } from '../http/messages';
import { auditAs } from '../server/audit';
import { randomToken } from '../server/crypto';
import type { Sql } from '../server/db';
import { HttpError, notFound } from '../server/errors';
import type { AppDetail, AppSummary } from './contract';
import { type OsCode } from '../platform';
import { mayViewApp } from './visibility';

export interface AppRow {
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

export const APP_COLUMNS = `a.id, a.name, a.icon, a.team_id, coalesce(t.name, '') AS team, a.game_types, a.labels, a.published,
  a.show_finance, a.report_month, a.highlight, a.config, a.config_text, a.config_updated_at, a.created_at, a.updated_at, a.archived_at,
  coalesce((SELECT jsonb_agg(jsonb_build_object('os', o.os, 'packageId', o.package_id, 'storeUrl', o.store_url,
      'sdkAppKey', o.sdk_app_key, 'createdAt', o.created_at) ORDER BY o.os) FROM app_os o WHERE o.app_id = a.id), '[]'::jsonb) AS os`;

export const iso = (value: Date | string) => new Date(value).toISOString();

export function toSummary(row: AppRow): AppSummary {
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

export function toDetail(row: AppRow): AppDetail {
  return {
    ...toSummary(row),
    os: row.os.map((o) => ({ os: Number(o.os) as OsCode, packageId: o.packageId, storeUrl: o.storeUrl, sdkAppKey: o.sdkAppKey, createdAt: iso(o.createdAt) })),
    config: row.config,
    configText: row.config_text,
    configUpdatedAt: row.config_updated_at ? iso(row.config_updated_at) : null,
  };
}

/** SDK keys never enter the account log in full: enough to tell them apart, not to use them. */
export const maskKey = (key: string) => `${key.slice(0, 4)}…${key.slice(-4)}`;
export function forAudit(app: AppDetail): Record<string, unknown> {
  // The config has its own log entries (app_config_update); it would only bloat every other one.
  const { config: _config, configText: _configText, ...rest } = app;
  return { ...rest, os: app.os.map((o) => ({ ...o, sdkAppKey: maskKey(o.sdkAppKey) })) };
}

export async function audit(db: Sql, actor: Actor, action: string, entity: string, entityId: string | number, before?: unknown, after?: unknown): Promise<void> {
  await auditAs(db, actor, { action, entity, entityId, before, after });
}

/** A fresh SDK app key: "gsm_" and 32 random base64url characters (192 bits). */
export function newSdkAppKey(): string {
  return `gsm_${randomToken(24)}`;
}

/** Unique violations a concurrent writer caused between our check and our insert become 409s. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}

export const forbidden = () => new HttpError(403, MESSAGES.permissionInvalid);
export const appNotFound = (appId: string) => notFound(`App ${appId} was not found.`);

/** Refuses (403) an app the account may not see, then (404) one that does not exist. */
export async function requireVisibleApp(db: Sql, account: SessionAccount, appId: string, lock = false): Promise<AppRow> {
  if (!mayViewApp(account, appId)) throw forbidden();
  const row = await db.one<AppRow>(`SELECT ${APP_COLUMNS} FROM apps a LEFT JOIN teams t ON t.id = a.team_id WHERE a.id = $1${lock ? ' FOR UPDATE OF a' : ''}`, [appId]);
  if (!row) throw appNotFound(appId);
  return row;
}
