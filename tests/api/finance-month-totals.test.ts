import { beforeAll, describe, expect, it } from 'vitest';
import { createAppContract } from '../../src/lib/apps/contract';
import { listTeamsContract } from '../../src/lib/config-data/contract';
import { importIaaContract } from '../../src/lib/finance/import-contract';
import { dataMonthContract } from '../../src/lib/finance/month-contract';
import { importIapStudioContract } from '../../src/lib/finance/more-contract';
import { IAA_HEADERS, xlsxBase64 } from '../support/finance-xlsx';
import { baseUrl, signedInAs, uniqueName, type Session } from './helpers';

/**
 * Report Month's Total and team lines (issue 37): every figure column filled (Ad revenue and IAP net
 * included) and equal to the sum of their rows, on the screen and in the export; real teams first, "(no
 * team)" last.
 */

let root: Session;
const MONTH = '2024-11';

beforeAll(async () => {
  root = await signedInAs('root');
});

describe('Report Month totals', () => {
  it('fill Ad revenue and IAP net on the Total and team lines, teams first and "(no team)" last', async () => {
    const puzzle = (await root(listTeamsContract, {})).data.find((t) => t.name === 'Puzzle Team')!;
    const teamed = `com.fin.${uniqueName('tot').replace(/-/g, '')}`;
    const loose = `com.fin.${uniqueName('loose').replace(/-/g, '')}`;
    await root(createAppContract, { id: teamed, name: `Totals ${teamed}`, teamId: puzzle.id, os: [{ os: 1, packageId: `${teamed}.a` }, { os: 2, packageId: `${teamed}.i` }], reportMonth: true });
    await root(createAppContract, { id: loose, name: `Loose ${loose}`, os: [{ os: 1, packageId: `${loose}.a` }], reportMonth: true });
    const content = await xlsxBase64([[`${MONTH}-02`, teamed, 'Android', 'AdMob', 'USD', 40], [`${MONTH}-02`, loose, 'Android', 'AdMob', 'USD', 2]], { sheet: 'Ad revenue', headers: IAA_HEADERS });
    await root(importIaaContract, { month: MONTH, fileName: 'iaa.xlsx', content, commit: true });
    await root(importIapStudioContract, { month: MONTH, rows: [{ appId: teamed, os: 2, gross: 100, net: 85, currency: 'USD' }] });

    const report = (await root(dataMonthContract, { month: MONTH })).data;
    const sum = (rows: typeof report.rows, k: 'adRevenue' | 'iapNet' | 'installs') => rows.reduce((n, r) => n + r[k], 0);
    expect(report.total).toMatchObject({ adRevenue: sum(report.rows, 'adRevenue'), iapNet: sum(report.rows, 'iapNet'), installs: sum(report.rows, 'installs') });
    expect(report.total.adRevenue).toBeGreaterThanOrEqual(42e6);
    const puzzleLine = report.teams.find((t) => t.key === 'Puzzle Team')!;
    const puzzleRows = report.rows.filter((r) => r.team === 'Puzzle Team');
    expect(puzzleLine).toMatchObject({ adRevenue: sum(puzzleRows, 'adRevenue'), iapNet: sum(puzzleRows, 'iapNet') });
    expect(puzzleLine.adRevenue).toBeGreaterThanOrEqual(40e6);
    expect(puzzleLine.iapNet).toBeGreaterThanOrEqual(85e6);

    // Real teams first, "(no team)" last, in the team lines and in the rows.
    expect(report.teams.at(-1)!.key).toBe('(no team)');
    const firstLoose = report.rows.findIndex((r) => r.team === '(no team)');
    expect(report.rows.slice(firstLoose).every((r) => r.team === '(no team)')).toBe(true);
    expect(report.rows.findIndex((r) => r.appId === teamed)).toBeLessThan(report.rows.findIndex((r) => r.appId === loose));

    // The export's Total line has every figure column.
    const file = await fetch(`${baseUrl}/api/reportSystem/dataMonthExcel`, {
      method: 'POST', headers: { authorization: `Bearer ${root.tokens.accessToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ month: MONTH }),
    });
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await file.arrayBuffer()) as never);
    const sheet = workbook.worksheets[0]!;
    const total = (sheet.getRow(sheet.rowCount).values as unknown[]).slice(1);
    expect(total.slice(0, 10)).toEqual([
      'Total', undefined, report.total.adRevenue / 1e6, report.total.iapNet / 1e6, report.total.revenueAdjustment / 1e6, report.total.revenue / 1e6,
      report.total.costAdjustment / 1e6, report.total.cost / 1e6, report.total.profit / 1e6, report.total.installs,
    ]);
  });
});
