import { describe, expect, it } from 'vitest';
import { bombWorkbook } from '../support/zip-writer';
import { raw, rssBytes, serverPid, signedInAs } from './helpers';

/**
 * Zip bombs to the Excel imports (src/lib/zip-budget.ts): a workbook of a few hundred KB whose sheet inflates
 * to 300 MB is refused with 400 naming the file, before exceljs sees it, and the server's memory barely moves.
 */
const MB = 1024 * 1024;

describe('zip bombs', () => {
  it('refuses a 300 MB-inflating sheet on the IAA and cost imports with 400 naming the file, the server growing under 100 MB', async () => {
    const root = await signedInAs('root');
    // Declared honestly (refused on its directory) and declared as 2 KB (inflated, counted and stopped at 50 MB).
    const bombs = [await bombWorkbook(300 * MB), await bombWorkbook(300 * MB, 2048)];
    for (const bomb of bombs) expect(bomb.length).toBeLessThan(1 * MB);
    const pid = serverPid();
    const before = rssBytes(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(pid))), 10);
    const answers: unknown[] = [];
    try {
      for (const path of ['/api/reportSystem/uploadExcel/importIAA', '/api/reportSystem/uploadExcel/importCost']) {
        for (const [bomb, commit] of [[bombs[0]!, false], [bombs[1]!, false], [bombs[1]!, true]] as const) {
          const answer = await raw('POST', path, { token: root.tokens.accessToken, body: JSON.stringify({ month: '2026-10', fileName: 'revenue-bomb.xlsx', content: bomb.toString('base64'), commit }) });
          answers.push([answer.status, answer.json?.message]);
        }
      }
    } finally {
      clearInterval(sampler);
    }
    const after = rssBytes(pid);
    console.log(`[zip-bombs] server RSS ${(before / MB).toFixed(0)} MB before, peak ${(peak / MB).toFixed(0)} MB, ${(after / MB).toFixed(0)} MB after 6 uploads of ${(bombs[0]!.length / 1024).toFixed(0)} KB workbooks inflating to 300 MB`);
    expect(answers).toEqual(Array(6).fill([400, 'file: revenue-bomb.xlsx: a sheet (xl/worksheets/sheet1.xml) inflates beyond 50 MB']));
    expect((peak - before) / MB).toBeLessThan(100);
    expect((after - before) / MB).toBeLessThan(100);
  }, 120_000);

  it('names each file: a directory that declares 2 KB is stopped at the 50 MB it really reaches, one that declares 300 MB at once', async () => {
    const root = await signedInAs('root');
    for (const [declared, name] of [[2048, 'liar.xlsx'], [300 * MB, 'honest-bomb.xlsx']] as const) {
      const answer = await raw('POST', '/api/reportSystem/uploadExcel/importIAA', { token: root.tokens.accessToken, body: JSON.stringify({ month: '2026-10', fileName: name, content: (await bombWorkbook(300 * MB, declared)).toString('base64') }) });
      expect([answer.status, answer.json?.message]).toEqual([400, `file: ${name}: a sheet (xl/worksheets/sheet1.xml) inflates beyond 50 MB`]);
    }
  }, 60_000);
});
