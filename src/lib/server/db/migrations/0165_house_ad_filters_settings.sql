-- In-house ads, issue 17 continued.

-- What the serving knew of the player when it served the ad, so the reports' shared filters (platform,
-- version, country) can filter serves, impressions, clicks and the installs credited to them. Serves from
-- before this column stay NULL: they match only the unfiltered reports.
ALTER TABLE house_ad_serves ADD COLUMN os smallint;
ALTER TABLE house_ad_serves ADD COLUMN app_version text;
ALTER TABLE house_ad_serves ADD COLUMN country text;
CREATE INDEX house_ad_serves_impression_day ON house_ad_serves (impression_day) WHERE impression_day IS NOT NULL;
CREATE INDEX house_ad_serves_click_day ON house_ad_serves (click_day) WHERE click_day IS NOT NULL;

-- The studio's house-ads defaults (Setting screen): one row. NULL frequency cap: none unless the campaign sets
-- one; fallback_creative: shown when no campaign fills (NULL: answer "no fill").
CREATE TABLE house_ad_settings (
  id                      boolean PRIMARY KEY DEFAULT true CHECK (id),
  frequency_cap           integer,
  fallback_creative       jsonb,
  attribution_window_days integer NOT NULL DEFAULT 7,
  pacing                  boolean NOT NULL DEFAULT false,
  updated_by              text NOT NULL DEFAULT '',
  updated_at              timestamptz NOT NULL DEFAULT now()
);
INSERT INTO house_ad_settings (id) VALUES (true);
