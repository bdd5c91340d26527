-- The measurement report's list of names (most sent first) without counting measurement_values' rows,
-- one per event (at full size that count was a third of the report's time): measurements per app, day,
-- event attributes and name, a few dozen rows per app-day. Filled here from measurement_values, which
-- holds exactly the events this table counts, so no day needs rolling up again; from now on the play
-- rollup (rollups/play-daily.ts) writes both tables from the same events.
CREATE TABLE measurement_counts (
  app_id       text NOT NULL,
  day          date NOT NULL,
  os           smallint NOT NULL,
  app_version  text NOT NULL,
  country      text NOT NULL,
  name         text NOT NULL,
  events       integer NOT NULL
);
CREATE INDEX measurement_counts_idx ON measurement_counts (app_id, day);
INSERT INTO measurement_counts (app_id, day, os, app_version, country, name, events)
SELECT app_id, day, os, app_version, country, name, count(*)::int FROM measurement_values GROUP BY app_id, day, os, app_version, country, name;
