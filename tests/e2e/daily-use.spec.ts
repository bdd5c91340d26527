import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { formatDay } from '../../src/lib/time/format';
import { expect, open, signIn, test } from './fixtures';

/** Daily use (issue 41): tables on a phone, honest totals, one Apps filter, export names, small items. */

const PHONE = { width: 390, height: 844 };

/** The first body row's cell holding a status tag and its row-action buttons, as boxes on the page. */
async function statusAndActions(page: Page, table: string) {
  const row = page.locator(`${table} tbody tr`).first();
  await expect(row).toBeVisible();
  const status = row.locator('.p-tag, .muted').first();
  const actions = row.locator('.row-actions .p-button');
  return { status, actions };
}

/** Whether an element lies wholly inside the phone's screen width (nothing to scroll sideways to). */
async function inView(page: Page, locator: ReturnType<Page['locator']>) {
  const box = (await locator.boundingBox())!;
  return box.x >= 0 && box.x + box.width <= PHONE.width;
}

test.describe('on a 390 px phone', () => {
  test.use({ viewport: PHONE });

  test('Account, Campaign Manager and Push show each row\'s status and actions, and the dashboard every key figure, without scrolling sideways', async ({ page }) => {
    await signIn(page, 'root', undefined, '/adminAccount/account');
    for (const [path, resource] of [
      ['/adminAccount/account', '[data-testid="resource-accounts"]'],
      ['/ads_in_house/campaign/manager', '[data-testid="resource-house-campaigns"]'],
      ['/games/notification/push', '[data-testid="resource-pushes"]'],
    ] as const) {
      const table = `${resource} table`;
      await open(page, path);
      const { status, actions } = await statusAndActions(page, table);
      await expect(status, path).toBeVisible();
      expect(await inView(page, status), `${path}: status on screen`).toBe(true);
      expect(await actions.count(), `${path}: row actions`).toBeGreaterThan(0);
      for (const action of await actions.all()) expect(await inView(page, action), `${path}: ${await action.getAttribute('aria-label')} on screen`).toBe(true);
      // Nothing scrolls sideways: neither the page nor the table inside its card.
      const scroll = await page.locator(`${table}`).evaluate((t) => {
        const region = t.closest('.table-scroll')!;
        const wrapper = t.closest('.p-datatable-wrapper') ?? region;
        return { page: document.documentElement.scrollWidth, table: wrapper.scrollWidth - wrapper.clientWidth };
      });
      expect(scroll, path).toEqual({ page: PHONE.width, table: 0 });
      await expect(page.locator(resource).getByTestId('scroll-cue'), `${path}: no cue when nothing is hidden`).toHaveCount(0);
    }
    // Account keeps the key, status and actions; the rest waits for a wider screen.
    await open(page, '/adminAccount/account');
    await expect(page.getByRole('columnheader', { name: 'Name', exact: true })).toBeHidden();
    await expect(page.getByRole('columnheader', { name: 'Status', exact: true })).toBeVisible();

    // The dashboard's key figures: one card an app, every figure named beside its value.
    await open(page, '/dashboard');
    const card = page.locator('.figures tbody tr[data-app="com.gsm.blockpuzzle"]');
    for (const label of ['Team', 'Installs today', 'Installs yesterday', 'DAU yesterday', 'Revenue yesterday']) {
      const line = card.locator(`td[data-label="${label}"]`);
      await expect(line, label).toBeVisible();
      expect(await inView(page, line), `${label} on screen`).toBe(true);
    }
  });

  test('a table that still scrolls says so, and the finance refresh note is shown', async ({ page }) => {
    await signIn(page, 'root', undefined, '/gsm/analytic/main_data');
    await expect(page.getByTestId('report-table')).toBeVisible();
    await expect(page.getByTestId('scroll-cue')).toHaveText('Scroll sideways for more columns');
    await open(page, '/finance/revenue');
    await expect(page.getByTestId('page-note-phone')).toBeVisible();
    await expect(page.getByTestId('page-note-phone')).toContainText('Data updates 5 times a day at 8:30, 9:10, 10:30, 13:30 and 17:00 (UTC+7).');
  });
});

