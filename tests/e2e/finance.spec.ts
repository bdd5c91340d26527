import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays, reportDay } from '../../src/lib/time/day';
import { zip } from '../../src/lib/reports/xlsx';
import { nowMs } from '../../src/lib/time/clock';
import { COST_HEADERS } from '../support/finance-xlsx';
import { expect, open, signIn, test } from './fixtures';
import { reportReady, tableRows } from './report-table';

/**
 * The marketing journey of finance (tracker issue 16): import a UA cost file (preview, then import), find
 * its campaign in Statistic MKT, export the month report.
 */
test('marketing imports a cost file, sees it in Statistic MKT and exports the month report', async ({ page }) => {
  const month = addDays(`${reportDay(nowMs()).slice(0, 7)}-01`, -1).slice(0, 7);
  const campaign = `E2E ${Date.now().toString(36)}`;
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('UA cost');
  sheet.addRow(COST_HEADERS);
  sheet.addRow([`${month}-03`, 'com.gsm.wordquest', 'Android', 'TikTok', campaign, 'USD', 321.5, 150, 30, 90, 200]);
  sheet.addRow([`${month}-04`, 'com.gsm.wordquest', 'Android', 'TikTok', campaign, 'USD', 178.5, 50, 10, 40, 100]);
  const file = join(mkdtempSync(join(tmpdir(), 'fin-e2e-')), 'ua-cost.xlsx');
  writeFileSync(file, Buffer.from(await workbook.xlsx.writeBuffer()));

  await signIn(page, 'marketing', undefined, '/finance/import/uploadExcel/importCost');
  await expect(page.getByRole('heading', { level: 1, name: 'Import Cost' })).toBeVisible();
  await page.getByLabel('Month', { exact: true }).fill(month);
  await page.getByLabel('Excel file').setInputFiles(file);
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByText('Every row is good: press Import to store them.')).toBeVisible();
  await expect(page.getByText('2 row(s) · $500.00 · 200 installs')).toBeVisible();
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText(/Imported as batch \d+ \(data version \d+\)\./)).toBeVisible();

  await open(page, `/finance/statistic_mkt?apps=com.gsm.wordquest&from=${month}-01&to=${month}-28&by=campaign`);
  const row = page.locator('table tbody tr', { hasText: `TikTok / ${campaign}` });
  await expect(row).toBeVisible();
  await expect(row).toContainText('$500.00');
  await expect(row).toContainText('200');
  // CPI 500 / 200 and ROAS D7 130 / 500.
  await expect(row).toContainText('$2.500');
  await expect(row).toContainText('26.0%');

  await open(page, '/finance/reportMonth');
  await page.getByLabel('Month', { exact: true }).fill(month);
  await expect(page.getByRole('region', { name: 'Month report' })).toContainText('Word Quest Journey');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Excel' }).click();
  expect((await download).suggestedFilename()).toBe(`finance-report-${month}.xlsx`);
});

/**
 * Today's figures are still arriving (the refresh runs five times a day): on a chart of days that reaches
 * today, today's point is marked as "so far" (drawn dashed); a range that ended yesterday marks nothing.
 */
test('Finance Statistic marks today as so far on its day chart, and only today', async ({ page }) => {
  const today = reportDay(nowMs());
  await signIn(page, 'marketing', undefined, `/finance/statistic/index?from=${addDays(today, -6)}&to=${today}&by=day`);
  await expect(page.getByRole('heading', { level: 1, name: 'Finance Statistic' })).toBeVisible();
  await reportReady(page);
  await expect(page.getByTestId('report-chart')).toHaveAttribute('data-partial', '6');
  await open(page, `/finance/statistic/index?from=${addDays(today, -7)}&to=${addDays(today, -1)}&by=day`);
  await reportReady(page);
  await expect(page.getByTestId('report-chart')).toHaveAttribute('data-partial', '');
});

