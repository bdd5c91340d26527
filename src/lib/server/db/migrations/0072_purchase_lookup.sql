-- Find User by an IAP transaction id: a purchase's transaction id, in any day partition.
CREATE INDEX events_purchase_transaction ON events (app_id, (params->>'transactionId')) WHERE name = 'iap_purchase';
