-- Push notifications through FCM HTTP v1 (issue 19, item 3).

-- Each app's Firebase project and the service account that signs FCM requests, sealed at rest (docs/security.md).
CREATE TABLE push_settings (
  app_id          text PRIMARY KEY REFERENCES apps(id) ON DELETE CASCADE,
  project_id      text NOT NULL,
  client_email    text NOT NULL,
  service_account text NOT NULL,
  updated_by      text NOT NULL,
  updated_at      timestamptz NOT NULL DEFAULT now()
);

-- A device's FCM registration token, registered by the SDK under a player token. One row per (app, device).
CREATE TABLE push_devices (
  app_id       text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
  device_id    text NOT NULL,
  player_id    text NOT NULL,
  token        text NOT NULL,
  os           smallint NOT NULL,
  time_zone    text NOT NULL,
  app_version  text NOT NULL DEFAULT '',
  country      text NOT NULL DEFAULT '',
  last_seen_at timestamptz NOT NULL,
  PRIMARY KEY (app_id, device_id)
);
CREATE INDEX push_devices_player ON push_devices (app_id, player_id);

CREATE TABLE pushes (
  id            serial PRIMARY KEY,
  app_id        text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
  title         text NOT NULL,
  body          text NOT NULL,
  data          jsonb NOT NULL DEFAULT '{}',
  target        jsonb NOT NULL,
  schedule_kind text NOT NULL CHECK (schedule_kind IN ('now', 'at', 'local')),
  send_at       timestamptz NOT NULL,
  local_time    text,
  status        text NOT NULL CHECK (status IN ('scheduled', 'sending', 'sent', 'cancelled')),
  targeted      integer NOT NULL DEFAULT 0,
  created_by    text NOT NULL,
  created_at    timestamptz NOT NULL,
  cancelled_at  timestamptz
);
CREATE INDEX pushes_app ON pushes (app_id, id DESC);

-- One message to one device: due at the push's time (or the device's local time), retried with back-off.
CREATE TABLE push_deliveries (
  push_id    integer NOT NULL REFERENCES pushes(id) ON DELETE CASCADE,
  device_id  text NOT NULL,
  player_id  text NOT NULL,
  token      text NOT NULL,
  due_at     timestamptz NOT NULL,
  status     text NOT NULL CHECK (status IN ('queued', 'sent', 'failed', 'cancelled')),
  reason     text,
  attempts   integer NOT NULL DEFAULT 0,
  message_id text,
  sent_at    timestamptz,
  opened_at  timestamptz,
  PRIMARY KEY (push_id, device_id)
);
CREATE INDEX push_deliveries_due ON push_deliveries (due_at) WHERE status = 'queued';
