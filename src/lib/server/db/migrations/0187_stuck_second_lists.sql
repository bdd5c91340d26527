-- Stuck Game's time to pass, without PostgreSQL's per-row work on every value count. A day's pass times
-- hardly repeat (at 13.6 M events stuck_second_totals holds 899,000 rows for 1.06 M arrivals), so the
-- report's exact median and p90 over 30 days and six apps grouped, sorted and windowed ~250,000 rows: about
-- 250 of its 370 ms on the 2-core machine. The same counts as one list per app, arrival day and level
-- ("seconds:players,…", ascending; groups with no passes have no row): the report concatenates ~19,000 lists
-- per level and takes the percentiles in the server (src/lib/analytics/stuck/percentiles.ts), 16–30 ms of SQL.
-- stuck_second_totals stays the kept figure (the rollup adds and takes off deltas there); the rollup rewrites
-- a group's list from it whenever the group changes (rollups/stuck.ts).
CREATE TABLE stuck_second_lists (
  app_id text NOT NULL,
  day    date NOT NULL,
  level  int NOT NULL,
  list   text NOT NULL,
  PRIMARY KEY (app_id, day, level)
);

INSERT INTO stuck_second_lists (app_id, day, level, list)
SELECT app_id, day, level, string_agg(seconds::text || ':' || players::text, ',' ORDER BY seconds)
  FROM stuck_second_totals WHERE players > 0 GROUP BY app_id, day, level;
