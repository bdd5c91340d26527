-- Game telemetry: raw SDK events (day-partitioned), the dedupe keys that make ingestion idempotent, and the
-- rollups reports read. Days are calendar days of the reporting time zone (UTC+7); money is USD micros.
-- No foreign keys on these tables: they are written at SDK speed, and reports join the apps table anyway.

-- One row per accepted event. Partitions (events_YYYYMMDD) are created on demand by the ingestion.
CREATE TABLE events (
  day          date NOT NULL,
  app_id       text NOT NULL,
  os           smallint NOT NULL,
  user_id      text NOT NULL,
  name         text NOT NULL,
  -- Device time, replaced by the receive time when implausible (flags says why; device_time keeps what was sent).
  event_time   timestamptz NOT NULL,
  received_at  timestamptz NOT NULL,
  event_id     text NOT NULL,
  app_version  text NOT NULL,
  sdk_version  text NOT NULL,
  country      text NOT NULL,
  -- 1 = device time in the future, 2 = device time too old (both clamped to received_at).
  flags        smallint NOT NULL DEFAULT 0,
  device_time  timestamptz,
  params       jsonb NOT NULL
) PARTITION BY RANGE (day);

-- Idempotency across partitions: md5(app_id:event_id) of every stored event. A resent event is found here
-- whatever day its (possibly clamped) time falls on.
CREATE TABLE event_keys (
  key uuid PRIMARY KEY
);

-- App-days whose raw events changed since their rollups were computed. ver is bumped by every batch, so
-- the rollup deletes only the marks it has seen (a batch committed meanwhile keeps the day dirty).
CREATE TABLE rollup_dirty (
  app_id    text NOT NULL,
  day       date NOT NULL,
  ver       bigint NOT NULL DEFAULT 1,
  marked_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (app_id, day)
);

-- Per-user daily activity. os/app_version/country are those of the user's last event of the day.
CREATE TABLE user_days (
  app_id           text NOT NULL,
  day              date NOT NULL,
  user_id          text NOT NULL,
  os               smallint NOT NULL,
  app_version      text NOT NULL,
  country          text NOT NULL,
  events           int NOT NULL,
  sessions         int NOT NULL,
  session_ends     int NOT NULL,
  session_seconds  bigint NOT NULL,
  ad_impressions   int NOT NULL,
  ad_revenue       bigint NOT NULL,
  iap_purchases    int NOT NULL,
  iap_revenue      bigint NOT NULL,
  PRIMARY KEY (app_id, day, user_id)
);

-- Users with an install (first_open): the day of their first first_open and its os/version/country.
CREATE TABLE app_users (
  app_id       text NOT NULL,
  user_id      text NOT NULL,
  install_day  date NOT NULL,
  os           smallint NOT NULL,
  app_version  text NOT NULL,
  country      text NOT NULL,
  PRIMARY KEY (app_id, user_id)
);
CREATE INDEX app_users_install_idx ON app_users (app_id, install_day);

-- Daily figures per app, OS, version and country (Main Data and the dashboard).
CREATE TABLE daily_metrics (
  app_id           text NOT NULL,
  day              date NOT NULL,
  os               smallint NOT NULL,
  app_version      text NOT NULL,
  country          text NOT NULL,
  installs         int NOT NULL,
  dau              int NOT NULL,
  events           int NOT NULL,
  sessions         int NOT NULL,
  session_ends     int NOT NULL,
  session_seconds  bigint NOT NULL,
  ad_impressions   int NOT NULL,
  ad_revenue       bigint NOT NULL,
  iap_purchases    int NOT NULL,
  iap_revenue      bigint NOT NULL,
  payers           int NOT NULL,
  PRIMARY KEY (app_id, day, os, app_version, country)
);

-- Install cohorts: users of cohort install_day active on day (day - install_day = N, 0..30), by install
-- os/version/country. Keyed by the activity day, which is what a rollup recomputes.
CREATE TABLE retention_daily (
  app_id       text NOT NULL,
  day          date NOT NULL,
  install_day  date NOT NULL,
  os           smallint NOT NULL,
  app_version  text NOT NULL,
  country      text NOT NULL,
  users        int NOT NULL,
  PRIMARY KEY (app_id, day, install_day, os, app_version, country)
);
CREATE INDEX retention_daily_cohort_idx ON retention_daily (app_id, install_day);

-- The first time each user reached (played) each level, per mode.
CREATE TABLE level_reach (
  app_id       text NOT NULL,
  user_id      text NOT NULL,
  mode         text NOT NULL,
  level        int NOT NULL,
  day          date NOT NULL,
  os           smallint NOT NULL,
  app_version  text NOT NULL,
  country      text NOT NULL,
  PRIMARY KEY (app_id, user_id, mode, level)
);
CREATE INDEX level_reach_day_idx ON level_reach (app_id, day);

-- Level plays per day and level, by the event's os/version/country; reached = players whose first play
-- of the level was that day.
CREATE TABLE level_daily (
  app_id        text NOT NULL,
  day           date NOT NULL,
  os            smallint NOT NULL,
  app_version   text NOT NULL,
  country       text NOT NULL,
  mode          text NOT NULL,
  level         int NOT NULL,
  starts        int NOT NULL,
  completes     int NOT NULL,
  fails         int NOT NULL,
  attempts_sum  bigint NOT NULL,
  duration_sum  bigint NOT NULL,
  reached       int NOT NULL,
  PRIMARY KEY (app_id, day, os, app_version, country, mode, level)
);

-- Installed users who first reached a level on day, by install cohort and install os/version/country.
CREATE TABLE level_cohort (
  app_id       text NOT NULL,
  day          date NOT NULL,
  install_day  date NOT NULL,
  os           smallint NOT NULL,
  app_version  text NOT NULL,
  country      text NOT NULL,
  mode         text NOT NULL,
  level        int NOT NULL,
  users        int NOT NULL,
  PRIMARY KEY (app_id, day, install_day, os, app_version, country, mode, level)
);
CREATE INDEX level_cohort_cohort_idx ON level_cohort (app_id, install_day);
