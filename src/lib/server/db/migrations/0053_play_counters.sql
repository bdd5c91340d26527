-- Custom counters (counter/vertical, counter/horizontal): per day and counter name, the sum of the values,
-- the counter events and the distinct players, by the user-day's os/version/country.
CREATE TABLE counter_daily (
  app_id       text NOT NULL,
  day          date NOT NULL,
  os           smallint NOT NULL,
  app_version  text NOT NULL,
  country      text NOT NULL,
  name         text NOT NULL,
  total        bigint NOT NULL,
  events       int NOT NULL,
  users        int NOT NULL,
  PRIMARY KEY (app_id, day, os, app_version, country, name)
);