test('Main Data\'s Total line names what is not a sum, marks today so far, and its export is named for the app and range', async ({ page }) => {
  await signIn(page, 'root', undefined, '/gsm/analytic/main_data');
  const table = page.getByTestId('report-table');
  const total = table.locator('tr.total-row');
  await expect(total).toBeVisible();
  const headers = await table.locator('thead th').allInnerTexts();
  const cell = (label: string) => total.locator('th, td').nth(headers.findIndex((h) => h.trim() === label));
  await expect(cell('Installs').locator('.total-kind')).toHaveCount(0);
  await expect(cell('DAU').locator('.total-kind')).toHaveText('Average');
  await expect(cell('Paying users').locator('.total-kind')).toHaveText('Average');
  await expect(cell('ARPDAU').locator('.total-kind')).toHaveText('Ratio of sums');
  // The default range (the last 7 days) ends today: the line of today and the range both say so.
  const url = new URL(page.url());
  const [from, to] = [url.searchParams.get('from')!, url.searchParams.get('to')!];
  await expect(page.getByTestId('includes-today')).toContainText(`includes today (${formatDay(to)})`);
  await expect(table.locator('tbody tr').nth(1).locator('th')).toHaveText(`${formatDay(to)} (so far)`);

  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  expect((file as Download).suggestedFilename()).toBe(`main-data_all-apps_${formatDay(from)}_${formatDay(to)}.csv`);
  const csv = readFileSync((await (file as Download).path())!, 'utf8');
  expect(csv).toContain(`\n${formatDay(from)},`);
  // The file says what the Total cells are, as the screen does (a line of its own: the cells stay numbers).
  const lines = csv.split('\r\n');
  expect(lines.at(-3)).toMatch(/^Total,/);
  expect(lines.at(-2)).toBe('Total formed as,Sum,Average,Ratio of sums,Ratio of sums,Ratio of sums,Sum,Sum,Average,Ratio of sums,Ratio of sums,Ratio of sums');
});

test('the Apps filter looks and answers the same on every report, says All, and Escape leaves focus in it', async ({ page }) => {
  await signIn(page, 'root', undefined, '/gsm/analytic/main_data');
  const paths = ['/gsm/analytic/main_data', '/gsm/stuck_game', '/gsm/analytic/funnel'];
  // First visits, nothing chosen yet (a single-app report shares the console's selected app, so these come first).
  for (const path of paths) {
    await open(page, path);
    const filter = page.locator('.report-filters .apps-filter');
    await expect(filter, path).toHaveCount(1);
    await expect(filter.locator('.p-autocomplete-dropdown'), `${path}: no blue-button autocomplete`).toHaveCount(0);
    await expect(filter.locator('.filter-apps'), path).toContainText('All');
    await expect(page.locator('.filter-os')).toContainText('All');
  }
  for (const path of paths) {
    await open(page, path);
    const filter = page.locator('.report-filters .apps-filter');
    // Keyboard: open, type in the search box, Escape: focus stays on the filter and Tab goes on to the next one.
    // The focusable input of either mode, named "Apps".
    await filter.locator('.p-hidden-accessible input[aria-label="Apps"]').focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('.p-multiselect-filter, .p-dropdown-filter')).toBeFocused();
    await page.keyboard.type('Blo');
    await page.keyboard.press('Escape');
    await expect(page.locator('.p-multiselect-panel, .p-dropdown-panel')).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('.apps-filter'))), `${path}: focus after Escape`).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('.report-filters'))), `${path}: Tab stays in the filter bar`).toBe(true);
  }
});

test('small things: the tester\'s logo leads to a screen it may open, and a new post starts on its Title', async ({ page }) => {
  await signIn(page, 'tester', undefined, '/test/testing');
  const logo = page.locator('.sidebar-logo');
  const href = await logo.getAttribute('href');
  expect(href).not.toBe('/dashboard');
  await page.goto(href!);
  expect(new URL(page.url()).pathname).toBe(href);

  await signIn(page, 'admin', undefined, '/post/index');
  await page.getByRole('button', { name: 'Add new' }).click();
  await expect(page.getByRole('dialog', { name: 'Add new' }).getByLabel('Title')).toBeFocused();
});
