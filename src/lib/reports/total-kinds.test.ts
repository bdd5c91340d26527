import { describe, expect, it } from 'vitest';
import { mainDataScreen } from '../analytics/screens';
import { countColumn } from './columns';
import { exportGrid, linesTable } from './table';

describe('an export names how each Total cell is formed, as the screen does', () => {
  it('Main Data: the Total line is followed by Sum / Average / Ratio of sums per column', () => {
    const day = { installs: 3, dau: 3, sessions: 4, sessionEnds: 3, sessionSeconds: 360, adImpressions: 3, adRevenue: 51_000, iapPurchases: 1, iapRevenue: 990_000, payers: 1 };
    // The table's second argument (the request) is not read by Main Data's table.
    const table = mainDataScreen.table({ from: '', to: '', apps: [], pending: 0, rows: [{ ...day, day: '2026-11-22' }, { ...day, day: '2026-11-23', dau: 2 }] }, {} as never);
    const { rows } = exportGrid(table);
    expect(rows.slice(-2)).toEqual([
      ['Total', 6, 2.5, 1.6, 120, 1.2, 0.1, 1.98, 1, 0.4164, 0.99, 40],
      ['Total formed as', 'Sum', 'Average', 'Ratio of sums', 'Ratio of sums', 'Ratio of sums', 'Sum', 'Sum', 'Average', 'Ratio of sums', 'Ratio of sums', 'Ratio of sums'],
    ]);
  });

  it('a table whose Totals are all sums keeps the one Total line', () => {
    const table = linesTable({ name: 'Counts', byDay: (r: { day: string; n: number }) => r.day, columns: [countColumn('n', 'Count')], rows: [{ day: '2026-11-22', n: 2 }] });
    expect(exportGrid(table).rows).toEqual([['22-11-2026', 2], ['Total', 2]]);
  });
});
