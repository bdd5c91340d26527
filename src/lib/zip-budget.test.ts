import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bombPart, bombWorkbook, part, zipOf } from '../../tests/support/zip-writer';
import { checkZip, readGzip, readZip, ZIP_LIMITS, ZipRefused, zipEntries } from './zip-budget';

const MB = 1024 * 1024;
const refusal = (promise: Promise<unknown>) => promise.then(() => 'answered', (error: Error) => `${error instanceof ZipRefused ? 'ZipRefused' : error.constructor.name}: ${error.message}`);

describe('the zip budget', () => {
  it('caps an entry at 50 MB and an archive at 200 MB', () => {
    expect(ZIP_LIMITS).toEqual({ entryBytes: 50 * MB, archiveBytes: 200 * MB });
  });

  it('reads what a workbook holds within the budget', async () => {
    const zip = zipOf([part('a.txt', 'hello'), part('dir/b.csv', 'x,y\n1,2\n')]);
    await expect(checkZip('ok.zip', zip)).resolves.toBeUndefined();
    const entries = await readZip('ok.zip', zip);
    expect(entries.map((e) => [e.name, new TextDecoder().decode(e.data)])).toEqual([['a.txt', 'hello'], ['dir/b.csv', 'x,y\n1,2\n']]);
  });

  it('refuses a sheet whose directory declares more than 50 MB before inflating anything', async () => {
    const zip = await bombWorkbook(1024, 300 * MB);
    expect(() => zipEntries('big.xlsx', zip)).toThrow(new ZipRefused('big.xlsx: a sheet (xl/worksheets/sheet1.xml) inflates beyond 50 MB'));
  });

  it('stops a sheet whose directory lies (declares 2 KB) at the actual 50 MB cap, keeping nothing', async () => {
    const zip = await bombWorkbook(300 * MB, 2048);
    expect(zip.length).toBeLessThan(1024 * 1024);
    const before = process.memoryUsage().rss;
    expect(await refusal(checkZip('bomb.xlsx', zip))).toBe('ZipRefused: bomb.xlsx: a sheet (xl/worksheets/sheet1.xml) inflates beyond 50 MB');
    expect(await refusal(readZip('bomb.xlsx', zip))).toBe('ZipRefused: bomb.xlsx: a sheet (xl/worksheets/sheet1.xml) inflates beyond 50 MB');
    // Streamed and stopped: never the 300 MB (readZip keeps up to the cap, checkZip nothing).
    expect((process.memoryUsage().rss - before) / MB).toBeLessThan(120);
  });

  it('stops an archive whose entries each lie at the actual 200 MB budget', async () => {
    const entry = await bombPart('report.csv', 'a,b\n', '1,2\n', 45 * MB, '');
    const zip = zipOf(Array.from({ length: 5 }, (_, i) => ({ ...entry, name: `r${i}.csv`, declaredSize: 100 })));
    expect(await refusal(checkZip('reports.zip', zip))).toBe('ZipRefused: reports.zip: its contents inflate beyond 200 MB');
  });

  it('refuses declared sizes that add up beyond the archive budget, and the caps scale for smaller budgets', async () => {
    const entry = await bombPart('x.csv', '', 'a', 1024, '');
    const liar = zipOf(Array.from({ length: 5 }, (_, i) => ({ ...entry, name: `r${i}.csv`, declaredSize: 45 * MB })));
    expect(() => zipEntries('many.zip', liar)).toThrow('many.zip: its contents inflate beyond 200 MB');
    const small = { entryBytes: 1 * MB, archiveBytes: 3 * MB };
    const twoMb = await bombPart('big.txt', '', 'z', 2 * MB, '');
    expect(await refusal(checkZip('s.zip', zipOf([twoMb]), small))).toBe('ZipRefused: s.zip: big.txt inflates beyond 1 MB');
  });

  it('refuses what is not a zip, a damaged directory, other methods and damaged data, naming the file', async () => {
    expect(await refusal(checkZip('a.xlsx', new TextEncoder().encode('just,text\n')))).toBe('ZipRefused: a.xlsx: is not a zip archive');
    const zip = zipOf([part('a.txt', 'hello')]);
    const stored = Buffer.from(zip);
    stored.writeUInt16LE(12, stored.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 10);
    expect(await refusal(checkZip('b.zip', stored))).toBe('ZipRefused: b.zip: holds a.txt packed in a way the console cannot open (method 12); unpack it and choose the file itself');
    const broken = Buffer.from(zip);
    broken.fill(0xff, 30 + 5, 30 + 5 + 4);
    expect(await refusal(checkZip('c.zip', broken))).toBe('ZipRefused: c.zip: a.txt is damaged (it does not inflate)');
  });

  it('inflates a gzip under the entry cap', async () => {
    expect(new TextDecoder().decode(await readGzip('r.txt.gz', gzipSync('a\tb\n')))).toBe('a\tb\n');
    expect(await refusal(readGzip('r.txt.gz', gzipSync(Buffer.alloc(2 * MB)), { entryBytes: 1 * MB, archiveBytes: 3 * MB }))).toBe('ZipRefused: r.txt.gz: its content inflates beyond 1 MB');
  });
});
