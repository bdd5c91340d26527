-- A transaction id is unique per app and store, not across every app (issue 38): another game's player who
-- sends the same id (a store's ids are only unique within one developer account, and test ids repeat) gets a
-- verification of their own instead of "duplicate of" someone else's. Unique per (store, id) implies unique
-- per (app, store, id), so existing rows fit the new index.
DROP INDEX iap_verifications_original;
CREATE UNIQUE INDEX iap_verifications_original ON iap_verifications (app_id, store, transaction_id) WHERE status <> 'duplicate';
