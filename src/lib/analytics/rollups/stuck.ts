import type { Sql } from '../../server/db';
import { defineStep, rebuildStep, type DaysScope, type RangeScope, type RollupStep } from './step';

/**
 * Stuck Game's rollups (src/lib/analytics/stuck/): each player's plays of each main level per day, and
 * each player's last active day and highest level; the report reads the sums of the per-player rows per
 * arrival day (migration 0171). They run after level_reach (the highest level).
 */

/** Fails, completions and, on the day of the first completion, the attempts and play time it took. */
const stuckLevelUser = rebuildStep('stuck_level_user', (s) =>
  `WITH l AS (
         SELECT app_id, day, user_id, (params->>'level')::int AS level, name, event_time, event_id,
                coalesce((params->>'duration')::bigint, 0) AS duration, (params->>'attempts')::int AS attempts
           FROM analytics_events WHERE ${s.where} AND name IN ('level_complete', 'level_fail') AND params->>'mode' = 'main'
       ), first_win AS (
         SELECT DISTINCT ON (app_id, day, user_id, level) app_id, day, user_id, level, event_time, event_id, attempts, duration
           FROM l WHERE name = 'level_complete' ORDER BY app_id, day, user_id, level, event_time, event_id
       )
       INSERT INTO stuck_level_user (app_id, user_id, level, day, fails, fail_seconds, completes, pass_attempts, pass_seconds)
       SELECT l.app_id, l.user_id, l.level, l.day,
              count(*) FILTER (WHERE l.name = 'level_fail')::int,
              coalesce(sum(l.duration) FILTER (WHERE l.name = 'level_fail'), 0),
              count(*) FILTER (WHERE l.name = 'level_complete')::int,
              w.attempts,
              w.duration + coalesce(sum(l.duration) FILTER (WHERE l.name = 'level_fail' AND (l.event_time, l.event_id) < (w.event_time, w.event_id)), 0)
         FROM l LEFT JOIN first_win w USING (app_id, day, user_id, level)
        GROUP BY l.app_id, l.day, l.user_id, l.level, w.attempts, w.duration`);

/** The day's active players: their last active day and highest level (both only grow; a recomputed day keeps them). */
const stuckPlayers: RollupStep = defineStep({
  table: 'stuck_players',
  async run(tx, s) {
    await tx.query(
      `INSERT INTO stuck_players (app_id, user_id, last_day, highest_level)
       SELECT d.app_id, d.user_id, $1::date,
              coalesce((SELECT max(r.level) FROM level_reach r WHERE r.app_id = d.app_id AND r.user_id = d.user_id AND r.mode = 'main'), 0)
         FROM user_days d WHERE d.day = $1::date AND d.app_id ${s.appsIn2}
       ON CONFLICT (app_id, user_id) DO UPDATE SET last_day = greatest(stuck_players.last_day, EXCLUDED.last_day),
              highest_level = greatest(stuck_players.highest_level, EXCLUDED.highest_level)`,
      s.params,
    );
  },
  // Over a range: each player's last active day of it, and the highest level of level_reach (built before).
  async runRange(tx, s) {
    await tx.query(
      `INSERT INTO stuck_players (app_id, user_id, last_day, highest_level)
       SELECT d.app_id, d.user_id, max(d.day),
              coalesce((SELECT max(r.level) FROM level_reach r WHERE r.app_id = d.app_id AND r.user_id = d.user_id AND r.mode = 'main'), 0)
         FROM (SELECT app_id, user_id, day FROM user_days WHERE ${s.where}) d
        GROUP BY d.app_id, d.user_id`,
      s.params,
    );
  },
});

/**
 * Each player-level whose plays or first play are on this day: its whole history summed again from
 * stuck_level_user (so a late fail on an old day is counted when that day is recomputed). The same statement
 * keeps the report's counts (migration 0171) by deltas: each rewritten row's new figures are added to its
 * group and its old ones taken off (a row may change group when a late event moves its first play). All
 * parts of one statement read the table as it was before it, so `old` is the rows before the upsert.
 */
const ARRIVAL_KEY = 'app_id, day, level, os, app_version, country';
// Without version and country, by OS (migration 0189): the unfiltered report sums the OSes, an OS filter reads one.
const TOTAL_KEY = 'app_id, day, level, os';

