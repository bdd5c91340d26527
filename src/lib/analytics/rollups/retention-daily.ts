import { RETENTION_MAX_DAY } from './constants';
import { rebuildStep } from './step';

/**
 * Retention: users of each cohort (install day within 30 days before) active on this day.
 */
export const retentionDaily = rebuildStep('retention_daily', (s) =>
  `INSERT INTO retention_daily (app_id, day, install_day, os, app_version, country, users)
       SELECT d.app_id, d.day, u.install_day, u.os, u.app_version, u.country, count(*)::int
         FROM user_days d JOIN app_users u USING (app_id, user_id)
        WHERE d.day ${s.dayIn} AND d.app_id ${s.appsIn2} AND u.install_day BETWEEN d.day - ${RETENTION_MAX_DAY} AND d.day
        GROUP BY d.app_id, d.day, u.install_day, u.os, u.app_version, u.country`);
