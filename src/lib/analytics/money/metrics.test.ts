import { describe, expect, it } from 'vitest';
import { sortedLines } from '../../reports/table';
import { cvrTotal, daysBucket, levelBand, NO_INSTALL_BUCKET } from './metrics';

describe('ads and money figures', () => {
  it('buckets days since install and levels as docs/metrics.md lists them', () => {
    expect([0, 1, 2, 3, 4, 7, 8, 14, 15, 30, 31, 400].map(daysBucket)).toEqual(['0', '1', '2-3', '2-3', '4-7', '4-7', '8-14', '8-14', '15-30', '15-30', '31+', '31+']);
    expect([daysBucket(null), daysBucket(-1)]).toEqual([NO_INSTALL_BUCKET, NO_INSTALL_BUCKET]);
    expect([0, 1, 5, 6, 10, 11, 20, 21, 50, 51, 100, 101].map(levelBand)).toEqual(['none', '1-5', '1-5', '6-10', '6-10', '11-20', '11-20', '21-50', '21-50', '51-100', '51-100', '101+']);
  });

  it('CVR All line: per window, only the cohorts whose window is over, weighted by installs', () => {
    const total = cvrTotal([
      { installDay: '2026-11-01', installs: 100, converted: [10, 20, 30, 40, 50, 60] },
      { installDay: '2026-11-20', installs: 300, converted: [30, 30, null, null, null, null] },
    ]);
    expect(total).toEqual({ installs: 400, cells: [10, 12.5, 30, 40, 50, 60] });
    expect(cvrTotal([]).cells).toEqual([null, null, null, null, null, null]);
  });

  it('sorts a table by a column, Total first, empty cells last, both ways', () => {
    const lines = [
      { cells: ['Total', 9], total: true },
      { cells: ['b', 2], total: false },
      { cells: ['a', null], total: false },
      { cells: ['c', 5], total: false },
    ];
    expect(sortedLines(lines, { column: 1, descending: true }).map((l) => l.cells[0])).toEqual(['Total', 'c', 'b', 'a']);
    expect(sortedLines(lines, { column: 1, descending: false }).map((l) => l.cells[0])).toEqual(['Total', 'b', 'c', 'a']);
    expect(sortedLines(lines, { column: 0, descending: false }).map((l) => l.cells[0])).toEqual(['Total', 'a', 'b', 'c']);
  });
});