/** The delta's upserts into one family of count tables (`stuck_level_${suffix}`, …): CTEs of the statement. */
const countInserts = (suffix: 'counts' | 'totals', key: string) =>
  `level_${suffix} AS (
         INSERT INTO stuck_level_${suffix} AS c (${key}, reached, fails, completes, passed)
         SELECT ${key}, sum(sign), sum(sign * fails), sum(sign * completes), coalesce(sum(sign) FILTER (WHERE pass_attempts IS NOT NULL), 0)
           FROM delta GROUP BY ${key}
         HAVING sum(sign) <> 0 OR sum(sign * fails) <> 0 OR sum(sign * completes) <> 0 OR coalesce(sum(sign) FILTER (WHERE pass_attempts IS NOT NULL), 0) <> 0
         ON CONFLICT (${key}) DO UPDATE SET reached = c.reached + EXCLUDED.reached, fails = c.fails + EXCLUDED.fails,
                completes = c.completes + EXCLUDED.completes, passed = c.passed + EXCLUDED.passed
       ), attempt_${suffix} AS (
         INSERT INTO stuck_attempt_${suffix} AS c (${key}, attempts, players)
         SELECT ${key}, pass_attempts, sum(sign) FROM delta WHERE pass_attempts IS NOT NULL
          GROUP BY ${key}, pass_attempts HAVING sum(sign) <> 0
         ON CONFLICT (${key}, attempts) DO UPDATE SET players = c.players + EXCLUDED.players
       ), second_${suffix} AS (
         INSERT INTO stuck_second_${suffix} AS c (${key}, seconds, players)
         SELECT ${key}, pass_seconds, sum(sign) FROM delta WHERE pass_seconds IS NOT NULL
          GROUP BY ${key}, pass_seconds HAVING sum(sign) <> 0
         ON CONFLICT (${key}, seconds) DO UPDATE SET players = c.players + EXCLUDED.players
       )`;
/** The (app, arrival day, level, OS) groups whose passes a delta changed: their lists are rewritten (0187, 0189, 0190). */
const changedPassGroups = `SELECT DISTINCT app_id, day::text AS day, level, os FROM delta WHERE pass_seconds IS NOT NULL OR pass_attempts IS NOT NULL`;
type PassGroup = { app_id: string; day: string; level: number; os: number };

const PASS_LIST_LOCK_KEY = 72_410_042;

/**
 * Rewrites the groups' lists of attempts and of seconds to pass (migrations 0187, 0190) from
 * stuck_attempt_totals and stuck_second_totals, which the transaction has just changed. Two days' rollups
 * may change one group at once, each seeing only its own uncommitted totals: a lock per group, held to the
 * commit, makes the second writer wait and then read the totals with the first one's change committed (a new
 * statement's snapshot), so the last list written has both. Locks in hash order: two writers never wait on
 * each other crosswise.
 */
async function rewritePassLists(tx: Sql, groups: readonly PassGroup[]): Promise<void> {
  if (groups.length === 0) return;
  const g = `g AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS g(app_id text, day date, level int, os smallint))`;
  const params = [JSON.stringify(groups)];
  await tx.query(
    `WITH ${g} SELECT pg_advisory_xact_lock(${PASS_LIST_LOCK_KEY}, h)
       FROM (SELECT DISTINCT hashtext(app_id || '|' || day::text || '|' || level::text || '|' || os::text) AS h FROM g ORDER BY h) x`,
    params,
  );
  for (const [family, column] of [['attempt', 'attempts'], ['second', 'seconds']] as const) {
    await tx.query(
      `WITH ${g}, l AS (
         SELECT g.app_id, g.day, g.level, g.os, string_agg(t.${column}::text || ':' || t.players::text, ',' ORDER BY t.${column}) AS list
           FROM g JOIN stuck_${family}_totals t ON t.app_id = g.app_id AND t.day = g.day AND t.level = g.level AND t.os = g.os AND t.players > 0
          GROUP BY g.app_id, g.day, g.level, g.os
       ), emptied AS (
         DELETE FROM stuck_${family}_lists x USING g
          WHERE x.app_id = g.app_id AND x.day = g.day AND x.level = g.level AND x.os = g.os
            AND NOT EXISTS (SELECT 1 FROM l WHERE l.app_id = g.app_id AND l.day = g.day AND l.level = g.level AND l.os = g.os)
       )
       INSERT INTO stuck_${family}_lists (app_id, day, level, os, list) SELECT app_id, day, level, os, list FROM l
       ON CONFLICT (app_id, day, level, os) DO UPDATE SET list = EXCLUDED.list`,
      params,
    );
  }
}

/** The player-levels a day touches: played that day, or first reached that day. */
const touched = (s: DaysScope) =>
  `SELECT app_id, user_id, level FROM stuck_level_user WHERE ${s.where}
   UNION SELECT app_id, user_id, level FROM level_reach WHERE ${s.where} AND mode = 'main'`;

const stuckArrivals: RollupStep = defineStep({
  table: 'stuck_arrivals',
  run: rebuildArrivals,
  runRange: buildArrivals,
});

