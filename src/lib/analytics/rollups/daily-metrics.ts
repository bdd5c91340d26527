import { rebuildStep } from './step';

/**
 * Daily figures: per-user activity summed by the user-day's attributes, installs by the install's.
 */
export const dailyMetrics = rebuildStep('daily_metrics', (s) =>
  `INSERT INTO daily_metrics (app_id, day, os, app_version, country, installs, dau, events, sessions, session_ends, session_seconds,
                                  ad_impressions, ad_revenue, iap_purchases, iap_revenue, payers)
       SELECT app_id, day, os, app_version, country, sum(installs)::int, sum(dau)::int, sum(events)::int, sum(sessions)::int,
              sum(session_ends)::int, sum(session_seconds), sum(ad_impressions)::int, sum(ad_revenue), sum(iap_purchases)::int,
              sum(iap_revenue), sum(payers)::int
         FROM (SELECT app_id, day, os, app_version, country, 0 AS installs, 1 AS dau, events, sessions, session_ends, session_seconds,
                      ad_impressions, ad_revenue, iap_purchases, iap_revenue, (iap_purchases > 0)::int AS payers
                 FROM user_days WHERE ${s.where}
               UNION ALL
               SELECT app_id, install_day, os, app_version, country, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
                 FROM app_users WHERE install_day ${s.dayIn} AND app_id ${s.appsIn2}) x
        GROUP BY app_id, day, os, app_version, country`);
