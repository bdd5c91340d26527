-- In-house ads serving cache (src/lib/house-ads/serving-cache.ts): every process keeps the published apps,
-- the running campaigns and the studio settings for a few seconds, and drops them at once when any of them
-- changes. The counters (served_total) are not in the column list: a serve must not empty every cache.
CREATE FUNCTION gsm_notify_house_ads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('gsm_house_ads', TG_TABLE_NAME);
  RETURN NULL;
END $$;

CREATE TRIGGER house_ad_publishers_notify AFTER INSERT OR UPDATE OR DELETE ON house_ad_publishers
  FOR EACH STATEMENT EXECUTE FUNCTION gsm_notify_house_ads();
CREATE TRIGGER house_ad_settings_notify AFTER INSERT OR UPDATE OR DELETE ON house_ad_settings
  FOR EACH STATEMENT EXECUTE FUNCTION gsm_notify_house_ads();
CREATE TRIGGER house_ad_campaigns_notify_change AFTER INSERT OR DELETE ON house_ad_campaigns
  FOR EACH STATEMENT EXECUTE FUNCTION gsm_notify_house_ads();
CREATE TRIGGER house_ad_campaigns_notify_edit
  AFTER UPDATE OF name, advertised_app, store_links, creatives, targeting, start_at, end_at, total_cap, daily_cap, frequency_cap, weight, priority, pacing, status
  ON house_ad_campaigns FOR EACH STATEMENT EXECUTE FUNCTION gsm_notify_house_ads();
