import type { Db } from '../../server/db';
import { nowMs } from '../../time/clock';
import { addDays, daysBetween, reportDay } from '../day';
import { num, refresh, scopeWhere, type ReportScope } from '../reports';
import type { StuckLevelRow } from './rows';

/**
 * Stuck Game's SQL over level_reach, stuck_level_user and stuck_players (migration 0091): per main level,
 * the players whose first play of it falls in the range (filtered by that play's attributes), what they did
 * on the level since, and how many of them are stuck there now.
 */
export async function stuckLevels(db: Db, scope: ReportScope, inactiveDays: number, now = nowMs()): Promise<{ levels: StuckLevelRow[]; pending: number }> {
  const today = reportDay(now);
  // Plays and last active days after the range count too: the whole history since the range may be pending.
  const pending = await refresh(db, scope, Math.max(0, daysBetween(scope.to, today)));
  if (scope.apps.length === 0) return { levels: [], pending };
  const params: unknown[] = [];
  const where = scopeWhere(scope, params, 'day');
  params.push(addDays(today, -inactiveDays));
  const quietSince = `$${params.length}::date`;
  const rows = await db.query<Record<string, string | number | null>>(
    `WITH r AS (
       SELECT app_id, user_id, level FROM level_reach WHERE ${where} AND mode = 'main'
     ), s AS (
       SELECT s.app_id, s.user_id, s.level, s.day, s.fails, s.fail_seconds, s.completes, s.pass_attempts, s.pass_seconds,
              min(s.day) FILTER (WHERE s.completes > 0) OVER (PARTITION BY s.app_id, s.user_id, s.level) AS pass_day
         FROM stuck_level_user s JOIN r USING (app_id, user_id, level)
     ), p AS (
       -- Per arrival: all their fails and wins of the level; passing = the first win's attempts, and its play
       -- time plus every fail before it (earlier days here, that day's in pass_seconds).
       SELECT app_id, user_id, level, sum(fails) AS fails, sum(completes) AS completes,
              max(pass_attempts) FILTER (WHERE day = pass_day) AS attempts,
              max(pass_seconds) FILTER (WHERE day = pass_day) + coalesce(sum(fail_seconds) FILTER (WHERE day < pass_day), 0) AS seconds
         FROM s GROUP BY app_id, user_id, level
     )
     SELECT r.level, count(*)::int AS reached,
            count(*) FILTER (WHERE sp.highest_level = r.level AND sp.last_day <= ${quietSince})::int AS stuck,
            coalesce(sum(p.fails), 0)::text AS fails, coalesce(sum(p.completes), 0)::text AS completes,
            count(p.attempts)::int AS passed,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY p.attempts) AS attempts_median,
            percentile_cont(0.9) WITHIN GROUP (ORDER BY p.attempts) AS attempts_p90,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY p.seconds) AS seconds_median,
            percentile_cont(0.9) WITHIN GROUP (ORDER BY p.seconds) AS seconds_p90
       FROM r
       LEFT JOIN stuck_players sp USING (app_id, user_id)
       LEFT JOIN p USING (app_id, user_id, level)
      GROUP BY r.level ORDER BY r.level`,
    params,
  );
  const nullable = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    levels: rows.map((r) => ({
      level: num(r.level),
      reached: num(r.reached),
      stuck: num(r.stuck),
      fails: num(r.fails),
      completes: num(r.completes),
      passed: num(r.passed),
      attemptsMedian: nullable(r.attempts_median),
      attemptsP90: nullable(r.attempts_p90),
      secondsMedian: nullable(r.seconds_median),
      secondsP90: nullable(r.seconds_p90),
    })),
    pending,
  };
}
