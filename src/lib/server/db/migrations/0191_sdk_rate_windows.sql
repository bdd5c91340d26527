-- Per-key hit counters of the SDK's rate limits (issue 38): one row per limited thing (a player's submissions to
-- one progress event, …) holding the start of its current window and the hits in it. A hit is counted by one
-- INSERT … ON CONFLICT DO UPDATE … RETURNING, so parallel calls in any number of processes queue on the row and
-- each sees the count the one before it left: a limit of N lets exactly N through.
CREATE TABLE sdk_rate_windows (
  key          text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  hits         integer NOT NULL
);
