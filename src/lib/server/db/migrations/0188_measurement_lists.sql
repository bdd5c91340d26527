-- The measurement report's values as one array per app, day, attributes and name instead of one row per
-- event. At 13.6 M events the report's 30 days of `load_time` for six apps were 140,000 rows, and
-- PostgreSQL's per-row work on them (a sort by version and day, then a sort per percentile set) was most of
-- its ~300 ms; the same values in ~5,000 arrays are read in a few milliseconds and the exact percentiles
-- taken in the server (src/lib/analytics/play/measurement-stats.ts). The play rollup writes these rows
-- (rollups/play-daily.ts) from the same events as measurement_counts.
CREATE TABLE measurement_lists (
  app_id       text NOT NULL,
  day          date NOT NULL,
  os           smallint NOT NULL,
  app_version  text NOT NULL,
  country      text NOT NULL,
  name         text NOT NULL,
  unit         text NOT NULL,
  vals         double precision[] NOT NULL
);
CREATE INDEX measurement_lists_idx ON measurement_lists (app_id, day, name);

-- A name sent with two units on one app-day keeps the greater (the report shows one unit per name, the greatest).
INSERT INTO measurement_lists (app_id, day, os, app_version, country, name, unit, vals)
SELECT app_id, day, os, app_version, country, name, max(unit), array_agg(value)
  FROM measurement_values GROUP BY app_id, day, os, app_version, country, name;

DROP TABLE measurement_values;
