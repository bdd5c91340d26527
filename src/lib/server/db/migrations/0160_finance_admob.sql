-- AdMob accounts connected through Google's OAuth (tracker issue 16): one row per publisher account, its
-- refresh token sealed with CONFIG_SECRET_KEY (src/lib/server/crypto.ts encryptSecret); never sent back.
CREATE TABLE finance_admob_accounts (
  publisher_id        text PRIMARY KEY,
  refresh_token_sealed text NOT NULL,
  scope               text NOT NULL,
  connected_by        text NOT NULL,
  connected_at        timestamptz NOT NULL,
  last_pull_at        timestamptz,
  last_pull_message   text NOT NULL DEFAULT ''
);
