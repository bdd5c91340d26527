import { rebuildStep } from './step';

/**
 * Level progress of install cohorts: installed users who first played a level this day.
 */
export const levelCohort = rebuildStep('level_cohort', (s) =>
  `INSERT INTO level_cohort (app_id, day, install_day, os, app_version, country, mode, level, users)
       SELECT r.app_id, r.day, u.install_day, u.os, u.app_version, u.country, r.mode, r.level, count(*)::int
         FROM level_reach r JOIN app_users u USING (app_id, user_id)
        WHERE r.day ${s.dayIn} AND r.app_id ${s.appsIn2}
        GROUP BY r.app_id, r.day, u.install_day, u.os, u.app_version, u.country, r.mode, r.level`);
