import { defineStep, type StaleAppDay } from './step';

/**
 * Installs: a user's install day is the day of their first first_open. A user whose install is new, moves
 * to this day (late events) or changes attributes makes the days that counted them stale: their later
 * active days (retention and level cohorts join the install) and the old install day.
 */
export const appUsers = defineStep({
  table: 'app_users',
  async run(tx, s) {
    const moved = await tx.query<{ app_id: string; user_id: string; install_day: string | null }>(
      `WITH f AS (
         SELECT DISTINCT ON (app_id, user_id) app_id, user_id, os, app_version, country
           FROM analytics_events WHERE ${s.where} AND name = 'first_open' ORDER BY app_id, user_id, event_time, event_id
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
      s.params,
    );
    if (moved.length === 0) return [];
    return tx.query<StaleAppDay>(
      `WITH m AS (SELECT x->>'a' AS app_id, x->>'u' AS user_id, (x->>'d')::date AS old_day FROM jsonb_array_elements($2::jsonb) x)
       SELECT DISTINCT app_id, day::text AS day FROM (
         SELECT d.app_id, d.day FROM user_days d JOIN m USING (app_id, user_id) WHERE d.day > $1::date
         UNION ALL SELECT app_id, old_day FROM m WHERE old_day IS NOT NULL
       ) s WHERE day <> $1::date
       ORDER BY app_id, day`,
      [s.day, JSON.stringify(moved.map((m) => ({ a: m.app_id, u: m.user_id, d: m.install_day })))],
    );
  },
  // The first day with a first_open, and that day's earliest one: what the days in order leave behind.
  async runRange(tx, s) {
    await tx.query(
      `INSERT INTO app_users (app_id, user_id, install_day, os, app_version, country)
       SELECT DISTINCT ON (app_id, user_id) app_id, user_id, day, os, app_version, country
         FROM analytics_events WHERE ${s.where} AND name = 'first_open' ORDER BY app_id, user_id, day, event_time, event_id`,
      s.params,
    );
  },
});
