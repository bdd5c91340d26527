-- `npm run events:copy` (scripts/events-copy.mjs): where a copy of the stored events to a column store got to,
-- one row per target (its kind and address), so that a copy killed or stopped restarts after the last page the
-- target acknowledged. `after` is the paging key of that page's last row (day, app, player, event time, event
-- id: the order of the events_player_time index within a day's partition); `copied` counts the rows sent.
CREATE TABLE events_copy_checkpoints (
  target      text PRIMARY KEY,
  after       jsonb,
  copied      bigint NOT NULL DEFAULT 0,
  started_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
