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
     ), plays AS (
       SELECT s.app_id, s.user_id, s.level, sum(s.fails) AS fails, sum(s.completes) AS completes,
              min(s.day) FILTER (WHERE s.completes > 0) AS pass_day
         FROM stuck_level_user s JOIN r USING (app_id, user_id, level)
        GROUP BY s.app_id, s.user_id, s.level
     ), passes AS (
       SELECT p.app_id, p.user_id, p.level, w.pass_attempts AS attempts,
              w.pass_seconds + coalesce((SELECT sum(e.fail_seconds) FROM stuck_level_user e
                                          WHERE e.app_id = p.app_id AND e.user_id = p.user_id AND e.level = p.level AND e.day < p.pass_day), 0) AS seconds
         FROM plays p JOIN stuck_level_user w ON w.app_id = p.app_id AND w.user_id = p.user_id AND w.level = p.level AND w.day = p.pass_day
     )
     SELECT r.level, count(*)::int AS reached,
            count(*) FILTER (WHERE sp.highest_level = r.level AND sp.last_day <= ${quietSince})::int AS stuck,
            coalesce(sum(p.fails), 0)::text AS fails, coalesce(sum(p.completes), 0)::text AS completes,
            count(w.user_id)::int AS passed,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY w.attempts) AS attempts_median,
            percentile_cont(0.9) WITHIN GROUP (ORDER BY w.attempts) AS attempts_p90,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY w.seconds) AS seconds_median,
            percentile_cont(0.9) WITHIN GROUP (ORDER BY w.seconds) AS seconds_p90
       FROM r
       LEFT JOIN stuck_players sp USING (app_id, user_id)
       LEFT JOIN plays p USING (app_id, user_id, level)
       LEFT JOIN passes w USING (app_id, user_id, level)
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
