-- Exact replays of gift-code redemptions (issue 38): a redeem sent with a request id (clientId) keeps its answer
-- here, so a retry of a redemption whose answer was lost answers that answer instead of "already redeemed". The
-- row is written in the redemption's own transaction: it exists only for a redemption that committed, and a
-- parallel copy with the same id waits on its key until the first one commits (then reads its answer) or rolls
-- back (then redeems itself). Kept as json (not jsonb) so the replay's text is byte for byte the first answer's.
CREATE TABLE gift_redeem_replays (
  app_id     text NOT NULL,
  player_id  text NOT NULL,
  client_id  text NOT NULL,
  answer     json,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (app_id, player_id, client_id),
  FOREIGN KEY (app_id, player_id) REFERENCES players(app_id, player_id) ON DELETE CASCADE
);
