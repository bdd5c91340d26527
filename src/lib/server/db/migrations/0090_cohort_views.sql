-- Cohort views (/gsm/cohort/cohort, cohortEng, avgTime, session, impr): per day and install cohort, what the
-- cohort's users active that day did, by the install's os/version/country (the cohort rule). Kept for
-- install days up to 90 days before the day (D0..D90).
CREATE TABLE cohort_daily (
  app_id           text NOT NULL,
  day              date NOT NULL,
  install_day      date NOT NULL,
  os               smallint NOT NULL,
  app_version      text NOT NULL,
  country          text NOT NULL,
  users            int NOT NULL,
  sessions         int NOT NULL,
  session_seconds  bigint NOT NULL,
  ad_impressions   int NOT NULL,
  ad_revenue       bigint NOT NULL,
  iap_revenue      bigint NOT NULL,
  PRIMARY KEY (app_id, day, install_day, os, app_version, country)
);
CREATE INDEX cohort_daily_cohort_idx ON cohort_daily (app_id, install_day);

-- Cohort view "level": the cohort's users active on day, counted by the highest main-mode level they had
-- reached by the end of that day (0 = none yet). A histogram, so the median is exact.
CREATE TABLE cohort_level_daily (
  app_id         text NOT NULL,
  day            date NOT NULL,
  install_day    date NOT NULL,
  os             smallint NOT NULL,
  app_version    text NOT NULL,
  country        text NOT NULL,
  highest_level  int NOT NULL,
  users          int NOT NULL,
  PRIMARY KEY (app_id, day, install_day, os, app_version, country, highest_level)
);
CREATE INDEX cohort_level_daily_cohort_idx ON cohort_level_daily (app_id, install_day);

-- Days rolled up before these tables existed are recomputed by the next rollup pass.
INSERT INTO rollup_dirty (app_id, day) SELECT DISTINCT app_id, day FROM user_days ON CONFLICT (app_id, day) DO NOTHING;
