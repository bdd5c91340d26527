-- Ads and money reports (tracker issue 13): the ad funnel, ad impressions, de-duplicated IAP purchases,
-- subscription events and each user's first conversions. Days are UTC+7; money is USD micros.
-- os/app_version/country are those of each event (as for level plays).

-- ad_view events per day by format, placement, network ('' when the SDK sent none) and failure reason
-- ('' except for failures).
CREATE TABLE ad_view_daily (
  app_id       text NOT NULL,
  day          date NOT NULL,
  os           smallint NOT NULL,
  app_version  text NOT NULL,
  country      text NOT NULL,
  format       text NOT NULL,
  placement    text NOT NULL,
  network      text NOT NULL,
  reason       text NOT NULL,
  requests     int NOT NULL,
  shows        int NOT NULL,
  clicks       int NOT NULL,
  rewards      int NOT NULL,
  failures     int NOT NULL,
  PRIMARY KEY (app_id, day, os, app_version, country, format, placement, network, reason)
);

-- ad_impression events per day by format, network and placement.
CREATE TABLE ad_impression_daily (
  app_id       text NOT NULL,
  day          date NOT NULL,
  os           smallint NOT NULL,
  app_version  text NOT NULL,
  country      text NOT NULL,
  format       text NOT NULL,
  network      text NOT NULL,
  placement    text NOT NULL,
  impressions  int NOT NULL,
  revenue      bigint NOT NULL,
  PRIMARY KEY (app_id, day, os, app_version, country, format, network, placement)
);

-- One row per store transaction: the earliest iap_purchase event carrying it (a resent or replayed
-- transaction under another event id is counted once). before_level: the highest main-mode level the
-- buyer played on the purchase day up to the purchase (0 if none); earlier days come from level_reach.
CREATE TABLE iap_purchases (
  app_id          text NOT NULL,
  transaction_id  text NOT NULL,
  user_id         text NOT NULL,
  day             date NOT NULL,
  event_time      timestamptz NOT NULL,
  event_id        text NOT NULL,
  os              smallint NOT NULL,
  app_version     text NOT NULL,
  country         text NOT NULL,
  product_id      text NOT NULL,
  revenue         bigint NOT NULL,
  before_level    int NOT NULL,
  PRIMARY KEY (app_id, transaction_id)
);
CREATE INDEX iap_purchases_day_idx ON iap_purchases (app_id, day);
CREATE INDEX iap_purchases_user_idx ON iap_purchases (app_id, user_id, event_time);

-- subscription events as sent (start, renew, cancel), one row per event.
CREATE TABLE subscription_events (
  app_id       text NOT NULL,
  day          date NOT NULL,
  event_id     text NOT NULL,
  user_id      text NOT NULL,
  product_id   text NOT NULL,
  action       text NOT NULL,
  event_time   timestamptz NOT NULL,
  revenue      bigint NOT NULL,
  os           smallint NOT NULL,
  app_version  text NOT NULL,
  country      text NOT NULL,
  PRIMARY KEY (app_id, day, event_id)
);

-- The first day each user converted, per kind: 'purchase' (any iap_purchase), 'rewarded' (a rewarded
-- ad_impression), 'level1' (a main-mode level_complete of level 1).
CREATE TABLE user_firsts (
  app_id   text NOT NULL,
  user_id  text NOT NULL,
  kind     text NOT NULL,
  day      date NOT NULL,
  PRIMARY KEY (app_id, user_id, kind)
);
CREATE INDEX user_firsts_day_idx ON user_firsts (app_id, day);

-- CVR: installed users by install cohort (install os/version/country) and goal kind, counted on the day
-- they converted: the later of their first goal day and their install day (a goal reached before the
-- install counts on the install day). Keyed by that day, which is what a rollup recomputes.
CREATE TABLE cvr_cohort (
  app_id       text NOT NULL,
  day          date NOT NULL,
  install_day  date NOT NULL,
  os           smallint NOT NULL,
  app_version  text NOT NULL,
  country      text NOT NULL,
  kind         text NOT NULL,
  users        int NOT NULL,
  PRIMARY KEY (app_id, day, install_day, os, app_version, country, kind)
);
CREATE INDEX cvr_cohort_cohort_idx ON cvr_cohort (app_id, install_day);
