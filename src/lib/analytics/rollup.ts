import { tunables } from '../server/config';
import type { Db, Sql } from '../server/db';
import { addDays } from './day';
import { ensurePartitions } from './partitions';
import { nowMs } from '../time/clock';

/**
 * Incremental rollups. The ingestion marks each (app, day) it wrote to in rollup_dirty; a rollup pass
 * recomputes exactly those app-days from their raw partition — per-user activity, install and
 * level-reach facts, then the daily figures, retention, level and level-cohort rows — and clears the
 * marks it has seen. Recomputing a whole app-day keeps every figure exact (no additive drift, resends and
 * late events included) while touching only the days that changed.
 *
 * Facts that belong to a user's first time (install day, first play of a level) can move to an earlier
 * day when late events arrive; the pass then marks the days that counted the old fact dirty, and they are
 * recomputed in turn.
 */

/** Retention is kept for days 0..30 after install. */
export const RETENTION_MAX_DAY = 30;
const ROLLUP_LOCK_KEY = 72_410_041;

const LEVEL_EVENTS = `('level_start', 'level_complete', 'level_fail')`;
const appsIn = (n: number) => `IN (SELECT jsonb_array_elements_text($${n}::jsonb))`;

export interface RollupProgress {
  /** App-days recomputed. */
  appDays: number;
  /** App-days still marked dirty afterwards. */
  pending: number;
}

/** Days in progress in this process (PGlite has one session, where advisory locks do not exclude). */
const inProgress = new Set<string>();

/**
 * Recomputes the dirty app-days of one day (all dirty apps of the day, or only those given).
 * Answers how many app-days it recomputed (0 when another runner holds the day).
 */
export async function rollupDay(db: Db, day: string, onlyApps?: readonly string[]): Promise<number> {
  if (inProgress.has(day)) return 0;
  inProgress.add(day);
  try {
    return await db.transaction(async (tx) => {
      const locked = await tx.one<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1, $2) AS ok', [ROLLUP_LOCK_KEY, dayNumber(day)]);
      if (!locked?.ok) return 0;
      const marks = await tx.query<{ app_id: string; ver: string }>(
        `SELECT app_id, ver::text AS ver FROM rollup_dirty WHERE day = $1::date ${onlyApps ? `AND app_id ${appsIn(2)}` : ''} ORDER BY app_id`,
        onlyApps ? [day, JSON.stringify(onlyApps)] : [day],
      );
      if (marks.length === 0) return 0;
      await recompute(tx, day, marks.map((m) => m.app_id));
      const params: unknown[] = [day];
      const pairs = marks.map((m) => (params.push(m.app_id, m.ver), `($${params.length - 1}, $${params.length}::bigint)`));
      await tx.query(`DELETE FROM rollup_dirty WHERE day = $1::date AND (app_id, ver) IN (${pairs.join(',')})`, params);
      return marks.length;
    });
  } finally {
    inProgress.delete(day);
  }
}

const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);

