/**
 * The studio's reporting time zone (DESIGN "Data and time"): reports cut days here and times are shown
 * here. UTC+7, without daylight saving. Shared by server and browser.
 */
export const REPORT_TIME_ZONE = 'Asia/Ho_Chi_Minh';
export const REPORT_TIME_ZONE_LABEL = 'UTC+7';
/** The zone's offset as ISO 8601 writes it after a local time. */
export const REPORT_TIME_ZONE_OFFSET = '+07:00';

/** The zone's fixed offset (no daylight saving since 1975). */
export const REPORT_OFFSET_MS = 7 * 3_600_000;
