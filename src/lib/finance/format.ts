/**
 * The one money rule of finance (docs/metrics.md "Rounding"): amounts are integer micros everywhere; they
 * are rounded once, for display, to cents, half away from zero (1.015 → 1.02, −1.015 → −1.02), in integer
 * arithmetic so no binary fraction decides a half cent. Screens, tooltips, CSV and XLSX all use these.
 */

/** Whole cents of integer micros, half away from zero. */
export function centsOfMicros(micros: number): number {
  const abs = Math.abs(Math.round(micros));
  const cents = Math.floor((abs + 5_000) / 10_000);
  return micros < 0 && cents !== 0 ? -cents : cents;
}

/** Dollars (a number with at most 2 decimals) of micros, rounded by the rule: what CSV and XLSX cells hold. */
export function usdOfMicros(micros: number): number {
  return centsOfMicros(micros) / 100;
}

const grouped = (whole: number) => String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** "1,234.57" of micros (no currency), rounded by the rule. */
export function formatAmountMicros(micros: number): string {
  const cents = centsOfMicros(micros);
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${grouped(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
}

/** "$1,234.57", "-$4.02": USD micros for screens and tooltips, rounded by the rule. */
export function formatUsdMicros(micros: number): string {
  const text = formatAmountMicros(micros);
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
}

/** "$12.50" for USD, "12.50 EUR" for another currency. */
export function formatMoneyMicros(micros: number, currency: string): string {
  return currency === 'USD' ? formatUsdMicros(micros) : `${formatAmountMicros(micros)} ${currency}`;
}
