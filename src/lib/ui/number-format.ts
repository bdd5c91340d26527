/**
 * Number formats built once: `toLocaleString` builds a new Intl.NumberFormat on every call, which showed as a
 * visible share of the dashboard's render time.
 */
export const countFormat = new Intl.NumberFormat('en-US');
export const usdFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
