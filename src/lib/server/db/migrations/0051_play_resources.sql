-- Resource flow (resourceOverview, resourceEarn, resourceSpend), by the user-day's os/version/country.
-- flow is 'earn' (channel = the source) or 'spend' (channel = the sink); users = distinct players that day.
CREATE TABLE resource_flow_daily (
  app_id       text NOT NULL,
  day          date NOT NULL,
  os           smallint NOT NULL,
  app_version  text NOT NULL,
  country      text NOT NULL,
  resource     text NOT NULL,
  flow         text NOT NULL,
  channel      text NOT NULL,
  amount       bigint NOT NULL,
  events       int NOT NULL,
  users        int NOT NULL,
  PRIMARY KEY (app_id, day, os, app_version, country, resource, flow, channel)
);

-- Distinct players who earned / spent a resource that day, whatever the source or sink (not derivable
-- from the per-channel rows: a player may earn from two sources).
CREATE TABLE resource_users_daily (
  app_id       text NOT NULL,
  day          date NOT NULL,
  os           smallint NOT NULL,
  app_version  text NOT NULL,
  country      text NOT NULL,
  resource     text NOT NULL,
  earners      int NOT NULL,
  spenders     int NOT NULL,
  PRIMARY KEY (app_id, day, os, app_version, country, resource)
);
