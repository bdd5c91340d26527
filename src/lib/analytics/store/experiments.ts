import type { Sql } from '../../server/db';
import { LEVEL_EVENTS } from '../rollups/constants';
import type { ColumnStore, StoreScope } from './types';
import { REFUSED } from './reports';
import { liveEvents } from './schema';
import { activeDaysSql } from './user-days';
import { attributeFilter, storeContext, type StoreContext } from './scope';

/**
 * The A/B reports' inputs from raw events (docs/metrics.md "A/B tests"), as the PostgreSQL rollups give them
 * (experiment_exposures, user_days, iap_purchases, level_reach), so the same events give the same figures.
 * The statistics stay in src/lib/experiments/reports.ts, shared by both stores.
 */

/** Which experiment and whose exposures count: the exposure days (from..to), the variants kept. */
export interface ExposureQuery {
  appId: string;
  experiment: string;
  from: string;
  to: string;
  variants: string[];
  today: string;
}


function paramsOf(q: ExposureQuery, context: StoreContext): Record<string, unknown> {
  return { app: q.appId, apps: [q.appId], experiment: q.experiment, from: q.from, to: q.to, variants: q.variants, today: q.today, test_players: context.testPlayers, refused: context.refused };
}

/**
 * Each player's first exposure (event time, then event id) among the experiment's exposure events of the range
 * and the filters (those of the exposure event itself), kept when its variant is one of the experiment's.
 */
function exposedSql(store: ColumnStore, scope: StoreScope, params: Record<string, unknown>): string {
  const filter = attributeFilter(scope, params, { os: 'os', version: 'app_version', country: 'country' });
  return `SELECT user_id, f.1 AS variant, f.2 AS day FROM (
            SELECT user_id, argMin((simpleJSONExtractString(params, 'variant'), day), (event_time, event_id)) AS f
              FROM ${liveEvents(store, "app_id = {app:String} AND day BETWEEN {from:Date} AND {to:Date} AND name = 'experiment_exposure'")}
             WHERE simpleJSONExtractString(params, 'experiment') = {experiment:String} AND ${filter}
             GROUP BY user_id)
          WHERE variant IN {variants:Array(String)}`;
}

/** A/B retention's counts: exposed players per variant and exposure day, and per variant and N those active on exposure day + N (before today). */
export async function abRetentionCounts(db: Sql, store: ColumnStore, scope: StoreScope, q: ExposureQuery, days: readonly number[]) {
  const params = { ...paramsOf(q, await storeContext(db, [q.appId])), days: [...days] };
  const exposed = exposedSql(store, scope, params);
  const [cohorts, retained] = await Promise.all([
    store.query<{ variant: string; day: string; n: string }>(`SELECT variant, toString(day) AS day, count() AS n FROM (${exposed}) GROUP BY variant, day`, params),
    store.query<{ variant: string; n: string; players: string }>(
      `SELECT x.variant AS variant, x.n AS n, count() AS players
         FROM (SELECT variant, user_id, n, day + n AS active_day FROM (${exposed}) ARRAY JOIN {days:Array(UInt16)} AS n) AS x
        INNER JOIN (${activeDaysSql(store, 'app_id = {app:String} AND day BETWEEN {from:Date} AND {today:Date}')}) AS a
                ON a.user_id = x.user_id AND a.day = x.active_day
        WHERE x.active_day < {today:Date}
        GROUP BY x.variant, x.n`,
      params,
    ),
  ]);
  return {
    cohorts: cohorts.map((c) => ({ variant: c.variant, day: c.day, n: Number(c.n) })),
    retained: retained.map((r) => ({ variant: r.variant, n: Number(r.n), players: Number(r.players) })),
  };
}

/**
 * A/B "other" metrics' sums per variant, as integers in text (exact: the caller scales them): the exposed
 * players, those whose W-day window is over (n), and over those each metric's Σx, Σx² and, for CUPED, the
 * same figure over the W days before exposure (Σb, Σb², Σb·x). Metrics: arpu (micros: ad revenue + the
 * store transactions first reported in the window), sessions, play_time (seconds), level (highest main
 * level first played by the window's end) and conversion (any transaction in the window).
 */
