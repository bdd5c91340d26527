-- In-house ads (issue 17): the studio cross-promotes its games inside its other games.

-- Publisher apps: the studio's apps that show house ads, and their placements. An app without a row, or
-- with published = false, is never served (unpublishing stops serving at the next request).
CREATE TABLE house_ad_publishers (
  app_id     text PRIMARY KEY REFERENCES apps(id) ON DELETE CASCADE,
  published  boolean NOT NULL DEFAULT true,
  placements text[] NOT NULL DEFAULT '{}',
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A campaign advertises one app. Creatives and targeting are small documents read whole by the server.
CREATE TABLE house_ad_campaigns (
  id               serial PRIMARY KEY,
  name             text NOT NULL,
  advertised_app   text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
  store_links      jsonb NOT NULL DEFAULT '{}',
  creatives        jsonb NOT NULL DEFAULT '[]',
  targeting        jsonb NOT NULL DEFAULT '{}',
  start_at         timestamptz NOT NULL,
  end_at           timestamptz NOT NULL,
  total_cap        integer,
  daily_cap        integer,
  frequency_cap    integer,
  weight           integer NOT NULL DEFAULT 1,
  priority         integer NOT NULL DEFAULT 0,
  pacing           boolean NOT NULL DEFAULT false,
  status           text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'running', 'paused', 'ended')),
  -- Ads served so far (reserved by one conditional UPDATE, so the total cap holds across processes).
  served_total     integer NOT NULL DEFAULT 0,
  created_by       text NOT NULL DEFAULT '',
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX house_ad_campaigns_status ON house_ad_campaigns (status);

-- Ads served per campaign and reporting day: the daily cap and pacing are checked on this row.
CREATE TABLE house_ad_day_counts (
  campaign_id integer NOT NULL REFERENCES house_ad_campaigns(id) ON DELETE CASCADE,
  day         date NOT NULL,
  served      integer NOT NULL DEFAULT 0,
  PRIMARY KEY (campaign_id, day)
);

-- Ads served per campaign, player and day: the frequency cap.
CREATE TABLE house_ad_player_days (
  campaign_id integer NOT NULL REFERENCES house_ad_campaigns(id) ON DELETE CASCADE,
  day         date NOT NULL,
  app_id      text NOT NULL,
  player_id   text NOT NULL,
  served      integer NOT NULL DEFAULT 0,
  PRIMARY KEY (campaign_id, day, app_id, player_id)
);

-- One row per served ad: the tracking tokens name it; impression and click are set once each.
CREATE TABLE house_ad_serves (
  serve_id       text PRIMARY KEY,
  campaign_id    integer NOT NULL REFERENCES house_ad_campaigns(id) ON DELETE CASCADE,
  creative_id    text NOT NULL,
  publisher_app  text NOT NULL,
  placement      text NOT NULL,
  player_id      text NOT NULL,
  device_id      text NOT NULL,
  day            date NOT NULL,
  served_at      timestamptz NOT NULL,
  impression_at  timestamptz,
  impression_day date,
  click_at       timestamptz,
  click_day      date
);
CREATE INDEX house_ad_serves_campaign_day ON house_ad_serves (campaign_id, day);
CREATE INDEX house_ad_serves_click_device ON house_ad_serves (device_id, click_at) WHERE click_at IS NOT NULL;
CREATE INDEX house_ad_serves_click_player ON house_ad_serves (player_id, click_at) WHERE click_at IS NOT NULL;

-- Installs credited to the last click (one per player of the advertised app).
CREATE TABLE house_ad_installs (
  advertised_app text NOT NULL,
  user_id        text NOT NULL,
  serve_id       text NOT NULL REFERENCES house_ad_serves(serve_id) ON DELETE CASCADE,
  campaign_id    integer NOT NULL,
  installed_at   timestamptz NOT NULL,
  day            date NOT NULL,
  PRIMARY KEY (advertised_app, user_id)
);
CREATE INDEX house_ad_installs_campaign_day ON house_ad_installs (campaign_id, day);
