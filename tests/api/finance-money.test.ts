import { beforeAll, describe, expect, it } from 'vitest';
import { createAppContract } from '../../src/lib/apps/contract';
import { importIaaContract } from '../../src/lib/finance/import-contract';
import { dataMonthContract } from '../../src/lib/finance/month-contract';
import { financeStatisticScreen } from '../../src/lib/finance/screens';
import { IAA_HEADERS, xlsxBase64 } from '../support/finance-xlsx';
import { baseUrl, raw, signedInAs, uniqueName, type Session } from './helpers';

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