/** Rebuilds every rollup row of (apps, day) from the day's raw events. */
async function recompute(tx: Sql, day: string, apps: readonly string[]): Promise<void> {
  const p = [day, JSON.stringify(apps)];
  const scope = `day = $1::date AND app_id ${appsIn(2)}`;

  // 1. Per-user daily activity; the user's os/version/country of the day are those of their last event
  //    (versions cannot contain '|': the SDK contract allows letters, digits and . _ + -).
  await tx.query(`DELETE FROM user_days WHERE ${scope}`, p);
  await tx.query(
    `INSERT INTO user_days (app_id, day, user_id, os, app_version, country, events, sessions, session_ends, session_seconds,
                            ad_impressions, ad_revenue, iap_purchases, iap_revenue)
     SELECT app_id, $1::date, user_id, split_part(last, '|', 1)::smallint, split_part(last, '|', 2), split_part(last, '|', 3), events, sessions, session_ends, session_seconds,
            ad_impressions, ad_revenue, iap_purchases, iap_revenue
       FROM (SELECT app_id, user_id,
                    (array_agg(os || '|' || app_version || '|' || country ORDER BY event_time DESC, event_id DESC))[1] AS last,
                    count(*)::int AS events,
                    count(*) FILTER (WHERE name = 'session_start')::int AS sessions,
                    count(*) FILTER (WHERE name = 'session_end')::int AS session_ends,
                    coalesce(sum((params->>'duration')::bigint) FILTER (WHERE name = 'session_end'), 0) AS session_seconds,
                    count(*) FILTER (WHERE name = 'ad_impression')::int AS ad_impressions,
                    coalesce(sum((params->>'revenueUsdMicros')::bigint) FILTER (WHERE name = 'ad_impression'), 0) AS ad_revenue,
                    count(*) FILTER (WHERE name = 'iap_purchase')::int AS iap_purchases,
                    coalesce(sum((params->>'revenueUsdMicros')::bigint) FILTER (WHERE name = 'iap_purchase'), 0) AS iap_revenue
               FROM events WHERE ${scope} GROUP BY app_id, user_id) u`,
    p,
  );

  // 2. Installs: a user's install day is the day of their first first_open. A user whose install is new,
  //    moves to this day (late events) or changes attributes makes the days that counted them dirty: their
  //    later active days (retention and level cohorts join the install) and the old install day.
  const moved = await tx.query<{ app_id: string; user_id: string; install_day: string | null }>(
    `WITH f AS (
       SELECT DISTINCT ON (app_id, user_id) app_id, user_id, os, app_version, country
         FROM events WHERE ${scope} AND name = 'first_open' ORDER BY app_id, user_id, event_time, event_id
     ), moved AS (
       SELECT f.app_id, f.user_id, u.install_day FROM f LEFT JOIN app_users u USING (app_id, user_id)
        WHERE u.user_id IS NULL OR u.install_day > $1::date
           OR (u.install_day = $1::date AND (u.os, u.app_version, u.country) IS DISTINCT FROM (f.os, f.app_version, f.country))
     ), up AS (
       INSERT INTO app_users (app_id, user_id, install_day, os, app_version, country)
       SELECT app_id, user_id, $1::date, os, app_version, country FROM f
       ON CONFLICT (app_id, user_id) DO UPDATE SET install_day = EXCLUDED.install_day, os = EXCLUDED.os, app_version = EXCLUDED.app_version, country = EXCLUDED.country
        WHERE EXCLUDED.install_day < app_users.install_day
           OR (EXCLUDED.install_day = app_users.install_day AND (app_users.os, app_users.app_version, app_users.country) IS DISTINCT FROM (EXCLUDED.os, EXCLUDED.app_version, EXCLUDED.country))
     )
     SELECT app_id, user_id, install_day::text AS install_day FROM moved`,
    p,
  );
  if (moved.length) {
    await tx.query(
      `WITH m AS (SELECT x->>'a' AS app_id, x->>'u' AS user_id, (x->>'d')::date AS old_day FROM jsonb_array_elements($2::jsonb) x)
       INSERT INTO rollup_dirty (app_id, day)
       SELECT DISTINCT app_id, day FROM (
         SELECT d.app_id, d.day FROM user_days d JOIN m USING (app_id, user_id) WHERE d.day > $1::date
         UNION ALL SELECT app_id, old_day FROM m WHERE old_day IS NOT NULL
       ) s WHERE day <> $1::date
       ORDER BY app_id, day
       ON CONFLICT (app_id, day) DO UPDATE SET ver = rollup_dirty.ver + 1, marked_at = now()`,
      [day, JSON.stringify(moved.map((m) => ({ a: m.app_id, u: m.user_id, d: m.install_day })))],
    );
  }

  // 3. First play of each level; plays moving to this day make the day that counted them dirty.
  const movedLevels = await tx.query<{ app_id: string; day: string }>(
    `WITH l AS (
       SELECT DISTINCT ON (app_id, user_id, params->>'mode', (params->>'level')::int)
              app_id, user_id, params->>'mode' AS mode, (params->>'level')::int AS level, os, app_version, country
         FROM events WHERE ${scope} AND name IN ${LEVEL_EVENTS}
        ORDER BY app_id, user_id, params->>'mode', (params->>'level')::int, event_time, event_id
     ), moved AS (
       SELECT DISTINCT r.app_id, r.day FROM level_reach r JOIN l USING (app_id, user_id, mode, level) WHERE r.day > $1::date
     ), up AS (
       INSERT INTO level_reach (app_id, user_id, mode, level, day, os, app_version, country)
       SELECT app_id, user_id, mode, level, $1::date, os, app_version, country FROM l
       ON CONFLICT (app_id, user_id, mode, level) DO UPDATE SET day = EXCLUDED.day, os = EXCLUDED.os, app_version = EXCLUDED.app_version, country = EXCLUDED.country
        WHERE EXCLUDED.day < level_reach.day
           OR (EXCLUDED.day = level_reach.day AND (level_reach.os, level_reach.app_version, level_reach.country) IS DISTINCT FROM (EXCLUDED.os, EXCLUDED.app_version, EXCLUDED.country))
     )
     SELECT app_id, day::text AS day FROM moved ORDER BY app_id, day`,
    p,
  );
  if (movedLevels.length) {
    const params: unknown[] = [];
    const values = movedLevels.map((m) => (params.push(m.app_id, m.day), `($${params.length - 1}, $${params.length}::date)`));
    await tx.query(
      `INSERT INTO rollup_dirty (app_id, day) VALUES ${values.join(',')} ON CONFLICT (app_id, day) DO UPDATE SET ver = rollup_dirty.ver + 1, marked_at = now()`,
      params,
    );
  }

  // 4. Daily figures: per-user activity summed by the user-day's attributes, installs by the install's.
  await tx.query(`DELETE FROM daily_metrics WHERE ${scope}`, p);
  await tx.query(
    `INSERT INTO daily_metrics (app_id, day, os, app_version, country, installs, dau, events, sessions, session_ends, session_seconds,
                                ad_impressions, ad_revenue, iap_purchases, iap_revenue, payers)
     SELECT app_id, $1::date, os, app_version, country, sum(installs)::int, sum(dau)::int, sum(events)::int, sum(sessions)::int,
            sum(session_ends)::int, sum(session_seconds), sum(ad_impressions)::int, sum(ad_revenue), sum(iap_purchases)::int,
            sum(iap_revenue), sum(payers)::int
       FROM (SELECT app_id, os, app_version, country, 0 AS installs, 1 AS dau, events, sessions, session_ends, session_seconds,
                    ad_impressions, ad_revenue, iap_purchases, iap_revenue, (iap_purchases > 0)::int AS payers
               FROM user_days WHERE ${scope}
             UNION ALL
             SELECT app_id, os, app_version, country, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
               FROM app_users WHERE install_day = $1::date AND app_id ${appsIn(2)}) x
      GROUP BY app_id, os, app_version, country`,
    p,
  );

  // 5. Retention: users of each cohort (install day within 30 days before) active on this day.
  await tx.query(`DELETE FROM retention_daily WHERE ${scope}`, p);
  await tx.query(
    `INSERT INTO retention_daily (app_id, day, install_day, os, app_version, country, users)
     SELECT d.app_id, $1::date, u.install_day, u.os, u.app_version, u.country, count(*)::int
       FROM user_days d JOIN app_users u USING (app_id, user_id)
      WHERE d.day = $1::date AND d.app_id ${appsIn(2)} AND u.install_day BETWEEN $1::date - ${RETENTION_MAX_DAY} AND $1::date
      GROUP BY d.app_id, u.install_day, u.os, u.app_version, u.country`,
    p,
  );

  // 6. Level plays of the day, with the players who played the level for the first time that day.
  await tx.query(`DELETE FROM level_daily WHERE ${scope}`, p);
  await tx.query(
    `INSERT INTO level_daily (app_id, day, os, app_version, country, mode, level, starts, completes, fails, attempts_sum, duration_sum, reached)
     SELECT app_id, $1::date, os, app_version, country, mode, level, sum(starts)::int, sum(completes)::int, sum(fails)::int,
            sum(attempts), sum(duration), sum(reached)::int
       FROM (SELECT app_id, os, app_version, country, params->>'mode' AS mode, (params->>'level')::int AS level,
                    (name = 'level_start')::int AS starts, (name = 'level_complete')::int AS completes, (name = 'level_fail')::int AS fails,
                    CASE WHEN name = 'level_complete' THEN (params->>'attempts')::bigint ELSE 0 END AS attempts,
                    CASE WHEN name = 'level_start' THEN 0 ELSE (params->>'duration')::bigint END AS duration, 0 AS reached
               FROM events WHERE ${scope} AND name IN ${LEVEL_EVENTS}
             UNION ALL
             SELECT app_id, os, app_version, country, mode, level, 0, 0, 0, 0, 0, 1 FROM level_reach WHERE ${scope}) x
      GROUP BY app_id, os, app_version, country, mode, level`,
    p,
  );

  // 7. Level progress of install cohorts: installed users who first played a level this day.
  await tx.query(`DELETE FROM level_cohort WHERE ${scope}`, p);
  await tx.query(
    `INSERT INTO level_cohort (app_id, day, install_day, os, app_version, country, mode, level, users)
     SELECT r.app_id, $1::date, u.install_day, u.os, u.app_version, u.country, r.mode, r.level, count(*)::int
       FROM level_reach r JOIN app_users u USING (app_id, user_id)
      WHERE r.day = $1::date AND r.app_id ${appsIn(2)}
      GROUP BY r.app_id, u.install_day, u.os, u.app_version, u.country, r.mode, r.level`,
    p,
  );
}

