import { describe, expect, it } from 'vitest';
import { countColumn, type ReportColumn } from './columns';
import { reportFileName } from './export';
import { exportGrid, linesTable } from './table';

type Row = { day: string; installs: number; dau: number };
const columns: ReportColumn<Row>[] = [countColumn('installs', 'Installs')];
const table = linesTable<Row>({ name: 'T', byDay: (r) => r.day, columns, rows: [{ day: '2026-11-22', installs: 3, dau: 5 }, { day: '2026-11-23', installs: 4, dau: 7 }] });

describe('dates in exports (one rule)', () => {
  it('writes days as the table shows them, DD-MM-YYYY, by default', () => {
    expect(exportGrid(table)).toEqual({ header: ['Day (UTC+7)', 'Installs'], rows: [['22-11-2026', 3], ['23-11-2026', 4], ['Total', 7]] });
  });

  it('writes ISO 8601 with the UTC+7 offset for an export declared machine-readable', () => {
    expect(exportGrid(table, 'machine').rows).toEqual([['2026-11-22T00:00:00+07:00', 3], ['2026-11-23T00:00:00+07:00', 4], ['Total', 7]]);
  });

  it('names a report file after the report, the app (or all-apps) and the range', () => {
    expect(reportFileName('main-data', [], '2026-11-22', '2026-11-28')).toBe('main-data_all-apps_22-11-2026_28-11-2026');
    expect(reportFileName('main-data', ['com.gsm.blockpuzzle'], '2026-11-22', '2026-11-28')).toBe('main-data_com.gsm.blockpuzzle_22-11-2026_28-11-2026');
    expect(reportFileName('level', ['a', 'b', 'c'], '2026-11-01', '2026-11-30')).toBe('level_3-apps_01-11-2026_30-11-2026');
  });
});
