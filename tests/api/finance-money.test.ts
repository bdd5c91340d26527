import { beforeAll, describe, expect, it } from 'vitest';
import { createAppContract } from '../../src/lib/apps/contract';
import { importIaaContract } from '../../src/lib/finance/import-contract';
import { facebookDayContract } from '../../src/lib/finance/more-contract';
import { dataMonthContract } from '../../src/lib/finance/month-contract';
import { financeRevenueScreen, financeStatisticScreen } from '../../src/lib/finance/screens';
import { IAA_HEADERS, xlsxBase64 } from '../support/finance-xlsx';
import { baseUrl, raw, rejection, signedInAs, uniqueName, type Session } from './helpers';

/**
 * Finance money through HTTP (issue 37): one rounding rule (half away from zero, once, for display) in
 * Statistic's CSV and XLSX and Report Month's XLSX; import parsing that refuses ambiguity; rates of the
 * day or the latest earlier one, never a later one. Fresh apps on months of their own.
 */

let root: Session;
const newApp = async (prefix: string) => {
  const id = `com.fin.${uniqueName(prefix).replace(/-/g, '')}`;
  await root(createAppContract, { id, name: `Money ${id}`, os: [{ os: 1, packageId: `${id}.a` }], reportMonth: true });
  return id;
};
const xlsxCells = async (response: Response) => {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await response.arrayBuffer()) as never);
  return workbook.worksheets[0]!;
};

beforeAll(async () => {
  root = await signedInAs('root');
});