/** Dirty days, oldest first (installs and first plays settle before the days that follow them). */
async function dirtyDays(db: Sql, filter: { apps?: readonly string[]; from?: string; to?: string } = {}): Promise<string[]> {
  const params: unknown[] = [];
  const where: string[] = [];
  if (filter.apps) where.push(`app_id ${appsIn(params.push(JSON.stringify(filter.apps)))}`);
  if (filter.from) where.push(`day >= $${params.push(filter.from)}::date`);
  if (filter.to) where.push(`day <= $${params.push(filter.to)}::date`);
  const rows = await db.query<{ day: string }>(
    `SELECT DISTINCT day::text AS day FROM rollup_dirty ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY day LIMIT 400`,
    params,
  );
  return rows.map((r) => r.day);
}

/** App-days waiting for their rollup. */
export async function pendingAppDays(db: Sql, filter: { apps?: readonly string[]; from?: string; to?: string } = {}): Promise<number> {
  const params: unknown[] = [];
  const where: string[] = [];
  if (filter.apps) where.push(`app_id ${appsIn(params.push(JSON.stringify(filter.apps)))}`);
  if (filter.from) where.push(`day >= $${params.push(filter.from)}::date`);
  if (filter.to) where.push(`day <= $${params.push(filter.to)}::date`);
  const row = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM rollup_dirty ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`, params);
  return row?.n ?? 0;
}

/**
 * Recomputes dirty app-days, oldest day first, until none is left or the time budget is spent. With a
 * filter (a report's apps and range) only those app-days are done — the "on demand" refresh. Days that
 * become dirty while it runs (moved facts) are picked up in the same call.
 */
export async function rollupPending(db: Db, options: { apps?: readonly string[]; from?: string; to?: string; budgetMs?: number } = {}): Promise<RollupProgress> {
  const deadline = performance.now() + (options.budgetMs ?? 60_000);
  let appDays = 0;
  const filter = { apps: options.apps, from: options.from, to: options.to };
  for (let round = 0; round < 50 && performance.now() < deadline; round++) {
    const days = await dirtyDays(db, filter);
    if (days.length === 0) break;
    let done = 0;
    for (const day of days) {
      if (performance.now() >= deadline) break;
      done += await rollupDay(db, day, options.apps);
    }
    appDays += done;
    if (done === 0) break; // Every dirty day is being done by another runner.
  }
  return { appDays, pending: await pendingAppDays(db, filter) };
}

/** The scheduler's analytics_rollup job: the dirty app-days, and tomorrow's partitions ready before midnight. */
export async function runRollupJob(db: Db, now = nowMs(), budgetMs = tunables().rollupJobBudgetMs): Promise<string> {
  const today = new Date(now + 7 * 3_600_000).toISOString().slice(0, 10);
  await ensurePartitions(db, [today, addDays(today, 1)]);
  const { appDays, pending } = await rollupPending(db, { budgetMs });
  return `rolled up ${appDays} app-day(s); ${pending} pending`;
}
