import { LEVEL_EVENTS, NOT_REFUSED_PURCHASE } from './constants';
import { defineStep, rebuildStep, type RollupStep, type StaleAppDay } from './step';

/**
 * The rollups of the ads and money reports (src/lib/analytics/money/): the ad funnel and ad impressions
 * per day, de-duplicated IAP transactions, subscription events and each user's first conversions. The
 * reports read these tables. Only the first conversions feed another table (cvr_cohort): moving one to an
 * earlier day marks the day that counted it stale.
 */

/** ad_view events of the day, counted by action, with failures kept by reason. */
const adViewDaily = rebuildStep('ad_view_daily', (s) =>
  `INSERT INTO ad_view_daily (app_id, day, os, app_version, country, format, placement, network, reason, requests, shows, clicks, rewards, failures)
       SELECT app_id, day, os, app_version, country, params->>'format', params->>'placement', coalesce(params->>'network', ''),
              CASE WHEN params->>'action' = 'failed' THEN coalesce(params->>'reason', '') ELSE '' END AS reason,
              count(*) FILTER (WHERE params->>'action' = 'request')::int, count(*) FILTER (WHERE params->>'action' = 'show')::int,
              count(*) FILTER (WHERE params->>'action' = 'click')::int, count(*) FILTER (WHERE params->>'action' = 'reward')::int,
              count(*) FILTER (WHERE params->>'action' = 'failed')::int
         FROM analytics_events WHERE ${s.where} AND name = 'ad_view'
        GROUP BY app_id, day, os, app_version, country, params->>'format', params->>'placement', coalesce(params->>'network', ''), reason`);

/** ad_impression events of the day with their revenue. */
const adImpressionDaily = rebuildStep('ad_impression_daily', (s) =>
  `INSERT INTO ad_impression_daily (app_id, day, os, app_version, country, format, network, placement, impressions, revenue)
       SELECT app_id, day, os, app_version, country, params->>'format', params->>'network', params->>'placement',
              count(*)::int, sum((params->>'revenueUsdMicros')::bigint)
         FROM analytics_events WHERE ${s.where} AND name = 'ad_impression'
        GROUP BY app_id, day, os, app_version, country, params->>'format', params->>'network', params->>'placement'`);

/**
 * Store transactions: the day's earliest event of each transaction id replaces a later one (from this or
 * a later day); the same event is rewritten (its before_level may have changed with late level events).
 */
const iapPurchases = defineStep({
  table: 'iap_purchases',
  async run(tx, s) {
    await tx.query(
      `WITH p AS (
         SELECT DISTINCT ON (app_id, params->>'transactionId') app_id, params->>'transactionId' AS transaction_id, user_id, event_time, event_id,
                os, app_version, country, params->>'productId' AS product_id, (params->>'revenueUsdMicros')::bigint AS revenue
           FROM analytics_events WHERE ${s.where} AND name = 'iap_purchase' AND ${NOT_REFUSED_PURCHASE}
          ORDER BY app_id, params->>'transactionId', event_time, event_id
       ), l AS (
         SELECT app_id, user_id, event_time, (params->>'level')::int AS level FROM analytics_events
          WHERE ${s.where} AND name IN ${LEVEL_EVENTS} AND params->>'mode' = 'main' AND user_id IN (SELECT user_id FROM p)
       )
       INSERT INTO iap_purchases (app_id, transaction_id, user_id, day, event_time, event_id, os, app_version, country, product_id, revenue, before_level)
       SELECT p.app_id, p.transaction_id, p.user_id, $1::date, p.event_time, p.event_id, p.os, p.app_version, p.country, p.product_id, p.revenue,
              coalesce((SELECT max(l.level) FROM l WHERE l.app_id = p.app_id AND l.user_id = p.user_id AND l.event_time <= p.event_time), 0)
         FROM p
       ON CONFLICT (app_id, transaction_id) DO UPDATE SET user_id = EXCLUDED.user_id, day = EXCLUDED.day, event_time = EXCLUDED.event_time,
              event_id = EXCLUDED.event_id, os = EXCLUDED.os, app_version = EXCLUDED.app_version, country = EXCLUDED.country,
              product_id = EXCLUDED.product_id, revenue = EXCLUDED.revenue, before_level = EXCLUDED.before_level
        WHERE (EXCLUDED.event_time, EXCLUDED.event_id) <= (iap_purchases.event_time, iap_purchases.event_id)`,
      s.params,
    );
  },
  // Each transaction's earliest event over the range (the one the days in order keep), with the highest main
  // level its player had played that day before it.
  async runRange(tx, s) {
    await tx.query(
      `WITH p AS (
         SELECT DISTINCT ON (app_id, params->>'transactionId') app_id, params->>'transactionId' AS transaction_id, user_id, day, event_time, event_id,
                os, app_version, country, params->>'productId' AS product_id, (params->>'revenueUsdMicros')::bigint AS revenue
           FROM analytics_events WHERE ${s.where} AND name = 'iap_purchase' AND ${NOT_REFUSED_PURCHASE}
          ORDER BY app_id, params->>'transactionId', event_time, event_id
       ), l AS (
         SELECT app_id, user_id, day, event_time, (params->>'level')::int AS level FROM analytics_events
          WHERE ${s.where} AND name IN ${LEVEL_EVENTS} AND params->>'mode' = 'main' AND user_id IN (SELECT user_id FROM p)
       )
       INSERT INTO iap_purchases (app_id, transaction_id, user_id, day, event_time, event_id, os, app_version, country, product_id, revenue, before_level)
       SELECT p.app_id, p.transaction_id, p.user_id, p.day, p.event_time, p.event_id, p.os, p.app_version, p.country, p.product_id, p.revenue,
              coalesce((SELECT max(l.level) FROM l WHERE l.app_id = p.app_id AND l.user_id = p.user_id AND l.day = p.day AND l.event_time <= p.event_time), 0)
         FROM p`,
      s.params,
    );
  },
});