test('Revenue reconciliation lists SDK and finance revenue per app and day, their gap and its cause', async ({ page }) => {
  const today = reportDay(nowMs());
  await signIn(page, 'marketing', undefined, `/finance/reconciliation?from=${addDays(today, -7)}&to=${addDays(today, -1)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Revenue reconciliation' })).toBeVisible();
  await reportReady(page);
  const rows = await tableRows(page.getByTestId('report-table'));
  // The Total on top, then one line per app and day: gap = finance revenue − SDK revenue (to the cent).
  expect(rows[0]![0]).toBe('Total');
  const line = rows.find((r) => r[0] !== 'Total' && typeof r[4] === 'number' && typeof r[8] === 'number')!;
  expect(line[0]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(typeof line[1]).toBe('string');
  expect(Math.abs((line[9] as number) - ((line[8] as number) - (line[4] as number)))).toBeLessThanOrEqual(0.01);
});

/**
 * Google's redirect back to the console (the spec: the code is accepted only with both code and scope; the
 * code and the filter wait in localStorage and are cleared). The suite's server has no AdMob client and no
 * Google stand-in, so the trade is refused — the API tests run the whole round trip against a stand-in.
 */
test('the AdMob redirect needs code and scope, trades the code once and clears what it kept', async ({ page }) => {
  await signIn(page, 'root', undefined, '/finance/import/admob');
  await expect(page.getByRole('heading', { level: 1, name: 'Import AdMob' })).toBeVisible();
  const screenAlert = () => page.locator('section.finance-import').getByRole('alert');
  const kept = () => page.evaluate(() => [localStorage.getItem('gsm.admob.code'), localStorage.getItem('gsm.admob.filter')]);

  await open(page, '/finance/import/admob?code=4%2F0Aonly-a-code');
  await expect(screenAlert()).toHaveText("Google's answer has no scope: it was ignored. Connect again.");
  expect(await kept()).toEqual([null, null]);

  // Google sends the browser wherever the client says; the console takes a code-and-scope answer to the AdMob screen.
  await page.evaluate(() => localStorage.setItem('gsm.admob.filter', JSON.stringify({ from: '2026-01-05', to: '2026-01-20' })));
  await open(page, `/dashboard?code=4%2F0Aforged&scope=${encodeURIComponent('https://www.googleapis.com/auth/admob.readonly')}&state=forged`);
  await expect(page).toHaveURL(/\/finance\/import\/admob$/);
  await expect(screenAlert()).toHaveText('state: this authorization was not started from your session; connect AdMob again.');
  await expect(page.getByLabel('From', { exact: true })).toHaveValue('05-01-2026');
  expect(await kept()).toEqual([null, null]);
});

test('Import Studio names bad rows by row and column, then imports Google Play\'s own earnings report', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'fin-studio-'));
  const bad = join(dir, 'store-bad.csv');
  writeFileSync(bad, 'App,OS,Gross,Net,Currency\ncom.gsm.wordquest,Android,"1,200.00",1020,USD\ncom.gsm.wordquest,Linux,abc,,USD\n');

  await signIn(page, 'root', undefined, '/finance/import/studio');
  await expect(page.getByRole('heading', { level: 1, name: 'Import Studio' })).toBeVisible();
  await page.getByLabel('Store report').setInputFiles(bad);
  const problems = page.getByRole('region', { name: 'Problems of the file' });
  await expect(problems.getByRole('row')).toHaveCount(3);
  await expect(problems.getByRole('row').nth(1)).toHaveText(/^3\s*OS\s*"Linux" is not Android, iOS or WebGL$/);
  await expect(problems.getByRole('row').nth(2)).toHaveText(/^3\s*Gross\s*"abc" is not a number$/);
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();

  // The earnings report as Play Console hands it out: a zip holding one CSV, a line per transaction.
  const month = await page.getByLabel('Month').inputValue();
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const on = (day: number) => new Date(Date.UTC(year, monthNumber - 1, day)).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  const line = (id: number, day: number, type: string, amount: string) => `GPA.${id},"${on(day)}",10:00:00 PDT,,${type},,Gems,com.gsm.wordquest,inapp,gems,,US,,,USD,0,1,USD,${amount}`;
  const csv = [
    'Description,Transaction Date,Transaction Time,Tax Type,Transaction Type,Refund Type,Product Title,Product id,Product Type,Sku Id,Hardware,Buyer Country,Buyer State,Buyer Postal Code,Buyer Currency,Amount (Buyer Currency),Currency Conversion Rate,Merchant Currency,Amount (Merchant Currency)',
    line(1, 2, 'Charge', '"1,000.00"'),
    line(1, 2, 'Google fee', '-150.00'),
    line(2, 9, 'Charge', '200.00'),
    line(2, 9, 'Google fee', '-30.00'),
  ].join('\n');
  const good = join(dir, `earnings_${month.replace('-', '')}.zip`);
  writeFileSync(good, zip([[`PlayApps_${month.replace('-', '')}.csv`, csv]]));
  await page.getByLabel('Store report').setInputFiles(good);
  await expect(page.getByText(/Google Play earnings report · \d{4}-\d{2} · 4 line\(s\) read · 1 row\(s\) to import/)).toBeVisible();
  const rows = page.getByRole('region', { name: 'Rows of the file' });
  await expect(rows.getByRole('row').nth(1)).toHaveText(/^com\.gsm\.wordquest\s*Android\s*\$1,200\.00\s*\$1,020\.00$/);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText(/^Imported 1 row\(s\) for \d{4}-\d{2} as batch \d+/)).toBeVisible();
  const history = page.getByRole('region', { name: 'Store IAP import history' });
  await expect(history.getByRole('row').nth(1)).toContainText(`earnings_${month.replace('-', '')}.zip`);
  await expect(history.getByRole('row').nth(1)).toContainText('store report of');
});

/**
 * Issue 37's journey: a correction entered on Report Month, shown with the imported figure it replaces and the
 * difference, undone; then the month closed, an import on it refused naming the month, and the month reopened.
 * Two months back, a month the other journeys leave alone.
 */
test('finance corrects a figure, undoes it, closes the month and an import on it is refused', async ({ page }) => {
  const month = addDays(`${addDays(`${reportDay(nowMs()).slice(0, 7)}-01`, -1).slice(0, 7)}-01`, -1).slice(0, 7);
  const day = `${month}-05`;
  await signIn(page, 'root', undefined, '/finance/reportMonth');
  await page.getByLabel('Month', { exact: true }).fill(month);
  const report = page.getByRole('region', { name: 'Month report' });
  await expect(report).toContainText('Word Quest Journey');
  await expect(page.getByText('Revenue from store and network reports (finance)')).toBeVisible();
  try {
    await page.getByRole('button', { name: 'Corrections of Word Quest Journey' }).click();
    const dialog = page.getByRole('dialog', { name: `Corrections of Word Quest Journey (${month})` });
    await expect(dialog.getByText(`No correction in ${month}.`)).toBeVisible();
    await dialog.getByLabel('Day').fill(day);
    await dialog.getByLabel('Corrected amount').fill('12.34');
    await dialog.getByLabel('Reason').fill('AdMob final figure');
    await dialog.getByRole('button', { name: 'Save correction' }).click();
    const line = dialog.getByRole('table', { name: 'Corrections' }).getByRole('row').nth(1);
    await expect(line).toContainText(day);
    await expect(line).toContainText('AdMob');
    await expect(line).toContainText('$12.34');
    await expect(line).toContainText('AdMob final figure');
    await expect(line).toContainText('root');
    // Imported is the demo's AdMob figure of that day; the difference is corrected − imported.
    const cells = await line.getByRole('cell').allTextContents();
    const dollars = (text: string) => Number(text.replace(/[$,]/g, ''));
    expect(dollars(cells[4]!)).toBeGreaterThan(0);
    expect(dollars(cells[6]!)).toBeCloseTo(12.34 - dollars(cells[4]!), 2);

    await dialog.getByRole('button', { name: `Undo the correction of AdMob on ${day}` }).click();
    await expect(dialog.getByText(`No correction in ${month}.`)).toBeVisible();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Close month' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Closed by root' })).toBeVisible();

    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('UA cost');
    sheet.addRow(COST_HEADERS);
    sheet.addRow([day, 'com.gsm.wordquest', 'Android', 'TikTok', 'Closed month', 'USD', 10, 1, 0, 0, 0]);
    const file = join(mkdtempSync(join(tmpdir(), 'fin-closed-')), 'closed.xlsx');
    writeFileSync(file, Buffer.from(await workbook.xlsx.writeBuffer()));
    await open(page, '/finance/import/uploadExcel/importCost');
    await page.getByLabel('Month', { exact: true }).fill(month);
    await page.getByLabel('Excel file').setInputFiles(file);
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByText('Every row is good: press Import to store them.')).toBeVisible();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.locator('section.finance-import').getByRole('alert')).toHaveText(new RegExp(`^${month} is closed \\(by root on \\d{4}-\\d{2}-\\d{2}\\): its figures cannot change`));
  } finally {
    // Reopen, whatever happened: other journeys import into recent months.
    await page.request.post('/api/reportSystem/month/close', { data: { month, closed: false } });
  }
  await open(page, '/finance/reportMonth');
  await page.getByLabel('Month', { exact: true }).fill(month);
  await expect(page.getByRole('status').filter({ hasText: 'Open: imports and corrections change its figures' })).toBeVisible();
});
