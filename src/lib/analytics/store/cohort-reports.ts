import type { Sql } from '../../server/db';
import { addDays } from '../../time/day';
import { COHORT_MAX_DAY } from '../cohort/days';
import type { ColumnStore, StoreScope } from './types';
import { liveEvents } from './schema';
import { activeDaysSql } from './user-days';
import { attributeFilter, storeContext } from './scope';
import { baseParams, installsPerDay, installsSql, userDaysSql } from './reports';
import { transactions } from './money-reports';

/**
 * The cohort views (src/lib/analytics/cohort/) on the column store, from raw events: cohort_daily and
 * cohort_level_daily (src/lib/analytics/rollups/cohort.ts) written over the events. A cohort is the users whose
 * install (first first_open) is on its day, under the install's attributes; their activity is read on every day
 * up to D90 after the range's last install day.
 */

const num = (v: unknown) => Number(v ?? 0);

/**
 * The params of a cohort query: `to` is the last active day read (the range's last cohort's D90), `cohort_to` the
 * range's last install day; the installs (first first_open up to `to`) of the range's days under the filters.
 */
async function cohortParams(db: Sql, store: ColumnStore, scope: StoreScope): Promise<{ params: Record<string, unknown>; cohorts: string; context: Awaited<ReturnType<typeof storeContext>> }> {
  const context = await storeContext(db, scope.apps);
  const params: Record<string, unknown> = { ...baseParams({ ...scope, to: addDays(scope.to, COHORT_MAX_DAY) }, context), cohort_to: scope.to };
  const filter = attributeFilter(scope, params, { os: 'i_os', version: 'i_version', country: 'i_country' });
  return { params, context, cohorts: `(SELECT * FROM (${installsSql(store, filter)}) WHERE install_day BETWEEN {from:Date} AND {cohort_to:Date} AND ${filter})` };
}

export interface ActivityCell {
  users: number;
  sessions: number;
  seconds: number;
  impressions: number;
  ads: number;
  iap: number;
}

/**
 * Per cohort and day since install (0..90): the cohort's active users, their sessions, session seconds, ad
 * impressions and revenue (user-day figures) and IAP revenue (store transactions, on their first event's day).
 */
export async function activityCells(db: Sql, store: ColumnStore, scope: StoreScope): Promise<{ cells: Map<string, ActivityCell>; sizes: Map<string, number> }> {
  const { params, cohorts, context } = await cohortParams(db, store, scope);
  const [rows, sizes] = await Promise.all([
    store.query<Record<string, string>>(
      `SELECT toString(i.install_day) AS cohort, toInt32(dateDiff('day', i.install_day, d.day)) AS after, count() AS users, sum(d.sessions) AS s,
              sum(d.session_seconds) AS secs, sum(d.ad_impressions) AS imp, sum(d.ad_revenue) AS ads, sum(p.rev) AS iap
         FROM ${cohorts} AS i
         INNER JOIN (${userDaysSql(store, params)}) AS d ON d.app_id = i.app_id AND d.user_id = i.user_id
         LEFT JOIN (SELECT app_id, user_id, day AS p_day, sum(revenue) AS rev FROM (${transactions(store)}) GROUP BY app_id, user_id, day) AS p
                ON p.app_id = d.app_id AND p.user_id = d.user_id AND p.p_day = d.day
        WHERE d.day >= i.install_day AND d.day <= i.install_day + ${COHORT_MAX_DAY}
        GROUP BY i.install_day, d.day`,
      params,
    ),
    installsPerDay(store, scope, context),
  ]);
  const cells = new Map<string, ActivityCell>();
  for (const r of rows) {
    cells.set(`${r.cohort}|${num(r.after)}`, { users: num(r.users), sessions: num(r.s), seconds: num(r.secs), impressions: num(r.imp), ads: num(r.ads), iap: num(r.iap) });
  }
  return { cells, sizes };
}

/**
 * Per cohort and shown day since install: the cohort's users active that day by the highest main-mode level they
 * had played by the end of it (0: none), as "cohort|n" → level → users.
 */
export async function levelHistograms(db: Sql, store: ColumnStore, scope: StoreScope, days: readonly number[]): Promise<{ histograms: Map<string, Map<number, number>>; sizes: Map<string, number> }> {
  const { params, cohorts, context } = await cohortParams(db, store, scope);
  params.shown = [...days];
  const [rows, sizes] = await Promise.all([
    store.query<{ cohort: string; after: string; lvl: string; users: string }>(
      `SELECT cohort, after, lvl, count() AS users FROM (
         SELECT toString(i.install_day) AS cohort, toInt32(dateDiff('day', i.install_day, a.active_day)) AS after, max(if(r.reach_day <= a.active_day, r.level, 0)) AS lvl
           FROM ${cohorts} AS i
           INNER JOIN (SELECT app_id, user_id, day AS active_day FROM (${activeDaysSql(store, 'app_id IN {apps:Array(String)} AND day BETWEEN {from:Date} AND {to:Date}')})) AS a
                   ON a.app_id = i.app_id AND a.user_id = i.user_id
           LEFT JOIN (SELECT app_id, user_id, simpleJSONExtractInt(params, 'level') AS level, min(day) AS reach_day
                        FROM ${liveEvents(store, "app_id IN {apps:Array(String)} AND day <= {to:Date} AND name IN ('level_start', 'level_complete', 'level_fail')")}
                       WHERE simpleJSONExtractString(params, 'mode') = 'main' GROUP BY app_id, user_id, level) AS r
                  ON r.app_id = a.app_id AND r.user_id = a.user_id
          WHERE a.active_day >= i.install_day AND a.active_day <= i.install_day + ${COHORT_MAX_DAY}
            AND has({shown:Array(Int32)}, toInt32(dateDiff('day', i.install_day, a.active_day)))
          GROUP BY i.app_id, i.user_id, i.install_day, a.active_day)
       GROUP BY cohort, after, lvl`,
      params,
    ),
    installsPerDay(store, scope, context),
  ]);
  const histograms = new Map<string, Map<number, number>>();
  for (const r of rows) {
    const key = `${r.cohort}|${num(r.after)}`;
    if (!histograms.has(key)) histograms.set(key, new Map());
    histograms.get(key)!.set(num(r.lvl), num(r.users));
  }
  return { histograms, sizes };
}
