-- Revenue alerts (issue 39 point 1; src/lib/alerts/): what the alert_iaa rules fired and recovered, their
-- deliveries (an outbox, retried with backoff) and who acknowledged them.

-- One row per rule, app, day and kind: the unique key is what makes a re-run (or two evaluations at once)
-- fire or recover only once. The rule's name and settings are copied, so the record outlives an edited or
-- deleted rule.
CREATE TABLE alert_events (
  id               serial PRIMARY KEY,
  rule_id          integer REFERENCES config_items(id) ON DELETE SET NULL,
  rule_name        text NOT NULL,
  app_id           text NOT NULL,
  day              date NOT NULL,
  kind             text NOT NULL CHECK (kind IN ('fired', 'recovered')),
  source           text NOT NULL,
  compared_to      text NOT NULL,
  drop_threshold   smallint NOT NULL,
  current_micros   bigint NOT NULL,
  baseline_micros  bigint NOT NULL,
  -- Tenths of a percent (325 = 32.5 %); negative when the day is above its baseline.
  drop_tenths      integer NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now()
);
-- The key (rule_id is NULL only once its rule is deleted, and a deleted rule is never evaluated again).
CREATE UNIQUE INDEX alert_events_once ON alert_events (rule_id, app_id, day, kind);
CREATE INDEX alert_events_app_idx ON alert_events (app_id, created_at DESC);
CREATE INDEX alert_events_rule_idx ON alert_events (rule_id, app_id, created_at DESC);

-- The outbox: one row per alert and channel, sent by the evaluation that fired it and retried by later ones.
-- `target` is what may be shown (the addresses; a webhook's host only): the webhook's URL stays sealed in
-- its rule (config_items.secret).
CREATE TABLE alert_deliveries (
  id               serial PRIMARY KEY,
  alert_id         integer NOT NULL REFERENCES alert_events(id) ON DELETE CASCADE,
  channel          text NOT NULL CHECK (channel IN ('email', 'webhook')),
  target           text NOT NULL,
  status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
  attempts         integer NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz NOT NULL DEFAULT now(),
  last_error       text,
  sent_at          timestamptz,
  UNIQUE (alert_id, channel)
);
CREATE INDEX alert_deliveries_due_idx ON alert_deliveries (next_attempt_at) WHERE status IN ('pending', 'sending');

-- Acknowledged per person: the bell counts the visible alerts without a row here.
CREATE TABLE alert_acks (
  alert_id         integer NOT NULL REFERENCES alert_events(id) ON DELETE CASCADE,
  account_id       integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  acknowledged_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (alert_id, account_id)
);
