import type { Db } from '../../server/db';
import { nowMs } from '../../time/clock';
import { addDays, daysBetween, reportDay } from '../day';
import { num, refresh, scopeWhere, type ReportScope } from '../reports';
import type { StuckLevelRow } from './rows';

/**
 * Stuck Game's SQL over stuck_arrivals and stuck_players (migrations 0091, 0092): per main level,
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
    `SELECT a.level, count(*)::int AS reached,
            count(*) FILTER (WHERE sp.highest_level = a.level AND sp.last_day <= ${quietSince})::int AS stuck,
            sum(a.fails)::text AS fails, sum(a.completes)::text AS completes, count(a.pass_attempts)::int AS passed,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY a.pass_attempts) AS attempts_median,
            percentile_cont(0.9) WITHIN GROUP (ORDER BY a.pass_attempts) AS attempts_p90,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY a.pass_seconds) AS seconds_median,
            percentile_cont(0.9) WITHIN GROUP (ORDER BY a.pass_seconds) AS seconds_p90
       FROM (SELECT app_id, user_id, level, fails, completes, pass_attempts, pass_seconds FROM stuck_arrivals WHERE ${where}) a
       LEFT JOIN stuck_players sp ON sp.app_id = a.app_id AND sp.user_id = a.user_id
      GROUP BY a.level ORDER BY a.level`,
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
