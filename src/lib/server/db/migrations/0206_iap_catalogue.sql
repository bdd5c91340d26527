-- The product catalogue (Config Data → IAP Config) in purchase verification (issue 39; src/lib/iap/catalogue.ts).
-- catalogue_state: 'listed' (the product is in the app's catalogue), 'unknown' (it is not), '' (not decided yet).
-- The price is the store's when its answer carries one, else the catalogue's (price_source says which), in
-- micros of its currency and in USD micros at the rate of the purchase's UTC+7 day; NULL when neither knows it.
-- product_type is the catalogue's (consumable, non-consumable, subscription). reward_mail_id is the mail that
-- granted the catalogue's reward: set in the transaction that verified the purchase, so once per purchase.
ALTER TABLE iap_verifications
  ADD COLUMN catalogue_state text NOT NULL DEFAULT '' CHECK (catalogue_state IN ('', 'listed', 'unknown')),
  ADD COLUMN product_type text NOT NULL DEFAULT '',
  ADD COLUMN price_micros bigint,
  ADD COLUMN price_currency text NOT NULL DEFAULT '',
  ADD COLUMN price_usd_micros bigint,
  ADD COLUMN price_source text NOT NULL DEFAULT '' CHECK (price_source IN ('', 'store', 'catalogue')),
  ADD COLUMN reward_mail_id bigint,
  ADD COLUMN reward_note text NOT NULL DEFAULT '';
