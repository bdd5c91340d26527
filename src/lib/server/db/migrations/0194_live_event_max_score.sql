-- A per-event score ceiling (issue 38): a score past it (a best, latest or running total) is refused, so a cheat
-- cannot put an absurd score at the top of a bracket. Null: no ceiling but the SDK's own, 2^53 − 1.
ALTER TABLE live_templates ADD COLUMN max_score bigint CHECK (max_score > 0);
ALTER TABLE live_events ADD COLUMN max_score bigint CHECK (max_score > 0);
