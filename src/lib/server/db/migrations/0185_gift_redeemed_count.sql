-- A campaign without a total limit no longer counts its redemptions in its own row (every redemption of the
-- campaign queued on that row lock until its commit's WAL flush: about one redemption per flush). Its count is
-- read from the log's successful rows instead, which this index keeps cheap.
CREATE INDEX gift_code_log_campaign_ok ON gift_code_log (campaign_id) WHERE result = 'ok';
