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

/** Time ago (the spec's helper), owned by the time module. */
export { timeAgo } from '../../time/format';
