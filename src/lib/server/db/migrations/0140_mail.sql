-- In-game mail (issue 19): one row per mail. A mail to listed players has a mail_recipients row per player;
-- a broadcast (every player of the app matching its filters) is one row and gets a recipient row for a player
-- only when that player reads or claims it, so a broadcast to a million players writes one row, not a million.
CREATE TABLE mails (
  id          bigserial PRIMARY KEY,
  app_id      text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
  title       text NOT NULL,
  body        text NOT NULL DEFAULT '',
  -- The attachments: [{ itemId, amount }] (src/lib/rewards/items.ts), copied at send time.
  rewards     jsonb NOT NULL DEFAULT '[]',
  target      text NOT NULL CHECK (target IN ('players', 'broadcast')),
  -- Broadcast filters: { os: int[], countries: text[], versions: text[], installedFrom?: iso, installedTo?: iso }.
  filters     jsonb NOT NULL DEFAULT '{}',
  -- Players the mail was meant for when it went out (broadcasts: the players matching its stored filters then).
  targeted    integer NOT NULL DEFAULT 0,
  send_at     timestamptz NOT NULL,
  -- Null while scheduled; the mail_send job (or the send itself) sets it.
  sent_at     timestamptz,
  expires_at  timestamptz NOT NULL,
  recalled_at timestamptz,
  recalled_by text,
  -- 'console', 'gift_code', 'live_event': who wrote it, and the campaign/event it came from.
  source      text NOT NULL DEFAULT 'console',
  source_ref  text NOT NULL DEFAULT '',
  created_by  text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mails_app_sent ON mails (app_id, sent_at);
CREATE INDEX mails_scheduled ON mails (send_at) WHERE sent_at IS NULL;

CREATE TABLE mail_recipients (
  mail_id    bigint NOT NULL REFERENCES mails(id) ON DELETE CASCADE,
  app_id     text NOT NULL,
  player_id  text NOT NULL,
  read_at    timestamptz,
  -- Set once: the conditional upsert that sets it is what makes a claim happen exactly once.
  claimed_at timestamptz,
  PRIMARY KEY (mail_id, player_id)
);
CREATE INDEX mail_recipients_player ON mail_recipients (app_id, player_id);
