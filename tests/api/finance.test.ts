import { beforeAll, describe, expect, it } from 'vitest';
import { financePermissionUpdateContract } from '../../src/lib/accounts/contract';
import { addDays, reportDay } from '../../src/lib/time/day';
import { createAppContract } from '../../src/lib/apps/contract';
import { importCostContract, importIaaContract } from '../../src/lib/finance/import-contract';
import { reportPostContracts } from '../../src/lib/finance/contract';
import { financeCompareScreen, financeMktScreen, financeOverviewScreen, financeRevenueScreen, financeStatisticScreen } from '../../src/lib/finance/screens';
import {
  dataVersionContract, facebookDayContract, facebookMonthContract, filterAppOsContract, importIapStudioContract, listAppOsContract,
} from '../../src/lib/finance/more-contract';
import { detailUpdateContract } from '../../src/lib/finance/correction-contract';
import { jobRunsContract, runJobContract } from '../../src/lib/jobs/contract';
import {
  commentActionContract, commentByRangeDateContract, commentGetContract, dataMonthContract, noteActionContract, noteGetContract, updateDataMonthContract, yearDataContract,
} from '../../src/lib/finance/month-contract';
import { nowMs } from '../../src/lib/time/clock';
import { COST_HEADERS, IAA_HEADERS, xlsxBase64 } from '../support/finance-xlsx';
import { baseUrl, ownAccount, raw, rejection, signedInAs, uniqueName, type Session } from './helpers';

/**
 * Finance (tracker issue 16) through HTTP: the finance permission on every report and export, totals that
 * reconcile, the Excel imports (good, bad rows, re-import, not xlsx, wrong sheet) and the refresh job's
 * idempotence. The demo seed holds a year of figures for the demo apps.
 */

let root: Session;
const today = () => reportDay(nowMs());
const DEMO_APPS = ['com.gsm.blockpuzzle', 'com.gsm.idleminer', 'com.gsm.tilematch', 'com.gsm.wordquest'];

beforeAll(async () => {
  root = await signedInAs('root');
});

describe('finance permission', () => {
  it('shows an account only the apps and teams of its finance permission, in answers and exports', async () => {
    const pm = await signedInAs('pm'); // finance apps: blockpuzzle, idleminer
    const { data } = await pm(financeOverviewScreen.contract, { by: 'app' });
    expect(data.apps).toEqual(['com.gsm.blockpuzzle', 'com.gsm.idleminer']);
    expect(data.rows.map((r) => r.key).sort()).toEqual(['com.gsm.blockpuzzle', 'com.gsm.idleminer']);
    expect((await rejection(pm(financeOverviewScreen.contract, { apps: ['com.gsm.tilematch'] }))).status).toBe(403);
    // The spec's POST call of the same service answers the same.
    const post = reportPostContracts.find((c) => c.contract.path === '/api/reportSystem/dataChart')!.contract;
    expect((await pm(post, { by: 'app' })).data.rows).toEqual(data.rows);

    // Other files add apps to the demo teams on the shared server: the demo apps are the ones checked here.
    const demoOnly = (apps: string[]) => apps.filter((id) => id.startsWith('com.gsm.'));
    const marketing = await signedInAs('marketing'); // every team
    expect(demoOnly((await marketing(financeStatisticScreen.contract, {})).data.apps)).toEqual(DEMO_APPS);

    // A team grant: the account sees that team's apps, and the export holds no other app.
    const teamed = await ownAccount('fin-team', { paths: ['/finance/statistic/index'], privateActions: ['export_report'], canViewAllApp: true });
    expect((await teamed(financeStatisticScreen.contract, { by: 'app' })).data.apps).toEqual([]);
    await root(financePermissionUpdateContract, { username: teamed.username, apps: [], teams: ['Puzzle Team'] });
    const puzzle = await teamed(financeStatisticScreen.contract, { by: 'app' });
    expect(demoOnly(puzzle.data.apps)).toEqual(['com.gsm.blockpuzzle', 'com.gsm.tilematch']);
    const csv = await raw('GET', '/api/reportSystem/data/export?by=app&format=csv', { token: teamed.tokens.accessToken });
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('Tile Match Garden');
    expect(csv.text).not.toContain('Word Quest Journey');
    expect(csv.text).not.toContain('Idle Miner');
    expect((await rejection(teamed(financeStatisticScreen.contract, { apps: ['com.gsm.wordquest'] }))).status).toBe(403);
    // Without the route: 403 whatever the finance permission.
    expect((await rejection(teamed(financeMktScreen.contract, {}))).status).toBe(403);
  });
});

