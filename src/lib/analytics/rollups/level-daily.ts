import { LEVEL_EVENTS } from './constants';
import { rebuildStep } from './step';

/**
 * Level plays of the day, with the players who played the level for the first time that day.
 */
export const levelDaily = rebuildStep('level_daily', (s) =>
  `INSERT INTO level_daily (app_id, day, os, app_version, country, mode, level, starts, completes, fails, attempts_sum, duration_sum, reached)
       SELECT app_id, day, os, app_version, country, mode, level, sum(starts)::int, sum(completes)::int, sum(fails)::int,
              sum(attempts), sum(duration), sum(reached)::int
         FROM (SELECT app_id, day, os, app_version, country, params->>'mode' AS mode, (params->>'level')::int AS level,
                      (name = 'level_start')::int AS starts, (name = 'level_complete')::int AS completes, (name = 'level_fail')::int AS fails,
                      CASE WHEN name = 'level_complete' THEN (params->>'attempts')::bigint ELSE 0 END AS attempts,
                      CASE WHEN name = 'level_start' THEN 0 ELSE (params->>'duration')::bigint END AS duration, 0 AS reached
                 FROM analytics_events WHERE ${s.where} AND name IN ${LEVEL_EVENTS}
               UNION ALL
               SELECT app_id, day, os, app_version, country, mode, level, 0, 0, 0, 0, 0, 1 FROM level_reach WHERE ${s.where}) x
        GROUP BY app_id, day, os, app_version, country, mode, level`);
