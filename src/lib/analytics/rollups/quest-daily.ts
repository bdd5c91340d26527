import { rebuildStep } from './step';

/**
 * Task quests: distinct players per day, quest and state, under the user-day's os/version/country (the
 * user's last event of the day, like every activity figure, so the figures add up over filter values).
 */
export const questDaily = rebuildStep('quest_daily', (s) =>
  `INSERT INTO quest_daily (app_id, day, os, app_version, country, quest_id, started, progressed, completed, claimed, failed)
       SELECT e.app_id, $1::date, u.os, u.app_version, u.country, e.quest_id,
              count(DISTINCT e.user_id) FILTER (WHERE e.state = 'start')::int,
              count(DISTINCT e.user_id) FILTER (WHERE e.state = 'progress')::int,
              count(DISTINCT e.user_id) FILTER (WHERE e.state = 'complete')::int,
              count(DISTINCT e.user_id) FILTER (WHERE e.state = 'claim')::int,
              count(DISTINCT e.user_id) FILTER (WHERE e.state = 'fail')::int
         FROM (SELECT app_id, user_id, params->>'questId' AS quest_id, params->>'state' AS state
                 FROM events WHERE ${s.where} AND name = 'task_quest') e
         JOIN user_days u ON u.app_id = e.app_id AND u.day = $1::date AND u.user_id = e.user_id
        GROUP BY e.app_id, u.os, u.app_version, u.country, e.quest_id`);