describe('finance totals reconcile', () => {
  it('month = sum of its days, year = sum of its months, profit = revenue − cost on every row', async () => {
    const to = addDays(today(), -1);
    const from = `${addDays(to, -330).slice(0, 7)}-01`;
    const byDay = (await root(financeStatisticScreen.contract, { by: 'day', from, to })).data.rows;
    const byMonth = (await root(financeOverviewScreen.contract, { by: 'month', from, to })).data.rows;
    const byApp = (await root(financeStatisticScreen.contract, { by: 'app', from, to })).data.rows;
    expect(byDay.length).toBeGreaterThan(300);
    for (const row of [...byDay, ...byMonth, ...byApp]) {
      expect(row.profit).toBe(row.revenue - row.cost);
      expect(row.revenue).toBe(row.adRevenue + row.iapNet);
    }
    expect(byMonth.length).toBeGreaterThanOrEqual(11);
    for (const month of byMonth) {
      const days = byDay.filter((d) => d.key.startsWith(month.key));
      for (const field of ['adRevenue', 'iapGross', 'iapNet', 'revenue', 'cost', 'profit', 'installs'] as const) {
        expect(month[field], `${month.key} ${field}`).toBe(days.reduce((n, d) => n + d[field], 0));
      }
    }
    const sum = (rows: typeof byDay, field: 'revenue' | 'cost') => rows.reduce((n, r) => n + r[field], 0);
    expect(sum(byMonth, 'revenue')).toBe(sum(byDay, 'revenue'));
    expect(sum(byApp, 'revenue')).toBe(sum(byDay, 'revenue'));
    expect(sum(byApp, 'cost')).toBe(sum(byDay, 'cost'));
    expect(sum(byDay, 'revenue')).toBeGreaterThan(0);
  });
});

