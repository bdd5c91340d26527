import { mayViewApp, visibleAppCondition } from '../apps/service';
import type { SessionAccount } from '../auth/types';
import { tunables } from '../server/config';
import type { Db, Sql } from '../server/db';
import type { LevelRetentionCohort, LevelRow, MainDataRow, ReportFilters, RetentionCohort } from './contract';
import { MAIN_DATA_FIGURES, MAX_RANGE_DAYS } from './contract';
import { addDays, daysBetween, daysOf, reportDay } from '../time/day';
import { columnSums, everyDay } from './sums';
import type { StoreScope } from './store/types';
import { RETENTION_DAYS } from './metrics';
import { pendingAppDays, rollupPending } from './rollup';
import { nowMs } from '../time/clock';
import type { z } from 'zod';
import type { ReportDescriptor, ReportInputOf } from '../reports/define';
import type { ReportHandler } from '../reports/server';
import { handleScoped, resolveReportScope, type ScopedFigures, type ScopeRule } from '../reports/scope';
import { columnStore } from './store/column-store';
import { levelReachByCohort, levelRows, mainDataDays, retentionCells } from './store/reports';

/**
 * The report queries. Each reads rollup tables only, for the apps the account may see, and first brings
 * the range's pending app-days up to date within a short budget (the "on demand" rollup); what is still
 * pending is reported with the figures.
 */

/** How long a report may spend rolling up its own pending app-days before answering. */

/** The resolved filters every analytics report reads (the column store's reports read the same shape). */
export type ReportScope = StoreScope;

/**
 * Analytics' scope rule: the apps of the account's app list (every app for one that sees all), 403 for an
 * asked app outside it; the shared filters (os, version, countries) carried to the queries.
 */
export const analyticsScope: ScopeRule<ReportScope, { id: string }, SessionAccount, ReportFilters> = {
  maxDays: MAX_RANGE_DAYS,
  apps: async (db, account, asked) => {
    const params: unknown[] = [];
    let where = visibleAppCondition(account, params);
    if (asked.length) {
      params.push(JSON.stringify(asked));
      where += ` AND a.id IN (SELECT jsonb_array_elements_text($${params.length}::jsonb))`;
    }
    return db.query<{ id: string }>(`SELECT a.id FROM apps a WHERE ${where} ORDER BY a.id`, params);
  },
  mayAsk: (account, id) => mayViewApp(account, id),
  scope: (base, _apps, filters) => ({ ...base, os: filters.os, version: filters.version, countries: filters.countries }),
};

/** The server half of an analytics report: `figures` over the analytics scope (`handleScoped`). */
export function handleScopedReport<E extends z.ZodRawShape, F extends z.ZodRawShape>(
  descriptor: ReportDescriptor<E, F>,
  figures: (db: Db, scope: ReportScope, input: ReportInputOf<ReportDescriptor<E, F>>) => Promise<ScopedFigures<F>>,
): ReportHandler<ReportDescriptor<E, F>> {
  return handleScoped(descriptor, analyticsScope, figures);
}

/** Resolves the analytics filters: visible apps (403 for a requested app the account may not see) and the range. */
export function resolveScope(db: Sql, account: SessionAccount, filters: ReportFilters, now = nowMs()): Promise<ReportScope> {
  return resolveReportScope(db, account, filters, analyticsScope, now);
}

/** WHERE clause of a rollup table for the scope; `range` names the day column filtered by from..to. */
export function scopeWhere(scope: ReportScope, params: unknown[], range: string, apps: 'in' | 'any' = 'in'): string {
  params.push(JSON.stringify(scope.apps), scope.from, scope.to);
  const n = params.length;
  // 'any': the apps as an array the index on (app_id, …) is probed with. The planner guesses 100 rows for
  // the IN (SELECT …) of a JSON list and, on a table as large as stuck_second_totals, prefers a full scan.
  const appsSql = apps === 'any' ? `app_id = ANY (ARRAY(SELECT jsonb_array_elements_text($${n - 2}::jsonb)))` : `app_id IN (SELECT jsonb_array_elements_text($${n - 2}::jsonb))`;
  const parts = [appsSql, `${range} BETWEEN $${n - 1}::date AND $${n}::date`];
  if (scope.os) parts.push(`os = $${params.push(scope.os)}`);
  if (scope.version && scope.version !== 'all') parts.push(`app_version = $${params.push(scope.version)}`);
  if (scope.countries.length) parts.push(`country IN (SELECT jsonb_array_elements_text($${params.push(JSON.stringify(scope.countries))}::jsonb))`);
  return parts.join(' AND ');
}

/** Brings the scope's dirty app-days (days from..to+extraDays) up to date within the budget; answers what is left. */
export async function refresh(db: Db, scope: ReportScope, extraDays = 0): Promise<number> {
  if (scope.apps.length === 0) return 0;
  const range = { apps: scope.apps, from: scope.from, to: addDays(scope.to, extraDays) };
  if ((await pendingAppDays(db, range)) === 0) return 0;
  return (await rollupPending(db, { ...range, budgetMs: tunables().rollupOnDemandMs })).pending;
}

export const num = (v: unknown) => Number(v ?? 0);

/** Main Data's figures: sums over the daily_metrics rollup. */
const MAIN_DATA = columnSums(...MAIN_DATA_FIGURES);

