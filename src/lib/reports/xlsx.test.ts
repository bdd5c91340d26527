import { describe, expect, it } from 'vitest';
import { csvRows, unzipText, xlsxRows } from '../../../tests/support/unzip';
import { toCsv } from './export';
import { columnName, xlsx, zip } from './xlsx';

describe('report exports', () => {
  const table = { name: 'Main Data', header: ['Day', 'Installs', 'Note'], rows: [['2026-06-01', 12, 'a, "b"'], ['Total', 12.5, null], ['=cmd', -1, '<&>']] as (string | number | null)[][] };

  it('writes an .xlsx whose sheet holds the same cells', async () => {
    const file = xlsx(table.name, [table.header, ...table.rows]);
    expect(file.subarray(0, 2).toString()).toBe('PK');
    expect(await xlsxRows(file)).toEqual([table.header, ['2026-06-01', 12, 'a, "b"'], ['Total', 12.5], ['=cmd', -1, '<&>']]);
    expect(columnName(0)).toBe('A');
    expect(columnName(26)).toBe('AA');
  });

  it('the reader refuses a workbook missing any of its parts', async () => {
    const parts = [...(await unzipText(xlsx(table.name, [table.header, ...table.rows])))];
    expect(parts.map(([name]) => name)).toEqual(['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml', 'xl/worksheets/sheet1.xml']);
    for (const [name] of parts) {
      const broken = zip(parts.filter(([other]) => other !== name));
      await expect(xlsxRows(broken), name).rejects.toThrow();
    }
  });

  it('writes CSV with quoting and neutralised formulas', () => {
    const rows = csvRows(toCsv([table.header, ...table.rows]));
    expect(rows).toEqual([table.header, ['2026-06-01', '12', 'a, "b"'], ['Total', '12.5', ''], ["'=cmd", '-1', '<&>']]);
  });
});
