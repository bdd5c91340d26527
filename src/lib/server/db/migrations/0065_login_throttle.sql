-- Sign-in throttle: one counter row per username+address pair ('u:<name>|<ip>') and per address ('ip:<ip>').
-- An attempt reserves its slot with one conditional UPDATE before the password hash, so parallel requests and
-- other processes see it at once (the old count of account_log rows was written after the hash).
CREATE TABLE login_throttle (
  key           text PRIMARY KEY,
  attempts      integer NOT NULL DEFAULT 0,
  window_start  timestamptz NOT NULL DEFAULT now(),
  strikes       integer NOT NULL DEFAULT 0,
  blocked_until timestamptz,
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_throttle_updated_idx ON login_throttle(updated_at);