/** subscription events of the day, one row each. */
const subscriptionEvents = rebuildStep('subscription_events', (s) =>
  `INSERT INTO subscription_events (app_id, day, event_id, user_id, product_id, action, event_time, revenue, os, app_version, country)
       SELECT app_id, day, event_id, user_id, params->>'productId', params->>'action', event_time,
              coalesce((params->>'revenueUsdMicros')::bigint, 0), os, app_version, country
         FROM analytics_events WHERE ${s.where} AND name = 'subscription'`);

/**
 * First day of each conversion kind per user (a purchase its store refused is none). It only moves earlier
 * here (events are never removed); the day that counted the old first conversion in cvr_cohort becomes stale.
 * A refusal arriving after the fact moves a first purchase later: restateFirstPurchase (./first-purchase.ts).
 */
const userFirsts = defineStep({
  table: 'user_firsts',
  run: (tx, s) =>
    tx.query<StaleAppDay>(
      `WITH f AS (
         SELECT DISTINCT app_id, user_id, CASE name WHEN 'iap_purchase' THEN 'purchase' WHEN 'ad_impression' THEN 'rewarded' ELSE 'level1' END AS kind
           FROM analytics_events WHERE ${s.where}
            AND ((name = 'iap_purchase' AND ${NOT_REFUSED_PURCHASE}) OR (name = 'ad_impression' AND params->>'format' = 'rewarded')
                 OR (name = 'level_complete' AND params->>'mode' = 'main' AND params->>'level' = '1'))
       ), moved AS (
         SELECT DISTINCT u.app_id, u.day FROM user_firsts u JOIN f USING (app_id, user_id, kind) WHERE u.day > $1::date
       ), up AS (
         INSERT INTO user_firsts (app_id, user_id, kind, day) SELECT app_id, user_id, kind, $1::date FROM f
         ON CONFLICT (app_id, user_id, kind) DO UPDATE SET day = EXCLUDED.day WHERE EXCLUDED.day < user_firsts.day
       )
       SELECT app_id, day::text AS day FROM moved ORDER BY app_id, day`,
      s.params,
    ),
  // The first day of each kind over the range.
  async runRange(tx, s) {
    await tx.query(
      `INSERT INTO user_firsts (app_id, user_id, kind, day)
       SELECT app_id, user_id, CASE name WHEN 'iap_purchase' THEN 'purchase' WHEN 'ad_impression' THEN 'rewarded' ELSE 'level1' END AS kind, min(day)
         FROM analytics_events WHERE ${s.where}
          AND ((name = 'iap_purchase' AND ${NOT_REFUSED_PURCHASE}) OR (name = 'ad_impression' AND params->>'format' = 'rewarded')
               OR (name = 'level_complete' AND params->>'mode' = 'main' AND params->>'level' = '1'))
        GROUP BY 1, 2, 3`,
      s.params,
    );
  },
});

/**
 * CVR: installed users counted on the day they converted, max(first goal day, install day), by install
 * cohort (the scope's days are those days). A late install or a moved first goal marks the days concerned stale (app_users, user_firsts).
 */
const cvrCohort = rebuildStep('cvr_cohort', (s) =>
  `INSERT INTO cvr_cohort (app_id, day, install_day, os, app_version, country, kind, users)
       SELECT u.app_id, greatest(f.day, u.install_day), u.install_day, u.os, u.app_version, u.country, f.kind, count(*)::int
         FROM user_firsts f JOIN app_users u ON u.app_id = f.app_id AND u.user_id = f.user_id
        WHERE f.app_id ${s.appsIn2} AND ((f.day ${s.dayIn} AND u.install_day <= f.day) OR (u.install_day ${s.dayIn} AND f.day < u.install_day))
        GROUP BY u.app_id, greatest(f.day, u.install_day), u.install_day, u.os, u.app_version, u.country, f.kind`);

export const moneySteps: readonly RollupStep[] = [adViewDaily, adImpressionDaily, iapPurchases, subscriptionEvents, userFirsts, cvrCohort];
