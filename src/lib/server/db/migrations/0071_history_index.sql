-- One player's events, newest first (the history logs and Find User): an index on the partitioned events
-- table is created on every day partition, present and future, so a lookup for one player over a range of
-- days is an index probe per partition merged in time order, whatever the number of events.
CREATE INDEX events_player_time ON events (app_id, user_id, event_time DESC, event_id DESC);
