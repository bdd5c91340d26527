import { readFileSync } from 'node:fs';
import type { Download, Locator, Page } from '@playwright/test';
import { csvRows, xlsxRows } from '../support/unzip';
import { expect, open, signIn, test } from './fixtures';

/**
 * The first analytics screens on the demo studio (seeded at server start): each renders its chart and
 * table, filters change the figures, and the exports hold the numbers the table shows.
 */

/** A table cell as a number the way an export writes it: "$1,234.50" → 1234.5, "12.50%" → 12.5, "—" or "" → null. */
function cellNumber(text: string): number | string | null {
  const t = text.trim();
  if (t === '' || t === '—') return null;
  const n = Number(t.replace(/[$,%]/g, ''));
  return Number.isNaN(n) ? t : n;
}

async function tableRows(table: Locator): Promise<(number | string | null)[][]> {
  return table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => (c as HTMLElement).innerText))).then((rows) => rows.map((r) => r.map(cellNumber)));
}

async function download(page: Page, testId: string): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  return readFileSync((await (file as Download).path())!);
}

/** Waits until the report answered and the table shows its rows. */
async function reportReady(page: Page) {
  await expect(page.locator('section.report')).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByTestId('report-chart').locator('canvas')).toBeVisible();
}

async function pickOs(page: Page, os: 'ALL' | 'Android' | 'Ios' | 'WebGL') {
  await page.locator('.filter-os').click();
  await page.getByRole('option', { name: os, exact: true }).click();
}

test.describe('analytics screens', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'root');
  });

  test('Main Data: chart and table, filters change the figures, exports match the table', async ({ page }) => {
    await open(page, '/gsm/analytic/main_data');
    await reportReady(page);
    const table = page.getByTestId('report-table');
    await expect(table.locator('tbody tr')).toHaveCount(31); // Total + 30 days
    await page.screenshot({ path: '/tmp/analytics-main-data.png', fullPage: true });

    const all = await tableRows(table);
    const totalInstalls = all[0]![1] as number;
    expect(totalInstalls).toBeGreaterThan(50);

    await pickOs(page, 'Ios');
    await expect(page).toHaveURL(/os=2/);
    await expect.poll(async () => (await tableRows(table))[0]![1]).not.toBe(totalInstalls);
    const ios = await tableRows(table);
    expect(ios[0]![1] as number).toBeLessThan(totalInstalls);

    // The exports hold the numbers of the table on screen (the table lists the total first, days newest first).
    const csv = csvRows((await download(page, 'export-csv')).toString('utf8'));
    const byDay = (rows: (number | string | null)[][]) => new Map(rows.map((r) => [String(r[0]), r.slice(1)]));
    const fromCsv = byDay(csv.slice(1).map((r) => r.map((v) => cellNumber(v))));
    expect(fromCsv).toEqual(byDay(ios));
    const sheet = await xlsxRows(await download(page, 'export-xlsx'));
    const width = sheet[0]!.length;
    expect(byDay(sheet.slice(1).map((r) => [...r, ...Array(width - r.length).fill(null)]))).toEqual(byDay(ios));

    // Reloading keeps the filters (they live in the URL).
    await page.reload();
    await reportReady(page);
    expect(await tableRows(table)).toEqual(ios);
  });

  test('Retention: D0..D30 heat map and D1/D7/D30 trend; the range changes the cohorts', async ({ page }) => {
    await open(page, '/gsm/cohort/retention');
    await reportReady(page);
    const table = page.getByTestId('report-table');
    await expect(table.locator('thead th')).toHaveCount(33); // install day, installs, D0..D30
    await expect(table.locator('tbody tr')).toHaveCount(31);
    await page.screenshot({ path: '/tmp/analytics-retention.png', fullPage: true });
    const rows = await tableRows(table);
    const cohort = rows.find((r) => r[0] !== 'All' && (r[1] as number) > 0)!;
    expect(cohort[2]).toBe(100); // D0: everyone who installed was active on install day

    await page.locator('.filter-date-range input').click();
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    await expect(table.locator('tbody tr')).toHaveCount(8);
    await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=/);
  });

  test('Level: per-level table and chart; picking an app changes the figures', async ({ page }) => {
    await open(page, '/gsm/analytic/level');
    await reportReady(page);
    const table = page.getByTestId('report-table');
    await expect(table.locator('tbody tr').first()).toBeVisible();
    const all = await tableRows(table);
    expect(all[0]![0]).toBe(1);
    await page.screenshot({ path: '/tmp/analytics-level.png', fullPage: true });

    const app = page.getByRole('combobox', { name: 'App' });
    await app.fill('Block');
    await page.getByRole('option', { name: /^Block Puzzle Legend/ }).first().click();
    await expect(page).toHaveURL(/id=com\.gsm\.blockpuzzle/);
    await expect.poll(async () => (await tableRows(table))[0]![1]).not.toBe(all[0]![1]);
    const one = await tableRows(table);
    expect(one[0]![1] as number).toBeLessThan(all[0]![1] as number);
  });

  test('Level retention: cohorts by level; the level count changes the columns', async ({ page }) => {
    await open(page, '/gsm/analytic/levelRetention');
    await reportReady(page);
    const table = page.getByTestId('report-table');
    await expect(table.locator('thead th')).toHaveCount(52); // install day, installs, L1..L50
    const rows = await tableRows(table);
    expect(rows[0]![0]).toBe('All');
    expect(rows[0]![2] as number).toBeGreaterThan(50); // most installed players reach level 1
    await page.screenshot({ path: '/tmp/analytics-level-retention.png', fullPage: true });
    await page.locator('.filter-levels').click();
    await page.getByRole('option', { name: 'Levels 1-30' }).click();
    await expect(table.locator('thead th')).toHaveCount(32);
  });

  test('the dashboard shows installs, DAU and revenue of the demo studio from the rollups', async ({ page }) => {
    await open(page, '/dashboard');
    await expect(page.getByTestId('no-telemetry')).toHaveCount(0);
    const row = page.locator('tr[data-app="com.gsm.blockpuzzle"]');
    await expect(row.locator('td.fig')).toHaveCount(4);
    const [, , dau, revenue] = (await row.locator('td.fig').allInnerTexts()).map((t) => Number(t.replace(/[$,]/g, '')));
    expect(dau).toBeGreaterThan(0);
    expect(revenue).toBeGreaterThan(0);
  });

  test('an account sees only its apps and no export without export_report', async ({ page }) => {
    await page.context().clearCookies();
    await signIn(page, 'cache');
    await open(page, '/gsm/analytic/main_data');
    await reportReady(page);
    await expect(page.getByTestId('export-csv')).toHaveCount(0);
  });
});
