import { round } from '../reports/columns';
import type { ReportTable } from '../reports/table';

/** An answer of install cohorts is empty when no cohort has an install. */
export const noInstalls = (answer: { cohorts: readonly { installs: number }[] }) => !answer.cohorts.some((c) => c.installs > 0);

/**
 * A heat table of install cohorts: install day, installs, then one figure per column (percentages by
 * default; the cohort views pass their unit, and colour their cells against the table's largest value).
 */
export function cohortTable<L extends { installDay: string; installs: number }>(options: {
  name: string;
  lines: readonly L[];
  total: L;
  columns: readonly { key: string; label: string; exportLabel: string; value: (line: L) => number | null }[];
  unit?: 'pct' | 'usd' | 'ratio';
  decimals?: number;
  totalHint?: string;
  /** Colour cells relative to the largest value shown (figures that are not percentages). */
  relativeHeat?: boolean;
}): ReportTable {
  const unit = options.unit ?? 'pct';
  const decimals = options.decimals ?? 2;
  const cells = (line: L) => [line.installDay, line.installs, ...options.columns.map((c) => round(c.value(line), decimals))];
  const rows = options.lines.map(cells);
  const total = cells(options.total);
  const largest = Math.max(0, ...[...rows, total].flatMap((r) => r.slice(2)).filter((v): v is number => typeof v === 'number'));
  return {
    name: options.name,
    columns: [
      { key: 'installDay', label: 'Install day', unit: 'day', decimals: 0 },
      { key: 'installs', label: 'Installs', unit: 'count', decimals: 0 },
      ...options.columns.map((c) => ({ key: c.key, label: c.label, exportLabel: c.exportLabel, unit, decimals, heat: true })),
    ],
    rows,
    total,
    totalHint: options.totalHint ?? 'All cohorts of the range: users over the installs of the cohorts that have reached that column',
    newestFirst: true,
    ...(options.relativeHeat ? { heatScale: largest > 0 ? largest : 1 } : {}),
  };
}