/**
 * Over a range, on tables that hold nothing of its apps: every main level reached in the range gets its
 * arrival from its player-level's whole history, summed once for all (the day-by-day statement's correlated
 * sums, three per row, took most of the range build), and the count tables get the sums of the new rows.
 * The figures are those of rebuildArrivals: fails and completes summed, the pass day the first day with a
 * completion, the seconds to pass that day's plus the failed seconds of the days before it.
 */
async function buildArrivals(tx: Sql, s: RangeScope): Promise<void> {
  await tx.query(
    `WITH h AS (
       SELECT app_id, user_id, level, day, fails, completes, fail_seconds, pass_attempts, pass_seconds,
              min(day) FILTER (WHERE completes > 0) OVER (PARTITION BY app_id, user_id, level) AS pass_day
         FROM stuck_level_user WHERE app_id ${s.appsIn2}
     ), a AS (
       SELECT app_id, user_id, level, sum(fails)::int AS fails, sum(completes)::int AS completes, min(pass_day) AS pass_day,
              coalesce(sum(fail_seconds) FILTER (WHERE day < pass_day), 0) AS failed_before,
              min(pass_attempts) FILTER (WHERE day = pass_day) AS pass_attempts, min(pass_seconds) FILTER (WHERE day = pass_day) AS pass_seconds
         FROM h GROUP BY app_id, user_id, level
     ), new AS (
       SELECT r.app_id, r.user_id, r.level, r.day, r.os, r.app_version, r.country, coalesce(a.fails, 0) AS fails, coalesce(a.completes, 0) AS completes,
              a.pass_attempts, a.pass_seconds + a.failed_before AS pass_seconds
         FROM level_reach r LEFT JOIN a USING (app_id, user_id, level)
        WHERE r.mode = 'main' AND r.day ${s.dayIn} AND r.app_id ${s.appsIn2}
     ), saved AS (
       INSERT INTO stuck_arrivals (app_id, user_id, level, day, os, app_version, country, fails, completes, pass_attempts, pass_seconds)
       SELECT app_id, user_id, level, day, os, app_version, country, fails, completes, pass_attempts, pass_seconds FROM new
     ), delta AS (
       SELECT ${ARRIVAL_KEY}, 1 AS sign, fails, completes, pass_attempts, pass_seconds FROM new
     ), ${countInserts('counts', ARRIVAL_KEY)}, ${countInserts('totals', TOTAL_KEY)}
     SELECT 1`,
    s.params,
  );
  // Every group's lists from the totals just written (rewritePassLists' per-group statement, for all groups at once).
  for (const [family, column] of [['attempt', 'attempts'], ['second', 'seconds']] as const) {
    await tx.query(`DELETE FROM stuck_${family}_lists WHERE ${s.where}`, s.params);
    await tx.query(
      `INSERT INTO stuck_${family}_lists (app_id, day, level, os, list)
       SELECT app_id, day, level, os, string_agg(${column}::text || ':' || players::text, ',' ORDER BY ${column})
         FROM stuck_${family}_totals WHERE ${s.where} AND players > 0
        GROUP BY app_id, day, level, os`,
      s.params,
    );
  }
}

