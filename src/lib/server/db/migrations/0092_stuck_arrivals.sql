-- Stuck Game, per player and main level they have reached: the day and attributes of their first play of
-- it (day = level_reach's), all their fails and wins of it, and what passing took (the first win's
-- attempts, its play time plus every fail before it). The report reads only this and stuck_players.
CREATE TABLE stuck_arrivals (
  app_id         text NOT NULL,
  user_id        text NOT NULL,
  level          int NOT NULL,
  day            date NOT NULL,
  os             smallint NOT NULL,
  app_version    text NOT NULL,
  country        text NOT NULL,
  fails          int NOT NULL,
  completes      int NOT NULL,
  pass_attempts  int,
  pass_seconds   bigint,
  PRIMARY KEY (app_id, user_id, level)
);
CREATE INDEX stuck_arrivals_day_idx ON stuck_arrivals (app_id, day);

-- Days rolled up before this table existed are recomputed by the next rollup pass.
INSERT INTO rollup_dirty (app_id, day) SELECT DISTINCT app_id, day FROM user_days ON CONFLICT (app_id, day) DO NOTHING;
