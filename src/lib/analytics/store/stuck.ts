import type { Sql } from '../../server/db';
import { LEVEL_EVENTS } from '../rollups/constants';
import type { ColumnStore, StoreScope } from './types';
import { liveEvents } from './schema';
import { attributeFilter, firstEvent, storeContext } from './scope';

/** Stuck Game's sums per level from the column store, before the percentiles are taken (../stuck/reports.ts). */
export interface StuckStoreRow {
  level: number;
  reached: number;
  stuck: number;
  fails: number;
  completes: number;
  passed: number;
  /** The passes' attempts and seconds as "value:count,…" lists (../stuck/percentiles.ts), null when nobody passed. */
  attempts: string | null;
  seconds: string | null;
}

const num = (v: unknown) => Number(v ?? 0);

/**
 * Stuck Game (docs/metrics.md "Stuck Game") from raw events, as the PostgreSQL rollups compute it
 * (src/lib/analytics/rollups/stuck.ts, level-reach.ts), so the same events give the same figures:
 * - a player-level's arrival is its first main-mode play (by day, then time, then event id: level_reach),
 *   counted on that day under that play's attributes;
 * - its fails and completions are all of them, any day; the pass is the first level_complete (same order),
 *   its attempts that event's, its seconds that event's duration plus the duration of every earlier fail;
 * - a player is stuck at their highest main level played, when their last active day (any event) is on or
 *   before `quietSince`.
 * The fails' durations are kept as an array per player-level and summed against the pass's key in the outer
 * query: one scan of the level events, no self-join. The highest level is taken over those player-levels (a window
 * per player), so the scan of every event, for the last active day, reads three narrow columns and no params.
 */
export async function stuckRows(db: Sql, store: ColumnStore, scope: StoreScope, quietSince: string): Promise<StuckStoreRow[]> {
  if (scope.apps.length === 0) return [];
  const context = await storeContext(db, scope.apps);
  const params: Record<string, unknown> = { apps: scope.apps, from: scope.from, to: scope.to, test_players: context.testPlayers, quiet_since: quietSince };
  const filter = attributeFilter(scope, params, { os: 'f.2', version: 'f.3', country: 'f.4' });
  const key = '(day, event_time, event_id)';
  const rows = await store.query<Record<string, string | null>>(
    `WITH plays AS (
       SELECT app_id, user_id, simpleJSONExtractInt(params, 'level') AS level,
              ${firstEvent(filter, key)} AS f,
              countIf(name = 'level_fail') AS fails, countIf(name = 'level_complete') AS completes,
              argMinIf((${key}, simpleJSONExtractInt(params, 'attempts'), duration), ${key}, name = 'level_complete') AS win,
              groupArrayIf((${key}, duration), name = 'level_fail') AS failed
         FROM ${liveEvents(store, `app_id IN {apps:Array(String)} AND name IN ${LEVEL_EVENTS}`)}
        WHERE simpleJSONExtractString(params, 'mode') = 'main'
        GROUP BY app_id, user_id, level
     ), ranked AS (
       SELECT *, max(level) OVER (PARTITION BY app_id, user_id) AS highest FROM plays
     ), arrivals AS (
       SELECT app_id, user_id, level, highest, fails, completes, completes > 0 AS passed, win.2 AS pass_attempts,
              win.3 + arraySum(arrayMap(x -> if(x.1 < win.1, x.2, 0), failed)) AS pass_seconds
         FROM ranked WHERE f.1 BETWEEN {from:Date} AND {to:Date} AND ${filter}
     ), players AS (
       SELECT app_id, user_id, max(day) AS last_day
         FROM ${liveEvents(store, 'app_id IN {apps:Array(String)}')}
        GROUP BY app_id, user_id
     )
     SELECT a.level AS level, count() AS reached, countIf(a.level = a.highest AND p.last_day <= {quiet_since:Date}) AS stuck,
            sum(a.fails) AS fails, sum(a.completes) AS completes, countIf(a.passed) AS passed,
            arrayStringConcat(arrayMap(v -> concat(toString(v), ':1'), groupArrayIf(a.pass_attempts, a.passed)), ',') AS attempts,
            arrayStringConcat(arrayMap(v -> concat(toString(v), ':1'), groupArrayIf(a.pass_seconds, a.passed)), ',') AS seconds
       FROM arrivals AS a INNER JOIN players AS p ON p.app_id = a.app_id AND p.user_id = a.user_id
      GROUP BY a.level ORDER BY a.level`,
    params,
  );
  return rows.map((r) => ({
    level: num(r.level), reached: num(r.reached), stuck: num(r.stuck), fails: num(r.fails), completes: num(r.completes), passed: num(r.passed),
    attempts: r.attempts || null, seconds: r.seconds || null,
  }));
}