export async function abOtherSums(db: Sql, store: ColumnStore, scope: StoreScope, q: ExposureQuery, window: number): Promise<Record<string, string>[]> {
  const params = { ...paramsOf(q, await storeContext(db, [q.appId])), last: window - 1 };
  const exposed = exposedSql(store, scope, params);
  // The exposed players' events up to today: every day, for the highest level reached before the window's end.
  const span = `app_id = {app:String} AND day <= {today:Date} AND user_id IN (SELECT user_id FROM (${exposed}))`;
  const purchases = `SELECT f.1 AS user_id, f.2 AS day, f.3 AS revenue FROM (
                       SELECT argMin((user_id, day, revenue), (event_time, event_id)) AS f
                         FROM ${liveEvents(store, "app_id = {app:String} AND name = 'iap_purchase'")}
                        WHERE NOT ${REFUSED} GROUP BY simpleJSONExtractString(params, 'transactionId'))`;
  const i128 = (x: string) => `toInt128(${x})`;
  const metrics = ['arpu', 'sessions', 'play_time', 'level', 'conversion'];
  const cuped = ['arpu', 'sessions', 'play_time'];
  return store.query<Record<string, string>>(
    `WITH x AS (SELECT user_id, variant, day, day + {last:UInt16} < {today:Date} AS complete FROM (${exposed})),
     d AS (SELECT user_id, day, countIf(name = 'session_start') AS sessions, sumIf(duration, name = 'session_end') AS seconds, sumIf(revenue, name = 'ad_impression') AS ads,
                  maxIf(simpleJSONExtractInt(params, 'level'), name IN ${LEVEL_EVENTS} AND simpleJSONExtractString(params, 'mode') = 'main') AS level
             FROM ${liveEvents(store, span)} GROUP BY user_id, day),
     p AS (${purchases}),
     per AS (
       SELECT x.user_id AS user_id, any(x.variant) AS variant, any(x.complete) AS complete,
              sumIf(d.ads, d.day BETWEEN x.day AND x.day + {last:UInt16}) AS ads_in, sumIf(d.sessions, d.day BETWEEN x.day AND x.day + {last:UInt16}) AS sessions,
              sumIf(d.seconds, d.day BETWEEN x.day AND x.day + {last:UInt16}) AS play_time, maxIf(d.level, d.day <= x.day + {last:UInt16}) AS level,
              sumIf(d.ads, d.day BETWEEN x.day - {last:UInt16} - 1 AND x.day - 1) AS ads_before, sumIf(d.sessions, d.day BETWEEN x.day - {last:UInt16} - 1 AND x.day - 1) AS sessions_b,
              sumIf(d.seconds, d.day BETWEEN x.day - {last:UInt16} - 1 AND x.day - 1) AS play_time_b
         FROM x LEFT JOIN d ON d.user_id = x.user_id GROUP BY x.user_id),
     buys AS (
       SELECT x.user_id AS user_id, sumIf(p.revenue, p.day BETWEEN x.day AND x.day + {last:UInt16}) AS iap_in, countIf(p.day BETWEEN x.day AND x.day + {last:UInt16}) AS buys_in,
              sumIf(p.revenue, p.day BETWEEN x.day - {last:UInt16} - 1 AND x.day - 1) AS iap_before
         FROM x INNER JOIN p ON p.user_id = x.user_id GROUP BY x.user_id),
     f AS (
       SELECT per.variant AS variant, per.complete AS complete, per.ads_in + coalesce(b.iap_in, 0) AS arpu, per.sessions AS sessions, per.play_time AS play_time,
              greatest(per.level, 0) AS level, if(coalesce(b.buys_in, 0) > 0, 1, 0) AS conversion,
              per.ads_before + coalesce(b.iap_before, 0) AS arpu_b, per.sessions_b AS sessions_b, per.play_time_b AS play_time_b
         FROM per LEFT JOIN buys AS b ON b.user_id = per.user_id)
     SELECT variant, count() AS exposed, countIf(complete) AS n,
            ${metrics.map((m) => `toString(sumIf(${i128(m)}, complete)) AS ${m}_s, toString(sumIf(${i128(m)} * ${i128(m)}, complete)) AS ${m}_q`).join(', ')},
            ${cuped.map((m) => `toString(sumIf(${i128(`${m}_b`)}, complete)) AS ${m}_bs, toString(sumIf(${i128(`${m}_b`)} * ${i128(`${m}_b`)}, complete)) AS ${m}_bq, toString(sumIf(${i128(`${m}_b`)} * ${i128(m)}, complete)) AS ${m}_bp`).join(', ')}
       FROM f GROUP BY variant`,
    params,
  );
}
