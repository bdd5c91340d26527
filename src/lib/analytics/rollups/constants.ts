/** Retention is kept for days 0..30 after install. */
export const RETENTION_MAX_DAY = 30;
/** The events a level step reads. */
export const LEVEL_EVENTS = `('level_start', 'level_complete', 'level_fail')`;

/**
 * An iap_purchase event whose store transaction was refused by its store (src/lib/iap/) is no revenue:
 * a condition on `analytics_events` rows (unaliased: the view of src/lib/server/db/migrations/0085) that keep only the others. Unverified and pending purchases count.
 */
export const NOT_REFUSED_PURCHASE = `NOT EXISTS (SELECT 1 FROM iap_verifications v WHERE v.status = 'refused' AND v.store = analytics_events.params->>'store' AND v.transaction_id = analytics_events.params->>'transactionId')`;
