import type { Db } from '../../server/db';
import { nowMs } from '../../time/clock';
import { addDays, daysBetween, reportDay } from '../../time/day';
import { num, refresh, scopeWhere, type ReportScope } from '../reports';
import { columnStore } from '../store/column-store';
import { stuckRows, type StuckStoreRow } from '../store/stuck';
import { medianAndP90 } from './percentiles';
import type { StuckLevelRow } from './rows';

/** Per level: a value-count table's counts over the scope as one "value:count,…" list (./percentiles.ts). */
const countLists = (table: string, column: string, where: string) =>
  `SELECT level, string_agg(${column}::text || ':' || players::text, ',') AS list FROM ${table} WHERE ${where} AND players > 0 GROUP BY level`;

/** Per level: the kept lists of a family (migrations 0187, 0190) joined into one. */
const joinedLists = (table: string, where: string) => `SELECT level, string_agg(list, ',') AS list FROM ${table} WHERE ${where} GROUP BY level`;

/**
 * Stuck Game's SQL (docs/metrics.md "Stuck Game"): per main level, the players whose first play of it falls
 * in the range (filtered by that play's attributes), what they did on the level since, and how many of them
 * are stuck there now. It reads sums kept per arrival day and attributes (migration 0171), not per-player
 * rows: reached, fails, completions and passes from stuck_level_counts (stuck_level_totals, kept by OS,
 * when no version or country is filtered), the medians and p90s from the value counts or their kept lists
 * (taken here, not in SQL: ./percentiles.ts, migrations 0187 and 0190), and the stuck players from
 * stuck_players (one row per player, carrying their arrival at their highest level: only there can they be
 * stuck), whose last_day is compared with today − N here, so nothing kept goes stale as days pass.
 */
export async function stuckLevels(db: Db, scope: ReportScope, inactiveDays: number, now = nowMs()): Promise<{ levels: StuckLevelRow[]; pending: number }> {
  const today = reportDay(now);
  const store = columnStore();
  // On a column store the figures come from raw events: nothing is pending.
  if (store) return { levels: (await stuckRows(db, await store, scope, addDays(today, -inactiveDays))).map(withPercentiles), pending: 0 };
  // Plays and last active days after the range count too: the whole history since the range may be pending.
  const pending = await refresh(db, scope, Math.max(0, daysBetween(scope.to, today)));
  if (scope.apps.length === 0) return { levels: [], pending };
  const params: unknown[] = [];
  // The apps as an array the indexes are probed with: with IN (SELECT …) the planner read every app's rows of
  // the range (at 13.6 M events, all six apps: 413 against 266 ms; one app: 236 against 158 ms).
  const where = scopeWhere(scope, params, 'day', 'any');
  const arrivedHighest = scopeWhere(scope, params, 'highest_day', 'any');
  params.push(addDays(today, -inactiveDays));
  const quietSince = `$${params.length}::date`;
  // Without a version or country filter the sums without them (by OS: 0171, 0189) answer with several times
  // fewer rows; an OS filter reads them with os = ….
  const filtered = Boolean((scope.version && scope.version !== 'all') || scope.countries.length);
  const counts = filtered ? 'counts' : 'totals';
  // A group whose arrivals all moved to another day or attribute keeps a zero row (see 0171): HAVING drops it.
  const rows = await db.query<Record<string, string | number | null>>(
    `WITH c AS (
       SELECT level, sum(reached)::int AS reached, sum(fails)::text AS fails, sum(completes)::text AS completes, sum(passed)::int AS passed
         FROM stuck_level_${counts} WHERE ${where} GROUP BY level HAVING sum(reached) > 0
     ), s AS (
       SELECT highest_level AS level, count(*)::int AS stuck FROM stuck_players WHERE ${arrivedHighest} AND last_day <= ${quietSince} GROUP BY highest_level
     ), a AS (${filtered ? countLists('stuck_attempt_counts', 'attempts', where) : joinedLists('stuck_attempt_lists', where)}
     ), t AS (${filtered ? countLists('stuck_second_counts', 'seconds', where) : joinedLists('stuck_second_lists', where)})
     SELECT c.level, c.reached, coalesce(s.stuck, 0) AS stuck, c.fails, c.completes, c.passed, a.list AS attempts, t.list AS seconds
       FROM c LEFT JOIN s USING (level) LEFT JOIN a USING (level) LEFT JOIN t USING (level)
      ORDER BY c.level`,
    params,
  );
  return {
    levels: rows.map((r) =>
      withPercentiles({
        level: num(r.level), reached: num(r.reached), stuck: num(r.stuck), fails: num(r.fails), completes: num(r.completes), passed: num(r.passed),
        attempts: r.attempts as string | null, seconds: r.seconds as string | null,
      }),
    ),
    pending,
  };
}

/** A level's sums with the median and p90 of its passes, taken from their value-count lists (either store). */
function withPercentiles({ attempts: attemptList, seconds: secondList, ...sums }: StuckStoreRow): StuckLevelRow {
  const attempts = medianAndP90(attemptList);
  const seconds = medianAndP90(secondList);
  return { ...sums, attemptsMedian: attempts.median, attemptsP90: attempts.p90, secondsMedian: seconds.median, secondsP90: seconds.p90 };
}
