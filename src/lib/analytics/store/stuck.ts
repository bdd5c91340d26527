import type { Sql } from '../../server/db';
import { LEVEL_EVENTS } from '../rollups/constants';
import type { ColumnStore, StoreScope } from './types';
import { liveEvents } from './schema';
import { attributeFilter, carried, EVENT_ORDER, firstEvent, storeContext } from './scope';

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
 *   before `quietSince`, that is when they sent nothing dated after it.
 * How it stays within a second at 10 M events (2.35 M level events, 830 k player-levels; 1.9 s before):
 * - one scan of the level events, grouped by player-level; the order of events is one string (EVENT_ORDER); the
 *   pass is the least of the completions' order strings, each carrying its attempts and seconds after a NUL, and the
 *   fails' order strings carry their seconds alike, summed against the pass in the same step (one string state
 *   each, where an argMin per figure cost 120 ms more);
 * - the player-levels are then grouped by player into arrays, which gives each player's highest level and asks once
 *   per player whether they were active after `quietSince`, and unfolded again (a window over the player-levels
 *   sorted them all: 200 ms more);
 * - "active after" reads only the days after `quietSince` (the table is ordered by day), where the last active day
 *   of every player read every event;
 * - the passes' attempts and seconds come back as value counts (sumMap), not one entry per player: 0.4 against 7.7 MB.
 */
export async function stuckRows(db: Sql, store: ColumnStore, scope: StoreScope, quietSince: string): Promise<StuckStoreRow[]> {
  if (scope.apps.length === 0) return [];
  const context = await storeContext(db, scope.apps);
  const params: Record<string, unknown> = { apps: scope.apps, from: scope.from, to: scope.to, test_players: context.testPlayers, quiet_since: quietSince };
  const filter = attributeFilter(scope, params, { os: 'f.2', version: 'f.3', country: 'f.4' });
  const completion = "name = 'level_complete'";
  const fail = "name = 'level_fail'";
  const counts = (v: string) => `arrayStringConcat(arrayMap((v, n) -> concat(toString(v), ':', toString(n)), mapKeys(${v}), mapValues(${v})), ',')`;
  const rows = await store.query<Record<string, string | null>>(
    `WITH plays AS (
       SELECT app_id, user_id, simpleJSONExtractInt(params, 'level') AS level, ${firstEvent(filter)} AS f,
              countIf(${fail}) AS fails, countIf(${completion}) AS completes,
              minIf(concat(${EVENT_ORDER}, '\\0', toString(simpleJSONExtractInt(params, 'attempts')), ':', toString(duration)), ${completion}) AS first_pass,
              toInt64OrZero(splitByChar(':', ${carried('first_pass')})[1]) AS pass_attempts,
              toInt64OrZero(splitByChar(':', ${carried('first_pass')})[2])
                + arraySum(x -> if(x < first_pass, toInt64OrZero(${carried('x')}), 0), groupArrayIf(concat(${EVENT_ORDER}, '\\0', toString(duration)), ${fail})) AS pass_seconds
         FROM ${liveEvents(store, `app_id IN {apps:Array(String)} AND name IN ${LEVEL_EVENTS}`)}
        WHERE simpleJSONExtractString(params, 'mode') = 'main'
        GROUP BY app_id, user_id, level
     ), active AS (
       SELECT DISTINCT app_id, user_id FROM ${liveEvents(store, 'app_id IN {apps:Array(String)} AND day > {quiet_since:Date}')}
     ), players AS (
       SELECT max(level) AS highest, (app_id, user_id) NOT IN active AS quiet,
              groupArray(level) AS levels, groupArray(f) AS firsts, groupArray(fails) AS failed, groupArray(completes) AS completed,
              groupArray(pass_attempts) AS attempts, groupArray(pass_seconds) AS seconds
         FROM plays GROUP BY app_id, user_id
     ), arrivals AS (
       SELECT level, f, fails, completes, completes > 0 AS passed, pass_attempts, pass_seconds, level = highest AND quiet AS stuck
         FROM players ARRAY JOIN levels AS level, firsts AS f, failed AS fails, completed AS completes, attempts AS pass_attempts, seconds AS pass_seconds
        WHERE f.1 BETWEEN {from:Date} AND {to:Date} AND ${filter}
     )
     SELECT at_level, reached, stuck_players, all_fails, all_completes, passes,
            ${counts('attempt_counts')} AS attempts, ${counts('second_counts')} AS seconds
       FROM (SELECT level AS at_level, count() AS reached, countIf(stuck) AS stuck_players, sum(fails) AS all_fails,
                    sum(completes) AS all_completes, countIf(passed) AS passes,
                    sumMapIf(map(pass_attempts, toUInt64(1)), passed) AS attempt_counts,
                    sumMapIf(map(pass_seconds, toUInt64(1)), passed) AS second_counts
               FROM arrivals GROUP BY level)
      ORDER BY at_level`,
    params,
  );
  return rows.map((r) => ({
    level: num(r.at_level), reached: num(r.reached), stuck: num(r.stuck_players), fails: num(r.all_fails), completes: num(r.all_completes), passed: num(r.passes),
    attempts: r.attempts || null, seconds: r.seconds || null,
  }));
}
