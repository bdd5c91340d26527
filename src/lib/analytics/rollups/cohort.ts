import { COHORT_MAX_DAY } from '../cohort/days';
import type { Sql } from '../../server/db';
import { defineStep, rebuildStep, type DaysScope, type RollupStep, type StaleAppDay } from './step';

/**
 * The cohort views' rollups (src/lib/analytics/cohort/): what each install cohort's active users did on
 * the day, and the highest level they had reached by then. Both join the install (app_users), whose moves
 * already make the later active days stale. They run after the money steps (de-duplicated purchases).
 */

/**
 * Activity of the cohorts installed 0..90 days before the day, by the install's attributes. IAP revenue is
 * that of the store transactions (iap_purchases: a purchase reported twice counts once, on its first report).
 */
const cohortDaily = rebuildStep('cohort_daily', (s) =>
  `INSERT INTO cohort_daily (app_id, day, install_day, os, app_version, country, users, sessions, session_seconds, ad_impressions, ad_revenue, iap_revenue)
       SELECT d.app_id, d.day, u.install_day, u.os, u.app_version, u.country, count(*)::int, sum(d.sessions)::int, sum(d.session_seconds),
              sum(d.ad_impressions)::int, sum(d.ad_revenue), coalesce(sum(p.revenue), 0)
         FROM user_days d JOIN app_users u USING (app_id, user_id)
         LEFT JOIN (SELECT app_id, day, user_id, sum(revenue) AS revenue FROM iap_purchases WHERE ${s.where} GROUP BY app_id, day, user_id) p USING (app_id, day, user_id)
        WHERE d.day ${s.dayIn} AND d.app_id ${s.appsIn2} AND u.install_day BETWEEN d.day - ${COHORT_MAX_DAY} AND d.day
        GROUP BY d.app_id, d.day, u.install_day, u.os, u.app_version, u.country`);

/**
 * Active cohort users by the highest main-mode level they had reached by the end of the day. A level first
 * reached on this day raises the user's highest level on their later active days too: when this day is
 * recomputed (late level events), those later days are stale. In the usual order (oldest day first, today
 * last) there are none.
 */
async function rebuildCohortLevels(tx: Sql, s: DaysScope): Promise<void> {
  await tx.query(`DELETE FROM cohort_level_daily WHERE ${s.where}`, s.params);
  await tx.query(
    `INSERT INTO cohort_level_daily (app_id, day, install_day, os, app_version, country, highest_level, users)
       SELECT d.app_id, d.day, u.install_day, u.os, u.app_version, u.country, coalesce(h.level, 0), count(*)::int
         FROM user_days d JOIN app_users u USING (app_id, user_id)
         LEFT JOIN LATERAL (SELECT max(r.level) AS level FROM level_reach r
                             WHERE r.app_id = d.app_id AND r.user_id = d.user_id AND r.mode = 'main' AND r.day <= d.day) h ON true
        WHERE d.day ${s.dayIn} AND d.app_id ${s.appsIn2} AND u.install_day BETWEEN d.day - ${COHORT_MAX_DAY} AND d.day
        GROUP BY d.app_id, d.day, u.install_day, u.os, u.app_version, u.country, coalesce(h.level, 0)`,
    s.params,
  );
}

const cohortLevelDaily: RollupStep = defineStep({
  table: 'cohort_level_daily',
  // A range build has every day's level_reach before this step: no later day to mark stale.
  runRange: rebuildCohortLevels,
  async run(tx, s) {
    await rebuildCohortLevels(tx, s);
    return tx.query<StaleAppDay>(
      `SELECT DISTINCT d.app_id, d.day::text AS day
         FROM level_reach r
         JOIN user_days d ON d.app_id = r.app_id AND d.user_id = r.user_id AND d.day > $1::date
         JOIN app_users u ON u.app_id = r.app_id AND u.user_id = r.user_id AND d.day <= u.install_day + ${COHORT_MAX_DAY}
        WHERE r.day = $1::date AND r.app_id ${s.appsIn2} AND r.mode = 'main'
        ORDER BY 1, 2`,
      s.params,
    );
  },
});

export const cohortSteps: readonly RollupStep[] = [cohortDaily, cohortLevelDaily];
