import type { Db } from '../../server/db';
import { addDays, daysBetween, reportDay } from '../../time/day';
import { metricPerDay, num, refresh, scopeWhere, type ReportScope } from '../reports';
import { nowMs } from '../../time/clock';
import { COHORT_DAYS, COHORT_MAX_DAY } from './days';
import { levelSummary } from './metrics';
import type { ActivityCohort, CohortCell, LevelCell, LevelCohortLine } from './rows';
import { columnStore } from '../store/column-store';
import { activityCells, levelHistograms } from '../store/cohort-reports';

/**
 * The cohort views' SQL over cohort_daily / cohort_level_daily (migration 0090), or over the raw events on a
 * column store (../store/cohort-reports.ts). A cell of day N is null until install day + N is over in UTC+7
 * (today is still in progress).
 */

/** The columns the range allows: D0..D30 always; D60 and D90 once the range's first cohort has lived them. */
export function shownDays(from: string, today: string): number[] {
  return COHORT_DAYS.filter((n) => n <= 30 || addDays(from, n) < today);
}

/** The install days of the range, oldest first. */
function rangeDays(scope: ReportScope): string[] {
  return Array.from({ length: daysBetween(scope.from, scope.to) + 1 }, (_, i) => addDays(scope.from, i));
}

/** Activity and revenue of each cohort of the range on each shown day since install. */
export async function activityCohorts(db: Db, scope: ReportScope, now = nowMs()): Promise<{ days: number[]; cohorts: ActivityCohort[]; pending: number }> {
  const store = columnStore();
  const pending = store ? 0 : await refresh(db, scope, COHORT_MAX_DAY);
  const today = reportDay(now);
  const days = shownDays(scope.from, today);
  const fromStore = store && scope.apps.length ? await activityCells(db, await store, scope) : null;
  const sizes = fromStore?.sizes ?? (await metricPerDay(db, scope, 'installs'));
  const perDay: Map<string, Omit<CohortCell, 'cumAds' | 'cumIap'>> = fromStore?.cells ?? new Map();
  if (scope.apps.length && !store) {
    const params: unknown[] = [];
    const rows = await db.query<Record<string, string | number>>(
      `SELECT install_day::text AS install_day, (day - install_day)::int AS n, sum(users)::text AS users, sum(sessions)::text AS sessions,
              sum(session_seconds)::text AS seconds, sum(ad_impressions)::text AS impressions, sum(ad_revenue)::text AS ads, sum(iap_revenue)::text AS iap
         FROM cohort_daily WHERE ${scopeWhere(scope, params, 'install_day')} GROUP BY install_day, day`,
      params,
    );
    for (const r of rows) {
      perDay.set(`${r.install_day}|${r.n}`, { users: num(r.users), sessions: num(r.sessions), seconds: num(r.seconds), impressions: num(r.impressions), ads: num(r.ads), iap: num(r.iap) });
    }
  }
  const cohorts = rangeDays(scope).map((installDay) => {
    // Cumulative revenue needs every day 0..N, shown or not (D31..D59 feed D60).
    const cells: (CohortCell | null)[] = [];
    let cumAds = 0;
    let cumIap = 0;
    for (let n = 0, at = 0; at < days.length; n++) {
      const day = perDay.get(`${installDay}|${n}`);
      cumAds += day?.ads ?? 0;
      cumIap += day?.iap ?? 0;
      if (n !== days[at]) continue;
      cells.push(addDays(installDay, n) >= today ? null : { users: 0, sessions: 0, seconds: 0, impressions: 0, ads: 0, iap: 0, ...day, cumAds, cumIap });
      at++;
    }
    return { installDay, installs: sizes.get(installDay) ?? 0, cells };
  });
  return { days, cohorts, pending };
}

/** Highest level reached by each cohort's active users on each shown day, and the All line (histograms merged). */
export async function levelCohorts(db: Db, scope: ReportScope, now = nowMs()): Promise<{ days: number[]; cohorts: LevelCohortLine[]; all: (LevelCell | null)[]; pending: number }> {
  const store = columnStore();
  const pending = store ? 0 : await refresh(db, scope, COHORT_MAX_DAY);
  const today = reportDay(now);
  const days = shownDays(scope.from, today);
  const fromStore = store && scope.apps.length ? await levelHistograms(db, await store, scope, days) : null;
  const sizes = fromStore?.sizes ?? (await metricPerDay(db, scope, 'installs'));
  const histograms = fromStore?.histograms ?? new Map<string, Map<number, number>>();
  if (scope.apps.length && !store) {
    const params: unknown[] = [];
    const where = scopeWhere(scope, params, 'install_day');
    params.push(JSON.stringify(days));
    const rows = await db.query<{ install_day: string; n: number; level: number; users: string }>(
      `SELECT install_day::text AS install_day, (day - install_day)::int AS n, highest_level AS level, sum(users)::text AS users
         FROM cohort_level_daily WHERE ${where} AND (day - install_day) IN (SELECT jsonb_array_elements_text($${params.length}::jsonb)::int)
        GROUP BY install_day, day, highest_level`,
      params,
    );
    for (const r of rows) {
      const key = `${r.install_day}|${r.n}`;
      if (!histograms.has(key)) histograms.set(key, new Map());
      histograms.get(key)!.set(num(r.level), num(r.users));
    }
  }
  const merged = days.map(() => new Map<number, number>());
  const over = days.map(() => false);
  const cohorts = rangeDays(scope).map((installDay) => ({
    installDay,
    installs: sizes.get(installDay) ?? 0,
    cells: days.map((n, i) => {
      if (addDays(installDay, n) >= today) return null;
      over[i] = true;
      const histogram = histograms.get(`${installDay}|${n}`) ?? new Map<number, number>();
      for (const [level, users] of histogram) merged[i]!.set(level, (merged[i]!.get(level) ?? 0) + users);
      return levelSummary(histogram);
    }),
  }));
  return { days, cohorts, all: merged.map((h, i) => (over[i] ? levelSummary(h) : null)), pending };
}
