-- Exact idempotent replays (issue 38): a submission keeps what its first answer said, so a retry with the same
-- client id answers exactly that (not the state at the time of the retry).
ALTER TABLE live_submits ADD COLUMN score_after bigint;
ALTER TABLE progress_event_submissions ADD COLUMN total bigint;
ALTER TABLE progress_event_submissions ADD COLUMN reached jsonb;