describe('one money rule', () => {
  it('shows $1.015 as 1.02 in Statistic\'s CSV and XLSX and in Report Month\'s XLSX alike', async () => {
    const appId = await newApp('round');
    const month = '2024-06';
    const content = await xlsxBase64([[`${month}-03`, appId, 'Android', 'AdMob', 'USD', 1.015]], { sheet: 'Ad revenue', headers: IAA_HEADERS });
    await root(importIaaContract, { month, fileName: 'iaa.xlsx', content, commit: true });
    const range = { apps: [appId], from: `${month}-01`, to: `${month}-30`, by: 'app' as const };
    expect((await root(financeStatisticScreen.contract, range)).data.rows[0]).toMatchObject({ revenue: 1_015_000 });

    const query = `by=app&apps=${appId}&from=${month}-01&to=${month}-30`;
    const csv = await raw('GET', `/api/reportSystem/data/export?${query}&format=csv`, { token: root.tokens.accessToken });
    expect(csv.status).toBe(200);
    const line = csv.text.split('\r\n').find((l) => l.includes(appId) || l.includes('Money '))!;
    expect(line.split(',').slice(1, 5)).toEqual(['1.02', '0', '0', '1.02']);
    const xlsx = await fetch(`${baseUrl}/api/reportSystem/data/export?${query}&format=xlsx`, { headers: { authorization: `Bearer ${root.tokens.accessToken}` } });
    expect((await xlsxCells(xlsx)).getRow(2).getCell(2).value).toBe(1.02);

    const monthFile = await fetch(`${baseUrl}/api/reportSystem/dataMonthExcel`, {
      method: 'POST', headers: { authorization: `Bearer ${root.tokens.accessToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ month }),
    });
    const sheet = await xlsxCells(monthFile);
    const row = (sheet.getSheetValues() as unknown[][]).find((r) => Array.isArray(r) && String(r[2]).endsWith(appId))!;
    expect(row[3]).toBe(1.02);
    expect((await root(dataMonthContract, { month })).data.rows.find((r) => r.appId === appId)).toMatchObject({ revenue: 1_015_000 });
  });
});

describe('import numbers and repeated rows', () => {
  it('refuses "12,5" in a money cell naming row and column, instead of reading $125', async () => {
    const appId = await newApp('comma');
    const month = '2024-07';
    const content = await xlsxBase64([[`${month}-02`, appId, 'Android', 'AdMob', 'USD', '12,5'], [`${month}-03`, appId, 'Android', 'AdMob', 'USD', '1,250']], { sheet: 'Ad revenue', headers: IAA_HEADERS });
    const preview = await root(importIaaContract, { month, fileName: 'comma.xlsx', content });
    const why = (text: string) => `"${text}" has a comma, which could be a decimal comma or a thousands separator: write the number with a decimal point and no separators (e.g. 12.5 or 1250)`;
    expect(preview.data.problems).toEqual([
      { row: 2, column: 'Revenue', message: why('12,5') },
      { row: 3, column: 'Revenue', message: why('1,250') },
    ]);
    const refused = await rejection(root(importIaaContract, { month, fileName: 'comma.xlsx', content, commit: true }));
    expect(refused.status).toBe(400);
    expect(refused.message).toBe(`Row 2, column Revenue: ${why('12,5')} (and 1 more problem(s); preview the file to see them all). Nothing was imported.`);
    expect((await root(financeStatisticScreen.contract, { apps: [appId], from: `${month}-01`, to: `${month}-31`, by: 'app' })).data.rows).toEqual([]);
  });

  it('reports repeated rows in the preview and imports them only by an explicit choice', async () => {
    const appId = await newApp('dup');
    const month = '2024-08';
    const row = [`${month}-04`, appId, 'Android', 'AdMob', 'USD', 10];
    const content = await xlsxBase64([row, [`${month}-04`, appId, 'Android', 'Unity Ads', 'USD', 1], row], { sheet: 'Ad revenue', headers: IAA_HEADERS });
    const preview = await root(importIaaContract, { month, fileName: 'dup.xlsx', content });
    expect(preview.data.problems).toEqual([]);
    expect(preview.data.duplicates).toEqual([{ row: 4, sameAs: 2, message: 'row 4 repeats row 2 (same Date, App, OS, Network and Currency)' }]);
    const refused = await rejection(root(importIaaContract, { month, fileName: 'dup.xlsx', content, commit: true }));
    expect(refused.status).toBe(400);
    expect(refused.message).toBe('duplicates: row 4 repeats row 2 (same Date, App, OS, Network and Currency). Choose to sum them or to skip the repeats, or fix the file. Nothing was imported.');
    const admob = async () => (await root(financeRevenueScreen.contract, { apps: [appId], from: `${month}-01`, to: `${month}-31`, by: 'network' })).data.rows.find((r) => r.key === 'AdMob')?.net ?? 0;
    expect(await admob()).toBe(0);
    const skipped = await root(importIaaContract, { month, fileName: 'dup.xlsx', content, commit: true, duplicates: 'skip' });
    expect(skipped.data).toMatchObject({ committed: true, totalUsd: 11e6 });
    expect(await admob()).toBe(10e6);
    await root(importIaaContract, { month, fileName: 'dup.xlsx', content, commit: true, duplicates: 'sum' });
    expect(await admob()).toBe(20e6);
  });
});

describe('rates', () => {
  it('refuses a row with no rate on or before its day, naming the currency and the day, rather than use a later rate', async () => {
    // The demo studio's EUR rates start a little over a year ago: 2020 has none on or before it.
    const appId = await newApp('rate');
    const file = await xlsxBase64([['2020-02-10', appId, 'Android', 'AdMob', 'EUR', 10], ['2020-02-11', appId, 'Android', 'AdMob', 'USD', 10]], { sheet: 'Ad revenue', headers: IAA_HEADERS });
    const preview = await root(importIaaContract, { month: '2020-02', fileName: 'eur.xlsx', content: file });
    expect(preview.data.problems).toEqual([{ row: 2, column: 'Currency', message: 'no stored USD rate for EUR on or before 2020-02-10' }]);
    const fb = await rejection(root(facebookDayContract, { rows: [{ day: '2020-01-15', appId, os: 1, campaign: 'FB', cost: 5, installs: 1, currency: 'EUR' }] }));
    expect(fb.status).toBe(400);
    expect(fb.message).toBe('rows.0.currency: no stored USD rate for EUR on or before 2020-01-15');
    expect((await root(financeStatisticScreen.contract, { apps: [appId], from: '2020-01-01', to: '2020-02-29', by: 'app' })).data.rows).toEqual([]);
  });
});
