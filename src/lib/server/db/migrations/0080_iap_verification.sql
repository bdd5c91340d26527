-- IAP verification (tracker issue 14, src/lib/iap/): every purchase a game or a staff member submits, what the
-- store said about it, and every request the console made to a store.

-- One row per submitted purchase. The first submission of a (store, transaction id) is the original; a later
-- one is kept as a 'duplicate' row pointing at it (the IAP log shows replays), never verified again.
CREATE TABLE iap_verifications (
  id               bigserial PRIMARY KEY,
  app_id           text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
  store            text NOT NULL CHECK (store IN ('google_play', 'app_store')),
  transaction_id   text NOT NULL,
  product_id       text NOT NULL,
  user_id          text NOT NULL DEFAULT '',
  -- Google Play's purchase token (needed to ask again while pending); App Store needs only the transaction id.
  purchase_token   text NOT NULL DEFAULT '',
  -- 'sdk' (the game, with a player token) or 'staff' (api/appdata/verifyIAP).
  source           text NOT NULL CHECK (source IN ('sdk', 'staff')),
  requested_by     text NOT NULL DEFAULT '',
  status           text NOT NULL CHECK (status IN ('verified', 'refused', 'pending', 'duplicate')),
  -- The store's reason for a refusal, why a purchase is still pending, or the original's id for a duplicate.
  reason           text NOT NULL DEFAULT '',
  duplicate_of     bigint REFERENCES iap_verifications(id) ON DELETE CASCADE,
  -- What the store answered about the purchase (decoded, no secrets): order id, state, dates, environment.
  store_data       jsonb NOT NULL DEFAULT '{}',
  attempts         int NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz,
  created_at       timestamptz NOT NULL,
  decided_at       timestamptz
);
-- A transaction id is accepted once per store: one original per (store, transaction id).
CREATE UNIQUE INDEX iap_verifications_original ON iap_verifications (store, transaction_id) WHERE status <> 'duplicate';
CREATE INDEX iap_verifications_app_time ON iap_verifications (app_id, created_at DESC, id DESC);
CREATE INDEX iap_verifications_user ON iap_verifications (app_id, user_id, created_at DESC);
-- The rollups leave out iap_purchase events of refused transactions (src/lib/analytics/rollups/constants.ts).
CREATE INDEX iap_verifications_refused ON iap_verifications (transaction_id, store) WHERE status = 'refused';
-- The retry job's queue.
CREATE INDEX iap_verifications_due ON iap_verifications (next_attempt_at) WHERE status = 'pending';

-- Every request made to a store: what was asked (secrets left out), what it answered, how long it took.
CREATE TABLE iap_request_log (
  id               bigserial PRIMARY KEY,
  at               timestamptz NOT NULL,
  verification_id  bigint REFERENCES iap_verifications(id) ON DELETE SET NULL,
  app_id           text NOT NULL,
  store            text NOT NULL,
  transaction_id   text NOT NULL,
  user_id          text NOT NULL DEFAULT '',
  -- method, URL and headers with the bearer token replaced by its kind.
  request          jsonb NOT NULL,
  http_status      int,
  -- The store's answer (JSON as sent, a signed transaction decoded) or the network error.
  response         jsonb NOT NULL,
  latency_ms       int NOT NULL,
  result           text NOT NULL CHECK (result IN ('verified', 'refused', 'pending'))
);
CREATE INDEX iap_request_log_app_time ON iap_request_log (app_id, at DESC, id DESC);
CREATE INDEX iap_request_log_transaction ON iap_request_log (transaction_id);

-- App Store Server API keys per app (App Store Connect → Users and Access → Integrations → In-App Purchase):
-- key id and issuer in the clear, the .p8 private key sealed with CONFIG_SECRET_KEY and never sent back.
-- Google Play uses the app's GA service account (config_items, kind ga_service_account, scope app:<id>).
CREATE TABLE iap_store_keys (
  app_id      text PRIMARY KEY REFERENCES apps(id) ON DELETE CASCADE,
  key_id      text NOT NULL,
  issuer_id   text NOT NULL,
  private_key text NOT NULL,
  updated_by  text NOT NULL DEFAULT '',
  updated_at  timestamptz NOT NULL DEFAULT now()
);
