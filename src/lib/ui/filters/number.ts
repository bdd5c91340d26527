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

/** Abbreviates with k, M, G, T, P, E (the one number module's rule). */
export { abbreviate as formatNumber } from '../../numbers';

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/** Time ago: minutes under 1 hour, hours under 1 day, else days ("5 minutes ago", "1 hour ago", "3 days ago"). */
export function timeAgo(time: Date | number | string, now: Date | number = nowMs()): string {
  const seconds = Math.max(0, (new Date(now).getTime() - new Date(time).getTime()) / 1000);
  if (seconds < 3600) return plural(Math.floor(seconds / 60), 'minute');
  if (seconds < DAY_MS / 1000) return plural(Math.floor(seconds / 3600), 'hour');
  return plural(Math.floor(seconds / (DAY_MS / 1000)), 'day');
}
