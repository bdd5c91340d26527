import { only, type ReportColumn } from '../../reports/columns';
import type { StuckLevelRow } from './rows';

/**
 * Stuck Game's figures (docs/metrics.md "Stuck Game") as code, shared by server and browser.
 */

/** The lower bound of the 95 % Wilson interval of a proportion k/n (0..1); null for n = 0. */
export function wilsonLower(k: number, n: number, z = 1.959964): number | null {
  if (n <= 0) return null;
  const p = k / n;
  const z2 = z * z;
  return Math.max(0, (p + z2 / (2 * n) - z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n));
}

const pct = (a: number, b: number) => (b > 0 ? (a * 100) / b : null);

/** Quit rate: the share of the level's arrivals stuck there, in %. */
export const quitRate = (r: StuckLevelRow) => pct(r.stuck, r.reached);
/** Fail rate: fails over fails and completions of the arrivals' plays, in %. */
export const failRate = (r: StuckLevelRow) => pct(r.fails, r.fails + r.completes);
/**
 * Stuck score: the quit rate's 95 % Wilson lower bound, in %: a level ranks high when many of its arrivals
 * quit there AND there are enough of them to trust it (3 of 4 players is not yet a wall; 300 of 400 is).
 */
export const stuckScore = (r: StuckLevelRow) => {
  const w = wilsonLower(r.stuck, r.reached);
  return w === null ? null : w * 100;
};

export const STUCK_COLUMNS: ReportColumn<StuckLevelRow>[] = [
  { key: 'reached', label: 'Players reached', unit: 'count', decimals: 0, measure: only((r) => r.reached) },
  { key: 'stuck', label: 'Stuck players', unit: 'count', decimals: 0, measure: only((r) => r.stuck) },
  { key: 'quitRate', label: 'Quit rate', unit: 'pct', decimals: 2, measure: only(quitRate) },
  { key: 'failRate', label: 'Fail rate', unit: 'pct', decimals: 2, measure: only(failRate) },
  { key: 'attemptsMedian', label: 'Attempts to pass (median)', unit: 'ratio', decimals: 1, measure: only((r) => r.attemptsMedian) },
  { key: 'attemptsP90', label: 'Attempts to pass (p90)', unit: 'ratio', decimals: 1, measure: only((r) => r.attemptsP90) },
  { key: 'secondsMedian', label: 'Time to pass (median)', unit: 'sec', decimals: 0, measure: only((r) => r.secondsMedian) },
  { key: 'secondsP90', label: 'Time to pass (p90)', unit: 'sec', decimals: 0, measure: only((r) => r.secondsP90) },
  { key: 'stuckScore', label: 'Stuck score', unit: 'ratio', decimals: 2, measure: only(stuckScore) },
];
