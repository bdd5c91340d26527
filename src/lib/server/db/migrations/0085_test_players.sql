-- Test players (the /test screens): staff flag an SDK player (players.is_test, migration 0070) and every
-- analytics rollup leaves that player's events out. The rollups read raw events through this view, never the
-- events table itself, so the rule lives in one place. The anti-join probes only flagged players (a handful
-- per app, through the partial index), and predicates on day and app_id still prune the day partitions.
-- e.* is expanded when the view is created: a migration that adds a column to events recreates the view.
CREATE INDEX players_test ON players (app_id, player_id) WHERE is_test;

CREATE VIEW analytics_events AS
  SELECT e.* FROM events e
   WHERE NOT EXISTS (SELECT 1 FROM players p WHERE p.is_test AND p.app_id = e.app_id AND p.player_id = e.user_id);
