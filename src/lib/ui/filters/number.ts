import { nowMs } from '../../time/clock';
import { DAY_MS } from '../../time/day';
/** Number input: strips thousands commas (and spaces) and converts; empty or not a number is null. */
export function parseNumberInput(text: string): number | null {
  const cleaned = text.replace(/[,\s]/g, '');
  if (cleaned === '' || cleaned === '-' || cleaned === '.') return null;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(cleaned)) return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : null;
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
export function formatNumber(value: number, digits = 1): string {
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

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/** Time ago: minutes under 1 hour, hours under 1 day, else days ("5 minutes ago", "1 hour ago", "3 days ago"). */
export function timeAgo(time: Date | number | string, now: Date | number = nowMs()): string {
  const seconds = Math.max(0, (new Date(now).getTime() - new Date(time).getTime()) / 1000);
  if (seconds < 3600) return plural(Math.floor(seconds / 60), 'minute');
  if (seconds < DAY_MS / 1000) return plural(Math.floor(seconds / 3600), 'hour');
  return plural(Math.floor(seconds / (DAY_MS / 1000)), 'day');
}
