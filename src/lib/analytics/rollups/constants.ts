/** Retention is kept for days 0..30 after install. */
export const RETENTION_MAX_DAY = 30;
/** The events a level step reads. */
export const LEVEL_EVENTS = `('level_start', 'level_complete', 'level_fail')`;
