/**
 * The console's one number and money format (docs/metrics.md "Rounding"), for screens, tooltips, CSV and
 * XLSX alike, on the server and in the browser:
 * - counts and decimals in en-US grouping ("1,234", "1,234.5");
 * - money held as integer micros, rounded once, for display, to cents (or the asked decimals), half away
 *   from zero (1.015 → 1.02, −1.015 → −1.02), in integer arithmetic so no binary fraction decides a half
 *   cent; the sign before the dollar sign ("-$4.02"), and a value that rounds to zero has none;
 * - abbreviations with k, M, G, T, P, E (the spec's number formatter).
 * Formats are built once: `toLocaleString` builds a new Intl.NumberFormat per call, which showed as a visible
 * share of the dashboard's render time.
 */

const intlFormats = new Map<number, Intl.NumberFormat>();
function intlFormat(decimals: number): Intl.NumberFormat {
  let f = intlFormats.get(decimals);
  if (!f) intlFormats.set(decimals, (f = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })));
  return f;
}

/** "1,234": a count (whole numbers; a fraction is rounded half away from zero). */
export function formatCount(value: number | bigint): string {
  return intlFormat(0).format(value);
}

/** "1,234.50": a figure with exactly `decimals` decimals. */
export function formatDecimal(value: number, decimals: number): string {
  return intlFormat(decimals).format(value);
}

/** "4.56%": a percentage (the value is already in %). */
export function formatPercent(value: number, decimals = 2): string {
  return `${formatDecimal(value, decimals)}%`;
}

const grouped = (whole: bigint | number) => String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Whole units of 10^-decimals of integer micros, half away from zero (decimals 0..6). */
function unitsOfMicros(micros: number, decimals: number): number {
  const step = 10 ** (6 - decimals);
  const abs = Math.abs(Math.round(micros));
  const units = Math.floor((abs + step / 2) / step);
  return micros < 0 && units !== 0 ? -units : units;
}

/** Whole cents of integer micros, half away from zero. */
export function centsOfMicros(micros: number): number {
  return unitsOfMicros(micros, 2);
}

/** Dollars (a number with at most 2 decimals) of micros, rounded by the rule: what CSV and XLSX cells hold. */
export function usdOfMicros(micros: number): number {
  return centsOfMicros(micros) / 100;
}

/** "1,234.57" of micros (no currency), rounded by the rule to `decimals` (0..6). */
export function formatAmountMicros(micros: number, decimals = 2): string {
  const d = Math.min(6, Math.max(0, Math.trunc(decimals)));
  const units = unitsOfMicros(micros, d);
  const abs = Math.abs(units);
  const scale = 10 ** d;
  const whole = grouped(Math.floor(abs / scale));
  const text = d === 0 ? whole : `${whole}.${String(abs % scale).padStart(d, '0')}`;
  return units < 0 ? `-${text}` : text;
}

/** "$1,234.57", "-$4.02": USD micros, rounded by the rule. */
export function formatUsdMicros(micros: number, decimals = 2): string {
  const text = formatAmountMicros(micros, decimals);
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
}

/** "$1,234.57" of dollars (a figure computed in dollars): to micros, then the same rule. */
export function formatUsd(value: number, decimals = 2): string {
  return formatUsdMicros(Math.round(value * 1e6), decimals);
}

/** "$12.50" for USD, "12.50 EUR" for another currency. */
export function formatMoneyMicros(micros: number, currency: string): string {
  return currency === 'USD' ? formatUsdMicros(micros) : `${formatAmountMicros(micros)} ${currency}`;
}

/** "12.50 EUR": an amount in a currency's own units (not micros), by the same rule. */
export function formatMoney(value: number, currency: string): string {
  return formatMoneyMicros(Math.round(value * 1e6), currency);
}

const UNITS = [
  { value: 1e18, symbol: 'E' },
  { value: 1e15, symbol: 'P' },
  { value: 1e12, symbol: 'T' },
  { value: 1e9, symbol: 'G' },
  { value: 1e6, symbol: 'M' },
  { value: 1e3, symbol: 'k' },
];

/** Abbreviates with k, M, G, T, P, E: 1234 → "1.2k", 1500000 → "1.5M", 999 → "999"; trailing zeros dropped. */
export function abbreviate(value: number, digits = 1): string {
  if (!Number.isFinite(value)) return String(value);
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  for (const unit of UNITS) {
    if (abs >= unit.value) {
      return sign + (abs / unit.value).toFixed(digits).replace(/\.0+$|(\.\d*[1-9])0+$/, '$1') + unit.symbol;
    }
  }
  return sign + String(Number(abs.toFixed(digits)));
}
