-- Stuck Game at request time read one row per player and level reached (stuck_arrivals) joined with one per
-- player (stuck_players): 0.4–0.9 s at 10 million events. These counts let it read sums instead.
--
-- Per app, arrival day, level and the arrival's attributes: the sums of stuck_arrivals' rows there. Kept by
-- the stuck_arrivals step as deltas (a row's new figures added, its old ones taken off), since a later day's
-- plays change an earlier arrival's row. A group whose arrivals all moved away keeps a row of zeros.
CREATE TABLE stuck_level_counts (
  app_id       text NOT NULL,
  day          date NOT NULL,
  level        int NOT NULL,
  os           smallint NOT NULL,
  app_version  text NOT NULL,
  country      text NOT NULL,
  reached      int NOT NULL,
  fails        bigint NOT NULL,
  completes    bigint NOT NULL,
  passed       int NOT NULL,
  PRIMARY KEY (app_id, day, level, os, app_version, country)
);

-- The same groups' passes by value: how many arrivals passed in so many attempts, in so many seconds. Exact
-- medians and p90s come from these counts (attempts are small integers; seconds repeat enough to group well).
CREATE TABLE stuck_attempt_counts (
  app_id       text NOT NULL,
  day          date NOT NULL,
  level        int NOT NULL,
  os           smallint NOT NULL,
  app_version  text NOT NULL,
  country      text NOT NULL,
  attempts     int NOT NULL,
  players      int NOT NULL,
  PRIMARY KEY (app_id, day, level, os, app_version, country, attempts)
);
CREATE TABLE stuck_second_counts (
  app_id       text NOT NULL,
  day          date NOT NULL,
  level        int NOT NULL,
  os           smallint NOT NULL,
  app_version  text NOT NULL,
  country      text NOT NULL,
  seconds      bigint NOT NULL,
  players      int NOT NULL,
  PRIMARY KEY (app_id, day, level, os, app_version, country, seconds)
);

-- The same three without the attributes: a report with no OS, version or country filter (the usual one)
-- reads these, several times fewer rows (the attribute combinations split every group: at 1.2 million
-- arrivals the seconds counts hold 790,000 rows by attributes, 115,000 without).
CREATE TABLE stuck_level_totals (
  app_id text NOT NULL, day date NOT NULL, level int NOT NULL,
  reached int NOT NULL, fails bigint NOT NULL, completes bigint NOT NULL, passed int NOT NULL,
  PRIMARY KEY (app_id, day, level)
);
CREATE TABLE stuck_attempt_totals (
  app_id text NOT NULL, day date NOT NULL, level int NOT NULL, attempts int NOT NULL, players int NOT NULL,
  PRIMARY KEY (app_id, day, level, attempts)
);
CREATE TABLE stuck_second_totals (
  app_id text NOT NULL, day date NOT NULL, level int NOT NULL, seconds bigint NOT NULL, players int NOT NULL,
  PRIMARY KEY (app_id, day, level, seconds)
);

-- Stuck players: only a player's arrival at their highest level can be stuck, so each player carries that
-- arrival's day and attributes and the report counts players, not player-levels. "Not played for N days"
-- stays a comparison of last_day with today − N at request time: nothing here goes stale as days pass.
ALTER TABLE stuck_players ADD COLUMN highest_day date, ADD COLUMN os smallint, ADD COLUMN app_version text, ADD COLUMN country text;
CREATE INDEX stuck_players_highest_idx ON stuck_players (app_id, highest_day);

-- Filled from the tables as they are (they are exact already): no day needs recomputing.
INSERT INTO stuck_level_counts (app_id, day, level, os, app_version, country, reached, fails, completes, passed)
SELECT app_id, day, level, os, app_version, country, count(*), sum(fails), sum(completes), count(pass_attempts)
  FROM stuck_arrivals GROUP BY app_id, day, level, os, app_version, country;
INSERT INTO stuck_attempt_counts (app_id, day, level, os, app_version, country, attempts, players)
SELECT app_id, day, level, os, app_version, country, pass_attempts, count(*)
  FROM stuck_arrivals WHERE pass_attempts IS NOT NULL GROUP BY app_id, day, level, os, app_version, country, pass_attempts;
INSERT INTO stuck_second_counts (app_id, day, level, os, app_version, country, seconds, players)
SELECT app_id, day, level, os, app_version, country, pass_seconds, count(*)
  FROM stuck_arrivals WHERE pass_seconds IS NOT NULL GROUP BY app_id, day, level, os, app_version, country, pass_seconds;
INSERT INTO stuck_level_totals (app_id, day, level, reached, fails, completes, passed)
SELECT app_id, day, level, sum(reached), sum(fails), sum(completes), sum(passed) FROM stuck_level_counts GROUP BY app_id, day, level;
INSERT INTO stuck_attempt_totals (app_id, day, level, attempts, players)
SELECT app_id, day, level, attempts, sum(players) FROM stuck_attempt_counts GROUP BY app_id, day, level, attempts;
INSERT INTO stuck_second_totals (app_id, day, level, seconds, players)
SELECT app_id, day, level, seconds, sum(players) FROM stuck_second_counts GROUP BY app_id, day, level, seconds;
UPDATE stuck_players p SET highest_day = a.day, os = a.os, app_version = a.app_version, country = a.country
  FROM stuck_arrivals a WHERE a.app_id = p.app_id AND a.user_id = p.user_id AND a.level = p.highest_level;
