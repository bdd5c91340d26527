-- Attempts to pass as lists too (like the pass times of 0187): with the sums kept by OS (0189) the unfiltered
-- report's attempt counts grew to 68,000 rows for six apps at full size and became its slowest read; one
-- "attempts:players,…" list per app, arrival day, level and OS is read instead (~34,000 short lists).
CREATE TABLE stuck_attempt_lists (
  app_id text NOT NULL, day date NOT NULL, level int NOT NULL, os smallint NOT NULL, list text NOT NULL,
  PRIMARY KEY (app_id, day, level, os)
);
INSERT INTO stuck_attempt_lists (app_id, day, level, os, list)
SELECT app_id, day, level, os, string_agg(attempts::text || ':' || players::text, ',' ORDER BY attempts)
  FROM stuck_attempt_totals WHERE players > 0 GROUP BY app_id, day, level, os;
