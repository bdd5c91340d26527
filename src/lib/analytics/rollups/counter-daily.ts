import { rebuildStep } from './step';

/** Custom counters: sum of values, events and distinct players per name, under the user-day's attributes. */
export const counterDaily = rebuildStep('counter_daily', (s) =>
  `INSERT INTO counter_daily (app_id, day, os, app_version, country, name, total, events, users)
       SELECT e.app_id, $1::date, u.os, u.app_version, u.country, e.counter, sum(e.value), count(*)::int, count(DISTINCT e.user_id)::int
         FROM (SELECT app_id, user_id, params->>'name' AS counter, (params->>'value')::bigint AS value
                 FROM events WHERE ${s.where} AND name = 'counter') e
         JOIN user_days u ON u.app_id = e.app_id AND u.day = $1::date AND u.user_id = e.user_id
        GROUP BY e.app_id, u.os, u.app_version, u.country, e.counter`);
