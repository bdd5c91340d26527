-- The A/B Other Metrics report sums each exposed player's first W days of user_days. Its primary key
-- (app_id, day, user_id) answers that with W lookups per player; this index answers it with one range
-- scan per player, and its INCLUDE columns (what the report sums) make it an index-only scan.
CREATE INDEX user_days_player ON user_days (app_id, user_id, day) INCLUDE (sessions, session_seconds, ad_revenue, iap_revenue, iap_purchases);
