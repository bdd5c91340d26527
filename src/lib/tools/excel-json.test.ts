import { describe, expect, it } from 'vitest';
import { cellToJson, flatten, JsonShapeError, objectsToGrid, parseJsonArray, rowsToObjects, workbookProblem } from './excel-json';

describe('Excel to JSON rules', () => {
  it('keeps numbers and booleans, writes dates as ISO and formulas as their result', () => {
    expect(cellToJson(4.5)).toBe(4.5);
    expect(cellToJson(true)).toBe(true);
    expect(cellToJson(new Date(Date.UTC(2026, 10, 23, 8, 30)))).toBe('2026-11-23T08:30:00.000Z');
    expect(cellToJson({ formula: 'A1*2', result: 9 })).toBe(9);
    expect(cellToJson({ richText: [{ text: 'Tile ' }, { text: 'Match' }] })).toBe('Tile Match');
    expect(cellToJson({ text: 'site', hyperlink: 'https://x' })).toBe('site');
    expect(cellToJson({ error: '#DIV/0!' })).toBe('#DIV/0!');
    expect(cellToJson(undefined)).toBeNull();
  });

  it('reads the rows under the chosen header row as objects, naming blank and repeated headers', () => {
    const rows = [['Report'], ['name', 'level', null, 'name'], ['Ana', 3, true, 'x'], [], ['Bo', null, false]];
    const { columns, records } = rowsToObjects(rows, 2);
    expect(columns).toEqual(['name', 'level', 'column_C', 'name_2']);
    expect(records).toEqual([
      { name: 'Ana', level: 3, column_C: true, name_2: 'x' },
      { name: 'Bo', level: null, column_C: false, name_2: null },
    ]);
  });

  it('refuses a file that is not an .xlsx, naming the old .xls apart', () => {
    expect(workbookProblem(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1]), 'a.xlsx')).toBeNull();
    expect(workbookProblem(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0]), 'old.xls')).toMatch(/old Excel 97/);
    expect(workbookProblem(new TextEncoder().encode('a,b\n1,2'), 'data.csv')).toBe('data.csv is not an Excel workbook (.xlsx).');
  });
});

describe('JSON to Excel rules', () => {
  it('accepts only an array of objects, saying what is wrong', () => {
    expect(() => parseJsonArray('{"a":1}')).toThrow('must be an array of objects, not an object');
    expect(() => parseJsonArray('[{"a":1}, 3]')).toThrow('item 2 is a number');
    expect(() => parseJsonArray('[1')).toThrow(JsonShapeError);
    expect(() => parseJsonArray('[]')).toThrow(/empty/);
    expect(parseJsonArray('[{"a":1}]')).toEqual([{ a: 1 }]);
  });

  it('flattens nested values with dotted names and takes the union of keys as columns', () => {
    expect(flatten({ a: { b: 1, c: { d: true } }, t: ['x', 'y'], e: {}, n: null })).toEqual({ 'a.b': 1, 'a.c.d': true, 't.0': 'x', 't.1': 'y', e: null, n: null });
    const grid = objectsToGrid([{ id: 1, player: { level: 4 } }, { id: 2, vip: true }]);
    expect(grid.columns).toEqual(['id', 'player.level', 'vip']);
    expect(grid.rows).toEqual([
      [1, 4, null],
      [2, null, true],
    ]);
  });
});

describe('a large sheet', () => {
  it('converts 200 000 rows (no argument spread of the rows)', () => {
    const rows = [['id', 'v'], ...Array.from({ length: 200_000 }, (_, i) => [i, i % 2 === 0])];
    const { records } = rowsToObjects(rows, 1);
    expect(records).toHaveLength(200_000);
    expect(records[199_999]).toEqual({ id: 199_999, v: false });
  });
});
