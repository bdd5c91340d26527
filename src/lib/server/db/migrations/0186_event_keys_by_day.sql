-- Dedupe keys ordered by the day the event says it happened (its time as sent, UTC), then the key. Keyed
-- by a random md5 alone, every batch wrote into pages all over an index as large as the event history
-- (530 MB at 13 million events): after each checkpoint nearly every insert logged a full page image, and
-- PostgreSQL's work per event grew by 40% (docs/performance.md). Day first, a batch touches only the part
-- of the index holding the days it sends, which stays in memory whatever the history's size. A resent
-- event carries the same id and the same time, so it finds its key; an id sent again with another time
-- counts as another event (docs/decisions.md).
CREATE TABLE event_keys_by_day (
  sent_day date NOT NULL,
  key      uuid NOT NULL,
  PRIMARY KEY (sent_day, key)
);
INSERT INTO event_keys_by_day (sent_day, key)
SELECT (coalesce(device_time, event_time) AT TIME ZONE 'UTC')::date, md5(app_id || ':' || event_id)::uuid FROM events
ON CONFLICT DO NOTHING;
DROP TABLE event_keys;
ALTER TABLE event_keys_by_day RENAME TO event_keys;
ALTER INDEX event_keys_by_day_pkey RENAME TO event_keys_pkey;
