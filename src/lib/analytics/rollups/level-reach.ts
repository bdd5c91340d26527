import { LEVEL_EVENTS } from './constants';
import { defineStep, type StaleAppDay } from './step';

/** First play of each level; plays moving to this day make the day that counted them stale. */
export const levelReach = defineStep({
  table: 'level_reach',
  run: (tx, s) =>
    tx.query<StaleAppDay>(
      `WITH l AS (
         SELECT DISTINCT ON (app_id, user_id, params->>'mode', (params->>'level')::int)
                app_id, user_id, params->>'mode' AS mode, (params->>'level')::int AS level, os, app_version, country
           FROM analytics_events WHERE ${s.where} AND name IN ${LEVEL_EVENTS}
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
      s.params,
    ),
  // The first day each level was played, and that day's earliest play: what the days in order leave behind.
  async runRange(tx, s) {
    await tx.query(
      `INSERT INTO level_reach (app_id, user_id, mode, level, day, os, app_version, country)
       SELECT DISTINCT ON (app_id, user_id, params->>'mode', (params->>'level')::int)
              app_id, user_id, params->>'mode', (params->>'level')::int, day, os, app_version, country
         FROM analytics_events WHERE ${s.where} AND name IN ${LEVEL_EVENTS}
        ORDER BY app_id, user_id, params->>'mode', (params->>'level')::int, day, event_time, event_id`,
      s.params,
    );
  },
});
