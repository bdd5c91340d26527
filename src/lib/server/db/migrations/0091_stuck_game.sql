-- Stuck Game (/gsm/stuck_game). Per player, level (main mode) and day: their fails and completions of the
-- level, and on the day of their first completion, what passing took (that completion's attempts, and the
-- play time of that day's fails before it plus its own duration).
CREATE TABLE stuck_level_user (
  app_id         text NOT NULL,
  user_id        text NOT NULL,
  level          int NOT NULL,
  day            date NOT NULL,
  fails          int NOT NULL,
  fail_seconds   bigint NOT NULL,
  completes      int NOT NULL,
  pass_attempts  int,
  pass_seconds   bigint,
  PRIMARY KEY (app_id, user_id, level, day)
);
CREATE INDEX stuck_level_user_day_idx ON stuck_level_user (app_id, day);

-- Per player: the last day they were active and the highest main-mode level they have reached.
CREATE TABLE stuck_players (
  app_id         text NOT NULL,
  user_id        text NOT NULL,
  last_day       date NOT NULL,
  highest_level  int NOT NULL,
  PRIMARY KEY (app_id, user_id)
);

-- Days rolled up before these tables existed are recomputed by the next rollup pass.
INSERT INTO rollup_dirty (app_id, day) SELECT DISTINCT app_id, day FROM user_days ON CONFLICT (app_id, day) DO NOTHING;