async function rebuildArrivals(tx: Sql, s: DaysScope): Promise<void> {
  // Two days of an app may be rolled up at once (the lock is per day) and rewrite the same arrival: its rows
  // are locked first, in key order, so that the statement below (a new snapshot) takes off the figures the
  // row holds now, not the ones another pass has just replaced — else the counts would drift for good.
  await tx.query(
    `SELECT 1 FROM stuck_arrivals a
      WHERE (a.app_id, a.user_id, a.level) IN (${touched(s)})
      ORDER BY a.app_id, a.user_id, a.level FOR UPDATE`,
    s.params,
  );
  const changed = await tx.query<PassGroup>(
    `WITH t AS (${touched(s)}), new AS (
       SELECT t.app_id, t.user_id, t.level, r.day, r.os, r.app_version, r.country, coalesce(a.fails, 0) AS fails, coalesce(a.completes, 0) AS completes, w.pass_attempts,
              w.pass_seconds + coalesce((SELECT sum(y.fail_seconds) FROM stuck_level_user y
                                          WHERE y.app_id = t.app_id AND y.user_id = t.user_id AND y.level = t.level AND y.day < a.pass_day), 0) AS pass_seconds
         FROM t
         JOIN level_reach r ON r.app_id = t.app_id AND r.user_id = t.user_id AND r.mode = 'main' AND r.level = t.level
         LEFT JOIN LATERAL (SELECT sum(x.fails)::int AS fails, sum(x.completes)::int AS completes, min(x.day) FILTER (WHERE x.completes > 0) AS pass_day
                              FROM stuck_level_user x WHERE x.app_id = t.app_id AND x.user_id = t.user_id AND x.level = t.level) a ON true
         LEFT JOIN stuck_level_user w ON w.app_id = t.app_id AND w.user_id = t.user_id AND w.level = t.level AND w.day = a.pass_day
     ), old AS (
       SELECT o.* FROM stuck_arrivals o JOIN new n ON n.app_id = o.app_id AND n.user_id = o.user_id AND n.level = o.level
     ), saved AS (
       INSERT INTO stuck_arrivals (app_id, user_id, level, day, os, app_version, country, fails, completes, pass_attempts, pass_seconds)
       SELECT app_id, user_id, level, day, os, app_version, country, fails, completes, pass_attempts, pass_seconds FROM new
       ON CONFLICT (app_id, user_id, level) DO UPDATE SET day = EXCLUDED.day, os = EXCLUDED.os, app_version = EXCLUDED.app_version, country = EXCLUDED.country,
              fails = EXCLUDED.fails, completes = EXCLUDED.completes, pass_attempts = EXCLUDED.pass_attempts, pass_seconds = EXCLUDED.pass_seconds
     ), delta AS (
       SELECT ${ARRIVAL_KEY}, 1 AS sign, fails, completes, pass_attempts, pass_seconds FROM new
       UNION ALL SELECT ${ARRIVAL_KEY}, -1, fails, completes, pass_attempts, pass_seconds FROM old
     ), ${countInserts('counts', ARRIVAL_KEY)}, ${countInserts('totals', TOTAL_KEY)}
     ${changedPassGroups}`,
    s.params,
  );
  await rewritePassLists(tx, changed);
}

/**
 * The day's active players (the only ones whose highest level or its arrival can have changed today): the
 * day and attributes of their arrival at their highest level, which the stuck count filters on.
 */
const stuckHighest: RollupStep = defineStep({
  table: 'stuck_players',
  async run(tx, s) {
    await tx.query(
      `UPDATE stuck_players p SET highest_day = a.day, os = a.os, app_version = a.app_version, country = a.country
         FROM user_days d JOIN stuck_arrivals a ON a.app_id = d.app_id AND a.user_id = d.user_id
        WHERE d.day = $1::date AND d.app_id ${s.appsIn2} AND p.app_id = d.app_id AND p.user_id = d.user_id AND a.level = p.highest_level
          AND (p.highest_day, p.os, p.app_version, p.country) IS DISTINCT FROM (a.day, a.os, a.app_version, a.country)`,
      s.params,
    );
  },
  // Over a range: every player of the apps (stuck_players holds only those the range made).
  async runRange(tx, s) {
    await tx.query(
      `UPDATE stuck_players p SET highest_day = a.day, os = a.os, app_version = a.app_version, country = a.country
         FROM stuck_arrivals a
        WHERE p.app_id IN (SELECT jsonb_array_elements_text($1::jsonb)) AND a.app_id = p.app_id AND a.user_id = p.user_id AND a.level = p.highest_level
          AND (p.highest_day, p.os, p.app_version, p.country) IS DISTINCT FROM (a.day, a.os, a.app_version, a.country)`,
      [JSON.stringify(s.apps)],
    );
  },
});

export const stuckSteps: readonly RollupStep[] = [stuckLevelUser, stuckPlayers, stuckArrivals, stuckHighest];

/**
 * A player leaves the rollups' input (marked as a test player, user-facts.ts): their arrivals go, and the
 * sums kept from them (migration 0171) lose exactly what those rows added (and the lists of 0187 and 0190
 * follow); their last day and highest level go too. Recomputing their days cannot do this: the arrivals step only rewrites the rows of players it
 * sees. When unmarked, the recomputed days bring every row back through the steps above.
 */
export async function forgetStuckPlayer(tx: Sql, appId: string, userId: string): Promise<void> {
  const changed = await tx.query<PassGroup>(
    `WITH old AS (DELETE FROM stuck_arrivals WHERE app_id = $1 AND user_id = $2 RETURNING *),
     delta AS (SELECT ${ARRIVAL_KEY}, -1 AS sign, fails, completes, pass_attempts, pass_seconds FROM old),
     ${countInserts('counts', ARRIVAL_KEY)}, ${countInserts('totals', TOTAL_KEY)}
     ${changedPassGroups}`,
    [appId, userId],
  );
  await rewritePassLists(tx, changed);
  await tx.query('DELETE FROM stuck_players WHERE app_id = $1 AND user_id = $2', [appId, userId]);
}
