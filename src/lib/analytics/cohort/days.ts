/** The cohort views' columns: days since install D0..D30, then D60 and D90 where the range allows. */
export const COHORT_DAYS = [...Array.from({ length: 31 }, (_, n) => n), 60, 90] as const;
/** The oldest install day the cohort rollups keep for a day (D90). */
export const COHORT_MAX_DAY = 90;
