import { NOT_REFUSED_PURCHASE } from './constants';
import { rebuildStep } from './step';

/**
 * Per-user daily activity; the user's os/version/country of the day are those of their last event
 * (versions cannot contain '|': the SDK contract allows letters, digits and . _ + -).
 */
export const userDays = rebuildStep('user_days', (s) =>
  `INSERT INTO user_days (app_id, day, user_id, os, app_version, country, events, sessions, session_ends, session_seconds,
                              ad_impressions, ad_revenue, iap_purchases, iap_revenue)
       SELECT app_id, day, user_id, split_part(last, '|', 1)::smallint, split_part(last, '|', 2), split_part(last, '|', 3), events, sessions, session_ends, session_seconds,
              ad_impressions, ad_revenue, iap_purchases, iap_revenue
         FROM (SELECT app_id, day, user_id,
                      (array_agg(os || '|' || app_version || '|' || country ORDER BY event_time DESC, event_id DESC))[1] AS last,
                      count(*)::int AS events,
                      count(*) FILTER (WHERE name = 'session_start')::int AS sessions,
                      count(*) FILTER (WHERE name = 'session_end')::int AS session_ends,
                      coalesce(sum((params->>'duration')::bigint) FILTER (WHERE name = 'session_end'), 0) AS session_seconds,
                      count(*) FILTER (WHERE name = 'ad_impression')::int AS ad_impressions,
                      coalesce(sum((params->>'revenueUsdMicros')::bigint) FILTER (WHERE name = 'ad_impression'), 0) AS ad_revenue,
                      count(*) FILTER (WHERE name = 'iap_purchase' AND ${NOT_REFUSED_PURCHASE})::int AS iap_purchases,
                      coalesce(sum((params->>'revenueUsdMicros')::bigint) FILTER (WHERE name = 'iap_purchase' AND ${NOT_REFUSED_PURCHASE}), 0) AS iap_revenue
                 FROM analytics_events WHERE ${s.where} GROUP BY app_id, day, user_id) u`);
