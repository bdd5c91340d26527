-- Gift codes (issue 19): a campaign is N generated single-use codes or one keyword code many players type.
CREATE TABLE gift_campaigns (
  id               bigserial PRIMARY KEY,
  app_id           text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
  name             text NOT NULL,
  kind             text NOT NULL CHECK (kind IN ('generated', 'keyword')),
  prefix           text NOT NULL DEFAULT '',
  code_count       integer NOT NULL DEFAULT 0,
  rewards          jsonb NOT NULL,
  starts_at        timestamptz NOT NULL,
  expires_at       timestamptz NOT NULL,
  -- Redemptions of the whole campaign; null = as many as there are codes (generated) or unlimited (keyword).
  total_limit      integer CHECK (total_limit > 0),
  -- Codes of this campaign one player may redeem (a keyword: times).
  per_player_limit integer NOT NULL DEFAULT 1 CHECK (per_player_limit > 0),
  os               jsonb NOT NULL DEFAULT '[]',
  countries        jsonb NOT NULL DEFAULT '[]',
  -- Counted by the conditional UPDATE that admits a redemption, so it never passes total_limit.
  redeemed         integer NOT NULL DEFAULT 0,
  active           boolean NOT NULL DEFAULT true,
  created_by       text NOT NULL DEFAULT '',
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  CHECK (total_limit IS NULL OR redeemed <= total_limit)
);
CREATE INDEX gift_campaigns_app ON gift_campaigns (app_id, created_at);

-- Codes are unique across every app: a code typed in the wrong game is recognised (and logged as wrong app).
CREATE TABLE gift_codes (
  code        text PRIMARY KEY,
  campaign_id bigint NOT NULL REFERENCES gift_campaigns(id) ON DELETE CASCADE,
  -- Generated codes: 1; a keyword: null (the campaign's limits decide).
  max_uses    integer,
  uses        integer NOT NULL DEFAULT 0,
  CHECK (max_uses IS NULL OR uses <= max_uses)
);
CREATE INDEX gift_codes_campaign ON gift_codes (campaign_id);

-- How many codes of a campaign each player redeemed (the per-player limit, raised by a conditional upsert).
CREATE TABLE gift_player_uses (
  campaign_id bigint NOT NULL REFERENCES gift_campaigns(id) ON DELETE CASCADE,
  player_id   text NOT NULL,
  uses        integer NOT NULL,
  PRIMARY KEY (campaign_id, player_id)
);

-- Every redemption attempt and its result (the Used Logs screen).
CREATE TABLE gift_code_log (
  id          bigserial PRIMARY KEY,
  at          timestamptz NOT NULL,
  app_id      text NOT NULL,
  player_id   text NOT NULL,
  device_id   text NOT NULL DEFAULT '',
  code        text NOT NULL,
  campaign_id bigint,
  result      text NOT NULL,
  mail_id     bigint
);
CREATE INDEX gift_code_log_at ON gift_code_log (at DESC, id DESC);
CREATE INDEX gift_code_log_campaign ON gift_code_log (campaign_id);

-- Failed attempts per player and per device in the current window: guessing codes is throttled.
CREATE TABLE gift_code_failures (
  key          text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  failures     integer NOT NULL
);
