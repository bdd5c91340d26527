-- The A/B reports' exposures, rolled up per app-day (src/lib/analytics/rollups/experiment-exposures.ts): per
-- experiment, player and the audience attributes the reports filter on (os, app version, country), the
-- earliest exposure event of the day (event time, event id breaking ties) and its variant. The earliest of a
-- player's rows in a range and filters is then exactly their earliest matching exposure event, read from a few
-- thousand rows instead of the raw events' day partitions (planning 30 partitions alone cost ~50 ms).
CREATE TABLE experiment_exposures (
  app_id       text NOT NULL,
  experiment   text NOT NULL,
  day          date NOT NULL,
  user_id      text NOT NULL,
  os           smallint NOT NULL,
  app_version  text NOT NULL,
  country      text NOT NULL,
  event_time   timestamptz NOT NULL,
  event_id     text NOT NULL,
  variant      text,
  PRIMARY KEY (app_id, experiment, day, user_id, os, app_version, country)
);

-- Days rolled up before this table existed are recomputed by the next rollup pass (only days with exposures).
INSERT INTO rollup_dirty (app_id, day) SELECT DISTINCT app_id, day FROM events WHERE name = 'experiment_exposure' ON CONFLICT (app_id, day) DO NOTHING;