describe('Excel imports', () => {
  let appId: string;
  const month = () => addDays(`${today().slice(0, 7)}-01`, -1).slice(0, 7); // last month
  const day = (d: number) => `${month()}-${String(d).padStart(2, '0')}`;
  const mkt = async (): Promise<{ cost: number; installs: number; channels: string[] }> => {
    const { data } = await root(financeMktScreen.contract, { apps: [appId], from: day(1), to: day(28), by: 'channel' });
    return { cost: data.rows.reduce((n, r) => n + r.cost, 0), installs: data.rows.reduce((n, r) => n + r.installs, 0), channels: data.rows.map((r) => r.key) };
  };

  beforeAll(async () => {
    appId = `com.fin.${uniqueName('imp').replace(/-/g, '')}`;
    await root(createAppContract, { id: appId, name: `Finance ${appId}`, os: [{ os: 1, packageId: `${appId}.android` }] });
  });

  it('previews a good cost file without storing it, commits it, and a re-import replaces it', async () => {
    const content = await xlsxBase64([
      [day(3), appId, 'Android', 'Meta', 'Broad', 'USD', 120.5, 100, 20, 60, 110],
      [day(4), appId, 'Android', 'google ads', 'Search', 'USD', '80.25', 40, 10, 30, 70],
      [new Date(`${day(5)}T00:00:00Z`), appId, 'Android', 'TikTok', 'Spark', 'EUR', 100, 50, 0, 0, 0],
    ]);
    const preview = await root(importCostContract, { month: month(), fileName: 'cost.xlsx', content });
    expect(preview.data).toMatchObject({ rows: 3, problems: [], apps: [appId], replaces: 0, committed: false, installs: 190 });
    expect(await mkt()).toEqual({ cost: 0, installs: 0, channels: [] });

    const committed = await root(importCostContract, { month: month(), fileName: 'cost.xlsx', content, commit: true });
    expect(committed.data).toMatchObject({ committed: true, dataVersion: 1 });
    const after = await mkt();
    expect(after.installs).toBe(190);
    expect(after.channels.sort()).toEqual(['Google Ads', 'Meta', 'TikTok']);
    // 120.50 + 80.25 USD and 100 EUR at the day's stored rate (about 1.08).
    expect(after.cost).toBeGreaterThan(200.75e6 + 100e6);
    expect(after.cost).toBe(preview.data.totalUsd);

    // The corrected file replaces the month's figures of the app (not added to them), as data version 2.
    const corrected = await xlsxBase64([[day(3), appId, 'Android', 'Meta', 'Broad', 'USD', 150, 120, 20, 60, 110]]);
    const again = await root(importCostContract, { month: month(), fileName: 'cost-v2.xlsx', content: corrected });
    expect(again.data.replaces).toBe(3);
    expect((await root(importCostContract, { month: month(), fileName: 'cost-v2.xlsx', content: corrected, commit: true })).data.dataVersion).toBe(2);
    expect(await mkt()).toEqual({ cost: 150e6, installs: 120, channels: ['Meta'] });
    // The same file twice: still the same figures.
    await root(importCostContract, { month: month(), fileName: 'cost-v2.xlsx', content: corrected, commit: true });
    expect(await mkt()).toEqual({ cost: 150e6, installs: 120, channels: ['Meta'] });
  });

  it('names every bad row and column and stores nothing until all rows are good', async () => {
    const before = await mkt();
    const content = await xlsxBase64([
      [day(6), appId, 'Android', 'Meta', 'Broad', 'USD', -5, 10, 0, 0, 0],
      [day(7), appId, 'Android', 'Meta', 'Broad', 'USD', 'ten', 10, 0, 0, 0],
      [day(8), 'com.nobody.here', 'Android', 'Meta', 'Broad', 'USD', 5, 10, 0, 0, 0],
      [day(9), appId, 'Android', 'Snapchat', 'Broad', 'USD', 5, 10, 0, 0, 0],
      ['2020-01-01', appId, 'Android', 'Meta', 'Broad', 'USD', 5, 10, 0, 0, 0],
      [day(10), appId, 'Android', 'Meta', 'Broad', 'USD', 5, 10, 0, 0, 0],
    ]);
    const { data } = await root(importCostContract, { month: month(), fileName: 'bad.xlsx', content });
    expect(data.problems).toEqual([
      { row: 2, column: 'Cost', message: 'must not be negative' },
      { row: 3, column: 'Cost', message: '"ten" is not a number' },
      { row: 4, column: 'App', message: 'unknown app "com.nobody.here"' },
      { row: 5, column: 'Channel', message: expect.stringMatching(/^unknown channel "Snapchat"/) },
      { row: 6, column: 'Date', message: `2020-01-01 is outside the month ${month()}` },
    ]);
    const refused = await rejection(root(importCostContract, { month: month(), fileName: 'bad.xlsx', content, commit: true }));
    expect(refused.status).toBe(400);
    expect(refused.message).toMatch(/^Row 2, column Cost: must not be negative \(and 4 more problem\(s\)/);
    expect(await mkt()).toEqual(before);

    // An app outside the importer's finance permission is a bad row too.
    const pmLike = await ownAccount('fin-imp', { paths: ['/finance/import/uploadExcel/importCost'], canViewAllApp: true });
    const other = await pmLike(importCostContract, { month: month(), fileName: 'x.xlsx', content: await xlsxBase64([[day(6), appId, 'Android', 'Meta', 'B', 'USD', 1, 1, 0, 0, 0]]) });
    expect(other.data.problems).toEqual([{ row: 2, column: 'App', message: `"${appId}" is not in your finance permission` }]);
  });

  it('refuses a file that is not xlsx and a sheet without the template headers, naming the file', async () => {
    const notXlsx = await rejection(root(importCostContract, { month: month(), fileName: 'cost.csv', content: Buffer.from('Date,App\n2026-01-01,x').toString('base64') }));
    expect(notXlsx.status).toBe(400);
    expect(notXlsx.message).toMatch(/^file: is not an \.xlsx workbook/);
    const wrongSheet = await rejection(root(importCostContract, { month: month(), fileName: 'iaa.xlsx', content: await xlsxBase64([], { sheet: 'Ad revenue', headers: IAA_HEADERS }) }));
    expect(wrongSheet.status).toBe(400);
    expect(wrongSheet.message).toMatch(/does not have the template's headers \(Date, App, OS, Channel/);
    const badMonth = await raw('POST', '/api/reportSystem/uploadExcel/importCost', { token: root.tokens.accessToken, body: JSON.stringify({ month: '2026-13', fileName: 'a.xlsx', content: 'AA==' }) });
    expect(badMonth.status).toBe(400);
    expect(badMonth.json.message).toMatch(/month/);
    expect(COST_HEADERS).toHaveLength(11);
  });

  it('imports ad revenue, shown in Revenue by network, and serves the template', async () => {
    const content = await xlsxBase64([[day(2), appId, 'Android', 'admob', 'USD', 42.5], [day(2), appId, 'Android', 'Unity Ads', 'USD', 7.5]], { sheet: 'Ad revenue', headers: IAA_HEADERS });
    const { data } = await root(importIaaContract, { month: month(), fileName: 'iaa.xlsx', content, commit: true });
    expect(data).toMatchObject({ committed: true, rows: 2, totalUsd: 50e6 });
    const revenue = await root(financeRevenueScreen.contract, { apps: [appId], from: day(1), to: day(28) });
    expect(revenue.data.rows).toEqual([
      { key: 'AdMob', kind: 'ads', gross: 42.5e6, net: 42.5e6 },
      { key: 'Unity Ads', kind: 'ads', gross: 7.5e6, net: 7.5e6 },
    ]);
    const template = await fetch(`${baseUrl}/api/reportSystem/uploadExcel/importIAA/template`, { headers: { authorization: `Bearer ${root.tokens.accessToken}` } });
    expect(template.status).toBe(200);
    expect(template.headers.get('content-disposition')).toMatch(/finance-iaa-template\.xlsx/);
  });
});

describe('finance_refresh', () => {
  it('is idempotent: a second run changes nothing and says so', async () => {
    const range = { from: addDays(today(), -44), to: today(), by: 'day' as const };
    await root(runJobContract, { name: 'finance_refresh' });
    const first = (await root(financeStatisticScreen.contract, range)).data.rows;
    const run = await root(runJobContract, { name: 'finance_refresh' });
    expect(run.data.status).toBe('success');
    const runs = await root(jobRunsContract, { name: 'finance_refresh' });
    expect(runs.data[0]!.result).toMatch(/no change from analytics/);
    expect((await root(financeStatisticScreen.contract, range)).data.rows).toEqual(first);
  });
});

describe('Report Month and Report Year', () => {
  const lastMonth = () => addDays(`${today().slice(0, 7)}-01`, -1).slice(0, 7);

  it('month = sum of its days per app, adjustments move revenue and profit, year = sum of its months', async () => {
    const month = lastMonth();
    const report = (await root(dataMonthContract, { month })).data;
    expect(report.rows.length).toBeGreaterThanOrEqual(4);
    const [y, m] = month.split('-').map(Number) as [number, number];
    const to = `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
    for (const row of report.rows) {
      const days = (await root(financeStatisticScreen.contract, { apps: [row.appId], from: `${month}-01`, to, by: 'day' })).data.rows;
      expect(row.baseRevenue, row.appId).toBe(days.reduce((n, d) => n + d.revenue, 0));
      expect(row.baseCost, row.appId).toBe(days.reduce((n, d) => n + d.cost, 0));
      expect(row.profit).toBe(row.revenue - row.cost);
    }
    expect(report.total.profit).toBe(report.total.revenue - report.total.cost);
    expect(report.total.revenue).toBe(report.rows.reduce((n, r) => n + r.revenue, 0));

    // An adjustment: +100 revenue, +25.5 cost on Word Quest.
    const adjusted = await root(updateDataMonthContract, { month, appId: 'com.gsm.wordquest', revenueAdjustment: 100, costAdjustment: '25.5', reason: 'late network payout' });
    const base = report.rows.find((r) => r.appId === 'com.gsm.wordquest')!;
    expect(adjusted.data).toMatchObject({ revenue: base.baseRevenue + 100e6, cost: base.baseCost + 25.5e6, reason: 'late network payout' });
    expect(adjusted.data.profit).toBe(adjusted.data.revenue - adjusted.data.cost);
    const after = (await root(dataMonthContract, { month })).data;
    expect(after.total.revenue).toBe(report.total.revenue + 100e6 - base.revenueAdjustment);
    const bad = await raw('POST', '/api/reportSystem/detail/updateDataMonth', { token: root.tokens.accessToken, body: JSON.stringify({ month, appId: 'com.gsm.wordquest', revenueAdjustment: 'lots' }) });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/^revenueAdjustment: must be a number/);

    const year = (await root(yearDataContract, { year: y })).data;
    const row = year.rows.find((r) => r.month === month)!;
    expect(row).toMatchObject({ revenue: after.total.revenue, cost: after.total.cost, profit: after.total.profit });
    expect(year.total.revenue).toBe(year.rows.reduce((n, r) => n + r.revenue, 0));
    expect(year.total.profit).toBe(year.total.revenue - year.total.cost);
  });

  it('keeps comments and the note, limits them to the finance permission, and exports the month as .xlsx', async () => {
    const month = lastMonth();
    const created = (await root(commentActionContract, { action: 'create', month, appId: 'com.gsm.tilematch', body: 'UA paused mid-month' })).data!;
    expect((await root(commentGetContract, { month, appId: 'com.gsm.tilematch' })).data.map((c) => c.body)).toContain('UA paused mid-month');
    const pm = await ownAccount('fin-month', { paths: ['/finance/reportMonth'], canViewAllApp: true });
    await root(financePermissionUpdateContract, { username: pm.username, apps: ['com.gsm.blockpuzzle'], teams: [] });
    expect((await pm(commentByRangeDateContract, { from: month, to: month })).data).toEqual([]);
    expect((await rejection(pm(commentActionContract, { action: 'delete', id: created.id }))).status).toBe(403);
    expect((await pm(dataMonthContract, { month })).data.rows.map((r) => r.appId)).toEqual(['com.gsm.blockpuzzle']);
    await root(noteActionContract, { month, body: 'Closed on the 5th.' });
    expect((await root(noteGetContract, { month })).data.body).toBe('Closed on the 5th.');

    // Export: the root file holds every app, the limited account's (no export_report) is refused.
    const file = await fetch(`${baseUrl}/api/reportSystem/dataMonthExcel`, {
      method: 'POST', headers: { authorization: `Bearer ${root.tokens.accessToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ month }),
    });
    expect(file.status).toBe(200);
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await file.arrayBuffer()) as never);
    const sheet = workbook.worksheets[0]!;
    const names = sheet.getColumn(2).values.slice(2).map(String);
    expect(names).toEqual(expect.arrayContaining(['Tile Match Garden', 'Word Quest Journey']));
    const report = (await root(dataMonthContract, { month })).data;
    const lastRow = sheet.getRow(sheet.rowCount).values as unknown[];
    expect(lastRow[1]).toBe('Total');
    expect(lastRow[6]).toBe(Math.round(report.total.revenue / 1e4) / 100);
    expect((await raw('POST', '/api/reportSystem/dataMonthExcel', { token: pm.tokens.accessToken, body: JSON.stringify({ month }) })).status).toBe(403);
  });
});

