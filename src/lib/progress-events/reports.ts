import { daysOf, reportDay } from '../time/day';
import { handleScopedReport } from '../analytics/reports';
import type { Sql } from '../server/db';
import { REPORT_OFFSET_MS } from '../time/zone';
import { progressDashboardScreen, type ProgressBucket, type ProgressDayLine } from './screens';

/**
 * The progress dashboard's server half, straight from the event's own tables (small: one row a player and
 * one a submission): day lines from the submissions and claims, standings from the players' points.
 * Definitions: docs/metrics.md, "Progress events".
 */

/** The reporting day (UTC+7) of a timestamptz column, in SQL. */
const dayOf = (column: string) => `((${column} AT TIME ZONE 'UTC') + make_interval(secs => ${REPORT_OFFSET_MS / 1000}))::date::text`;

/**
 * Points histogram with the track's thresholds as edges: below the first milestone, between each milestone
 * and the next, and from the last one up to the highest score. Players with 0 points are not participants.
 */
export function histogramOf(points: readonly number[], thresholds: readonly number[]): ProgressBucket[] {
  const top = Math.max(0, ...points);
  const edges = [1, ...thresholds.filter((t) => t > 1)];
  const buckets: ProgressBucket[] = edges.map((low, i) => ({ low, high: i + 1 < edges.length ? edges[i + 1]! - 1 : Math.max(low, top), players: 0 }));
  for (const p of points) {
    if (p <= 0) continue;
    let i = buckets.length - 1;
    while (i > 0 && p < buckets[i]!.low) i--;
    buckets[i]!.players++;
  }
  return buckets;
}

export const progressDashboardHandler = handleScopedReport(progressDashboardScreen, async (db, scope, input) => {
  const base = { pending: 0 };
  const events = await db.query<{ id: number; name: string; status: string; start_at: Date; end_at: Date }>(
    `SELECT id, name, status, start_at, end_at FROM progress_events WHERE app_id = ANY($1::text[]) ORDER BY (status = 'live') DESC, start_at DESC, id DESC`,
    [scope.apps],
  );
  const choices = events.map((e) => ({ id: String(e.id), name: e.name, status: e.status }));
  const chosen = input.event ? events.find((e) => String(e.id) === input.event) : events[0];
  const empty = { events: choices, event: '', name: '', participants: 0, thresholds: [], reachedTotal: [], claimedTotal: [], histogram: [], rows: [] };
  if (!chosen) return { ...base, ...empty };
  // Day lines only for the days of the range the event ran on (before its start there is nothing to show).
  const first = reportDay(new Date(chosen.start_at).getTime());
  const last = reportDay(new Date(chosen.end_at).getTime() - 1);
  const from = scope.from > first ? scope.from : first;
  const to = scope.to < last ? scope.to : last;
  return { ...base, ...(await eventFigures(db, chosen.id, from, to)), events: choices, event: String(chosen.id), name: chosen.name };
});

async function eventFigures(db: Sql, id: number, from: string, to: string) {
  const thresholds = (await db.query<{ threshold: number }>('SELECT threshold FROM progress_event_milestones WHERE event_id = $1 ORDER BY position', [id])).map((m) => Number(m.threshold));
  const points = (await db.query<{ points: string | number }>('SELECT points FROM progress_event_players WHERE event_id = $1', [id])).map((p) => Number(p.points));
  const claims = await db.query<{ position: number; day: string; n: number }>(
    `SELECT position, ${dayOf('claimed_at')} AS day, count(*)::int AS n FROM progress_event_claims WHERE event_id = $1 GROUP BY 1, 2`,
    [id],
  );
  const days = await db.query<{ day: string; active: number; points: string | number }>(
    `SELECT ${dayOf('submitted_at')} AS day, count(DISTINCT player_id)::int AS active, sum(points) AS points
       FROM progress_event_submissions WHERE event_id = $1 GROUP BY 1`,
    [id],
  );
  const joined = await db.query<{ day: string; n: number }>(
    `SELECT day, count(*)::int AS n FROM (SELECT player_id, min(${dayOf('submitted_at')}) AS day FROM progress_event_submissions WHERE event_id = $1 GROUP BY 1) f GROUP BY 1`,
    [id],
  );
  // The day each player's running total first reached each milestone (submissions in time order).
  const reached = await db.query<{ position: number; day: string; n: number }>(
    `WITH running AS (
       SELECT player_id, ${dayOf('submitted_at')} AS day, sum(points) OVER (PARTITION BY player_id ORDER BY submitted_at, client_id) AS total
         FROM progress_event_submissions WHERE event_id = $1),
     crossed AS (
       SELECT r.player_id, m.position, min(r.day) AS day FROM running r JOIN progress_event_milestones m ON m.event_id = $1 AND r.total >= m.threshold GROUP BY 1, 2)
     SELECT position, day, count(*)::int AS n FROM crossed GROUP BY 1, 2`,
    [id],
  );
  const key = (position: number, day: string) => `${position}|${day}`;
  const reachedBy = new Map(reached.map((r) => [key(r.position, r.day), r.n]));
  const claimedBy = new Map(claims.map((c) => [key(c.position, c.day), c.n]));
  const dayBy = new Map(days.map((d) => [d.day, d]));
  const joinedBy = new Map(joined.map((j) => [j.day, j.n]));
  const rows: ProgressDayLine[] = (from <= to ? daysOf(from, to) : []).map((day) => ({
    day,
    active: dayBy.get(day)?.active ?? 0,
    joined: joinedBy.get(day) ?? 0,
    points: Number(dayBy.get(day)?.points ?? 0),
    reached: thresholds.map((_t, i) => reachedBy.get(key(i + 1, day)) ?? 0),
    claimed: thresholds.map((_t, i) => claimedBy.get(key(i + 1, day)) ?? 0),
  }));
  return {
    participants: points.filter((p) => p > 0).length,
    thresholds,
    reachedTotal: thresholds.map((t) => points.filter((p) => p >= t).length),
    claimedTotal: thresholds.map((_t, i) => claims.filter((c) => c.position === i + 1).reduce((s, c) => s + c.n, 0)),
    histogram: histogramOf(points, thresholds),
    rows,
  };
}

export const progressReportHandlers = [progressDashboardHandler];
