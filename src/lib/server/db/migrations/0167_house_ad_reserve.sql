-- One serve's reservation in one statement (src/lib/house-ads/serving.ts): the serve row, then the per-player,
-- daily and total counters, each moving only while under its cap. A cap reached rolls the whole try back
-- (the EXCEPTION block is a subtransaction) and answers which cap: 'player', 'daily' or 'total'; 'ok' when
-- served. The busiest rows (the campaign's day and total) come last, so their locks are held the shortest.
-- The serve commits without waiting for its WAL flush (synchronous_commit off, this transaction only): the
-- flush was most of a serve's time. A database crash can lose the last fraction of a second of serves, counters
-- and serve rows together (never one without the other); docs/decisions.md.
CREATE FUNCTION house_ad_reserve(
  p_serve text, p_campaign integer, p_creative text, p_app text, p_placement text, p_player text, p_device text,
  p_day date, p_at timestamptz, p_os smallint, p_version text, p_country text, p_daily_limit integer, p_frequency_cap integer
) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  INSERT INTO house_ad_serves (serve_id, campaign_id, creative_id, publisher_app, placement, player_id, device_id, day, served_at, os, app_version, country)
  VALUES (p_serve, p_campaign, p_creative, p_app, p_placement, p_player, p_device, p_day, p_at, p_os, p_version, p_country);
  IF p_frequency_cap IS NOT NULL THEN
    INSERT INTO house_ad_player_days (campaign_id, day, app_id, player_id, served) VALUES (p_campaign, p_day, p_app, p_player, 1)
    ON CONFLICT (campaign_id, day, app_id, player_id) DO UPDATE SET served = house_ad_player_days.served + 1
     WHERE house_ad_player_days.served < p_frequency_cap;
    IF NOT FOUND THEN RAISE EXCEPTION 'player'; END IF;
  END IF;
  INSERT INTO house_ad_day_counts (campaign_id, day, served) VALUES (p_campaign, p_day, 1)
  ON CONFLICT (campaign_id, day) DO UPDATE SET served = house_ad_day_counts.served + 1
   WHERE p_daily_limit IS NULL OR house_ad_day_counts.served < p_daily_limit;
  IF NOT FOUND THEN RAISE EXCEPTION 'daily'; END IF;
  UPDATE house_ad_campaigns SET served_total = served_total + 1
   WHERE id = p_campaign AND status = 'running' AND (total_cap IS NULL OR served_total < total_cap);
  IF NOT FOUND THEN RAISE EXCEPTION 'total'; END IF;
  RETURN 'ok';
EXCEPTION WHEN raise_exception THEN
  RETURN SQLERRM;
END $$;
