import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays, reportDay } from '../../src/lib/analytics/day';
import { nowMs } from '../../src/lib/time/clock';
import { COST_HEADERS } from '../support/finance-xlsx';
import { expect, open, signIn, test } from './fixtures';

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
