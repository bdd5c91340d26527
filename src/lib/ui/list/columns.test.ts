import { describe, expect, it } from 'vitest';
import { listCsv, type ListColumn } from './columns';

type Row = { id: number; path: string; status: number; note: string | null };
const columns: ListColumn<Row>[] = [
  { key: 'expand', header: '', noExport: true },
  { key: 'path', header: 'Path' },
  { key: 'status', header: 'Status', text: (r) => `HTTP ${r.status}` },
  { key: 'note', header: 'Note' },
];

describe('export from the table columns', () => {
  it('writes the same headers and cell texts as the table, leaving out what is not data', () => {
    expect(listCsv(columns, [{ id: 1, path: '/api/a,b', status: 200, note: null }, { id: 2, path: '=cmd', status: 500, note: 'say "hi"' }])).toBe(
      'Path,Status,Note\r\n"/api/a,b",HTTP 200,\r\n\'=cmd,HTTP 500,"say ""hi"""\r\n',
    );
  });
});