describe('the other api/reportSystem calls', () => {
  it('Facebook/Instagram by month and day, store reports, manual corrections, data versions and Compare Version', async () => {
    const appId = `com.fin.${uniqueName('more').replace(/-/g, '')}`;
    await root(createAppContract, { id: appId, name: `Finance more ${appId}`, os: [{ os: 1, packageId: `${appId}.android` }, { os: 2, packageId: `${appId}.ios` }] });
    const month = addDays(`${today().slice(0, 7)}-01`, -1).slice(0, 7);
    const [y, m] = month.split('-').map(Number) as [number, number];
    const last = `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
    const costOf = async (from = `${month}-01`, to = last) => {
      const rows = (await root(financeMktScreen.contract, { apps: [appId], from, to, by: 'campaign' })).data.rows;
      return { cost: rows.reduce((n, r) => n + r.cost, 0), installs: rows.reduce((n, r) => n + r.installs, 0), keys: rows.map((r) => r.key) };
    };

    // A month's Facebook cost is spread over its days and sums back to the month exactly.
    const fbMonth = await root(facebookMonthContract, { month, rows: [{ appId, os: 1, campaign: 'FB Broad', cost: 1000.01, installs: 1001, currency: 'USD' }] });
    expect(fbMonth.data.dataVersion).toBe(1);
    expect(await costOf()).toEqual({ cost: 1000.01e6, installs: 1001, keys: ['Meta / FB Broad'] });
    // A day import replaces only that app-day's Facebook figures.
    await root(facebookDayContract, { rows: [{ day: `${month}-01`, appId, os: 1, campaign: 'FB Day', cost: 5, installs: 3, currency: 'USD' }] });
    const firstDay = await costOf(`${month}-01`, `${month}-01`);
    expect(firstDay).toEqual({ cost: 5e6, installs: 3, keys: ['Meta / FB Day'] });
    const bad = await raw('POST', '/api/reportSystem/import/day/facebookig', { token: root.tokens.accessToken, body: JSON.stringify({ rows: [{ day: '2026-02-30', appId, os: 1, campaign: 'x', cost: -1, installs: 1 }] }) });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/rows\.0\.day: is not a real date/);

    // The store's monthly report outranks the console's estimate and sums to the month.
    const studio = await root(importIapStudioContract, { month, fileName: 'Z1_financial.txt', rows: [{ appId, os: 2, gross: 3100, currency: 'USD' }] });
    // The batch keeps the report's file name, so a figure can be traced to the file it came from.
    const batch = (await root(dataVersionContract, { source: 'studio_iap', limit: 50 })).data.find((b) => b.id === studio.data.batchId);
    expect(batch).toMatchObject({ fileName: 'Z1_financial.txt', label: 'Store monthly report (IAP)', current: true });
    const iap = (await root(financeRevenueScreen.contract, { apps: [appId], from: `${month}-01`, to: last })).data.rows;
    expect(iap).toEqual([{ key: 'App Store', kind: 'iap', gross: 3100e6, net: Math.round(3100e6 * 0.85) }]);

    // A manual correction of one day.
    await root(detailUpdateContract, { appId, day: `${month}-02`, os: 1, kind: 'ads', name: 'admob', amount: 12.34, currency: 'USD', reason: 'late payout' });
    const ads = (await root(financeRevenueScreen.contract, { apps: [appId], from: `${month}-02`, to: `${month}-02` })).data.rows.find((r) => r.key === 'AdMob');
    expect(ads).toMatchObject({ gross: 12.34e6 });
    expect((await rejection(root(detailUpdateContract, { appId, day: `${month}-02`, os: 1, kind: 'ads', name: 'Snap', amount: 1, currency: 'USD', reason: 'x' }))).message).toMatch(/^name: unknown network/);

    // Data versions: re-importing the month replaces the month (v1) and the day import (v2) as version 3;
    // Compare Version sets the first and the last side by side.
    const again = await root(facebookMonthContract, { month, rows: [{ appId, os: 1, campaign: 'FB Broad', cost: 2000, installs: 10, currency: 'USD' }] });
    expect(again.data.dataVersion).toBe(3);
    const versions = (await root(dataVersionContract, { source: 'facebookig' })).data;
    expect(versions[0]).toMatchObject({ id: again.data.batchId, source: 'facebookig', label: 'Facebook & Instagram import' });
    const replaced = versions.find((v) => v.id === fbMonth.data.batchId)!;
    expect(replaced.current).toBe(false);
    expect(versions[0]!.current).toBe(true);
    const compare = (await root(financeCompareScreen.contract, { apps: [appId], from: `${month}-01`, to: last, a: String(fbMonth.data.batchId), b: String(again.data.batchId) })).data;
    expect(compare.rows.reduce((n, r) => n + r.costA, 0)).toBe(1000.01e6);
    expect(compare.rows.reduce((n, r) => n + r.costB, 0)).toBe(2000e6);
    expect((await rejection(root(financeCompareScreen.contract, { a: '999999' }))).status).toBe(400);

    // The daily rollup behind Statistic agrees with the raw rows behind Revenue and Statistic MKT after all that.
    const stat = (await root(financeStatisticScreen.contract, { apps: [appId], from: `${month}-01`, to: last, by: 'app' })).data.rows[0]!;
    const rawRevenue = (await root(financeRevenueScreen.contract, { apps: [appId], from: `${month}-01`, to: last })).data.rows.reduce((n, r) => n + r.net, 0);
    expect(stat.revenue).toBe(rawRevenue);
    expect(stat.cost).toBe((await costOf()).cost);

    // The finance app list answers only permitted apps, through both of its calls.
    const pm = await signedInAs('pm');
    const list = (await pm(listAppOsContract)).data;
    expect(list.map((a) => a.appId)).toEqual(['com.gsm.blockpuzzle', 'com.gsm.idleminer']);
    // With the package name and bundle id of each platform: Import Studio maps the stores' own reports by them.
    expect(list.find((a) => a.appId === 'com.gsm.idleminer')?.packages).toEqual([{ os: 1, packageId: 'com.gsm.idleminer' }, { os: 2, packageId: 'com.gsm.idleminer.ios' }]);
    expect((await pm(filterAppOsContract)).data).toEqual(list);
    expect((await rejection(pm(importIapStudioContract, { month, rows: [{ appId, os: 2, gross: 1, currency: 'USD' }] }))).status).toBe(403);
  });
});