/** Main Data: per day of the range, the sums every column is derived from (days without data are zero rows). */
export async function mainData(db: Db, scope: ReportScope): Promise<{ rows: MainDataRow[]; pending: number }> {
  const store = columnStore();
  if (store) return { rows: everyDay(daysOf(scope.from, scope.to), await mainDataDays(db, await store, scope), MAIN_DATA.zero), pending: 0 };
  const pending = await refresh(db, scope);
  const byDay = new Map<string, MainDataRow>();
  if (scope.apps.length) {
    const params: unknown[] = [];
    const rows = await db.query<Record<string, unknown>>(`SELECT day::text AS day, ${MAIN_DATA.select} FROM daily_metrics WHERE ${scopeWhere(scope, params, 'day')} GROUP BY day`, params);
    for (const r of rows) byDay.set(String(r.day), { day: String(r.day), ...MAIN_DATA.read(r) });
  }
  return { rows: everyDay(daysOf(scope.from, scope.to), byDay, MAIN_DATA.zero), pending };
}

/**
 * One daily_metrics figure summed per day of the scope: installs are the cohort sizes (by the install's
 * attributes), DAU the base of the per-DAU figures. No apps in scope: no days.
 */
export async function metricPerDay(db: Sql, scope: ReportScope, figure: 'installs' | 'dau'): Promise<Map<string, number>> {
  if (scope.apps.length === 0) return new Map();
  const params: unknown[] = [];
  const rows = await db.query<{ day: string; n: string }>(`SELECT day::text AS day, sum(${figure})::text AS n FROM daily_metrics WHERE ${scopeWhere(scope, params, 'day')} GROUP BY day`, params);
  return new Map(rows.map((r) => [r.day, num(r.n)]));
}

/** Retention by install-day cohort, D0..D30; a day N is null until it is over (today is still in progress). */
export async function retention(db: Db, scope: ReportScope, now = nowMs()): Promise<{ cohorts: RetentionCohort[]; pending: number }> {
  const store = columnStore();
  const pending = store ? 0 : await refresh(db, scope, RETENTION_DAYS);
  const today = reportDay(now);
  const cohorts: RetentionCohort[] = [];
  const fromStore = store ? await retentionCells(db, await store, scope) : null;
  const sizes = fromStore?.sizes ?? (await metricPerDay(db, scope, 'installs'));
  const cells = fromStore?.cells ?? new Map<string, number>();
  if (scope.apps.length && !fromStore) {
    const params: unknown[] = [];
    const rows = await db.query<{ install_day: string; n: number; users: string }>(
      `SELECT install_day::text AS install_day, (day - install_day)::int AS n, sum(users)::text AS users
         FROM retention_daily WHERE ${scopeWhere(scope, params, 'install_day')} GROUP BY install_day, day`,
      params,
    );
    for (const r of rows) cells.set(`${r.install_day}|${r.n}`, num(r.users));
  }
  for (let day = scope.from; day <= scope.to; day = addDays(day, 1)) {
    const retained: (number | null)[] = [];
    for (let n = 0; n <= RETENTION_DAYS; n++) retained.push(addDays(day, n) >= today ? null : (cells.get(`${day}|${n}`) ?? 0));
    cohorts.push({ installDay: day, installs: sizes.get(day) ?? 0, retained });
  }
  return { cohorts, pending };
}

/** A level's plays and outcomes over level_daily. */
const LEVEL = columnSums('starts', 'completes', 'fails', 'attemptsSum', 'durationSum', 'reached');

/** Per level of the mode: plays, outcomes and first-time players in the range. */
export async function levels(db: Db, scope: ReportScope, mode: string): Promise<{ levels: LevelRow[]; pending: number }> {
  const store = columnStore();
  if (store) return { levels: await levelRows(db, await store, scope, mode), pending: 0 };
  const pending = await refresh(db, scope);
  if (scope.apps.length === 0) return { levels: [], pending };
  const params: unknown[] = [];
  const where = scopeWhere(scope, params, 'day');
  params.push(mode);
  const rows = await db.query<Record<string, unknown>>(
    `SELECT level, ${LEVEL.select} FROM level_daily WHERE ${where} AND mode = $${params.length} GROUP BY level ORDER BY level`,
    params,
  );
  return { levels: rows.map((r) => ({ level: num(r.level), ...LEVEL.read(r) })), pending };
}

/** Per install cohort: installs, and how many of them have reached each level 1..maxLevel (as of now). */
export async function levelRetention(db: Db, scope: ReportScope, mode: string, maxLevel: number): Promise<{ cohorts: LevelRetentionCohort[]; pending: number }> {
  // A cohort's players reach levels on any later day: the whole history after the range may be pending.
  const store = columnStore();
  const fromStore = store ? await levelReachByCohort(db, await store, scope, mode, maxLevel) : null;
  const pending = store ? 0 : await refresh(db, { ...scope, to: scope.to }, daysBetween(scope.to, reportDay(nowMs())));
  const sizes = fromStore?.sizes ?? (await metricPerDay(db, scope, 'installs'));
  const reached = fromStore?.reached ?? new Map<string, number>();
  if (scope.apps.length && !fromStore) {
    const params: unknown[] = [];
    const where = scopeWhere(scope, params, 'install_day');
    params.push(mode, maxLevel);
    const rows = await db.query<{ install_day: string; level: number; users: string }>(
      `SELECT install_day::text AS install_day, level, sum(users)::text AS users FROM level_cohort
        WHERE ${where} AND mode = $${params.length - 1} AND level BETWEEN 1 AND $${params.length} GROUP BY install_day, level`,
      params,
    );
    for (const r of rows) reached.set(`${r.install_day}|${num(r.level)}`, num(r.users));
  }
  const cohorts: LevelRetentionCohort[] = [];
  for (let day = scope.from; day <= scope.to; day = addDays(day, 1)) {
    cohorts.push({ installDay: day, installs: sizes.get(day) ?? 0, reached: Array.from({ length: maxLevel }, (_, i) => reached.get(`${day}|${i + 1}`) ?? 0) });
  }
  return { cohorts, pending };
}
