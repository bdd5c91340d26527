import { describe, expect, it } from 'vitest';
import { csvRows, xlsxRows } from '../../../tests/support/unzip';
import { toCsv } from '../reports/export';
import { columnName, xlsx } from './xlsx';

describe('report exports', () => {
  const table = { name: 'Main Data', header: ['Day', 'Installs', 'Note'], rows: [['2026-06-01', 12, 'a, "b"'], ['Total', 12.5, null], ['=cmd', -1, '<&>']] as (string | number | null)[][] };

  it('writes an .xlsx whose sheet holds the same cells', () => {
    const file = xlsx(table.name, [table.header, ...table.rows]);
    expect(file.subarray(0, 2).toString()).toBe('PK');
    expect(xlsxRows(file)).toEqual([table.header, ['2026-06-01', 12, 'a, "b"'], ['Total', 12.5], ['=cmd', -1, '<&>']]);
    expect(columnName(0)).toBe('A');
    expect(columnName(26)).toBe('AA');
  });

  it('writes CSV with quoting and neutralised formulas', () => {
    const rows = csvRows(toCsv([table.header, ...table.rows]));
    expect(rows).toEqual([table.header, ['2026-06-01', '12', 'a, "b"'], ['Total', '12.5', ''], ["'=cmd", '-1', '<&>']]);
  });
});
