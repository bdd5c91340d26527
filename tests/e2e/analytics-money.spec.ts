import { readFileSync } from 'node:fs';
import type { Download, Locator, Page } from '@playwright/test';
import {
  adsImpressionScreen, adviewOverviewScreen, adviewScreen, appMeasurementScreen, cvrScreen, firstIapScreen, inappOverviewScreen, inappScreen, subscriptionScreen,
} from '../../src/lib/analytics/money/screens';
import type { ReportDescriptor } from '../../src/lib/reports/define';
import { displayLines, exportGrid, type Cell } from '../../src/lib/reports/table';
import { csvRows } from '../support/unzip';
import { expect, open, signIn, test } from './fixtures';

/**
 * The ads and money screens on the demo studio: each opens with its heading, chart and table; the table
 * shows exactly the table its report answer makes (what docs/metrics.md defines is checked against raw
 * events in the API suite); its own control (group by, ad format, conversion goal) asks the server again
 * and the table follows; the CSV export holds the table's numbers.
 */

/** A shown or exported cell, compared as text: "$1,234.50" → "1234.5", "12.50%" → "12.5", DD-MM-YYYY → ISO, "—" → "". */
function text(value: Cell | string): string {
  if (value === null) return '';
  const t = String(value).trim();
  if (t === '—') return '';
  const day = /^(\d{2})-(\d{2})-(\d{4})$/.exec(t);
  if (day) return `${day[3]}-${day[2]}-${day[1]}`;
  const n = Number(t.replace(/[$,%]/g, ''));
  return t !== '' && !Number.isNaN(n) ? String(n) : t;
}

async function shownRows(table: Locator): Promise<string[][]> {
  // A Total cell's aggregate ("Average") and today's "(so far)" are words about the figure, not the figure.
  const rows = await table.locator('tbody tr').evaluateAll((trs) =>
    trs.map((r) =>
      [...r.querySelectorAll('th, td')].map((c) => {
        const copy = c.cloneNode(true) as HTMLElement;
        copy.querySelectorAll('.total-kind, .so-far').forEach((n) => n.remove());
        return copy.textContent ?? '';
      }),
    ),
  );
  return rows.map((r) => r.map(text));
}

/** The report answer for the screen's current URL query, asked with the page's session. */
async function answerFor(page: Page, descriptor: ReportDescriptor) {
  const query = new URL(page.url()).searchParams;
  const response = await page.request.get(`${descriptor.api}?${query.toString()}`);
  expect(response.status()).toBe(200);
  const data = ((await response.json()) as { data: never }).data;
  return descriptor.table(data, descriptor.contract.request.parse(Object.fromEntries(query)) as never);
}

async function ready(page: Page) {
  await expect(page.locator('section.report')).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByTestId('report-chart').locator('canvas')).toBeVisible();
}

const SCREENS: { title: string; path: string; descriptor: ReportDescriptor; control: { key: string; option: string; value: string } | null }[] = [
  { title: 'Adview Overview', path: '/gsm/analytic/adviewOverview', descriptor: adviewOverviewScreen, control: { key: 'adFormat', option: 'rewarded', value: 'rewarded' } },
  { title: 'Adview', path: '/gsm/analytic/adview', descriptor: adviewScreen, control: { key: 'by', option: 'Failure reason', value: 'reason' } },
  { title: 'Ads Impression', path: '/gsm/analytic/adsImpression', descriptor: adsImpressionScreen, control: { key: 'by', option: 'Network', value: 'network' } },
  { title: 'Inapp Overview', path: '/gsm/analytic/inappOverview', descriptor: inappOverviewScreen, control: null },
  { title: 'Inapp', path: '/gsm/analytic/inapp', descriptor: inappScreen, control: null },
  { title: 'First IAP', path: '/gsm/analytic/firstIap', descriptor: firstIapScreen, control: { key: 'by', option: 'Days since install', value: 'daysSinceInstall' } },
  { title: 'Subscription', path: '/gsm/analytic/subscription', descriptor: subscriptionScreen, control: { key: 'by', option: 'Product', value: 'product' } },
  { title: 'CVR', path: '/gsm/analytic/cvr', descriptor: cvrScreen, control: { key: 'goal', option: 'Rewarded ad watched', value: 'rewarded' } },
  { title: 'App Measurement', path: '/gsm/analytic/app_measurement', descriptor: appMeasurementScreen, control: null },
];

test.describe('ads and money screens', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'analyst');
  });

  for (const screen of SCREENS) {
    test(`${screen.title}: heading, chart and the answer's table; its control asks again; the CSV holds the table`, async ({ page }) => {
      await open(page, screen.path);
      await expect(page.getByRole('heading', { level: 1, name: screen.title, exact: true })).toBeVisible();
      await ready(page);
      const table = page.getByTestId('report-table');
      const expected = (t: Awaited<ReturnType<typeof answerFor>>) => displayLines(t).map((l) => l.cells.map(text));
      const first = await answerFor(page, screen.descriptor);
      expect(first.rows.length).toBeGreaterThan(0);
      expect(await shownRows(table)).toEqual(expected(first));

      let shown = first;
      if (screen.control) {
        const { key, option, value } = screen.control;
        const asked = page.waitForResponse((r) => new URL(r.url()).pathname === screen.descriptor.api && new URL(r.url()).searchParams.get(key) === value);
        await page.locator(`.filter-${key}`).click();
        await page.getByRole('option', { name: option, exact: true }).click();
        expect((await asked).status()).toBe(200);
        await expect(page).toHaveURL(new RegExp(`${key}=${value}`));
        await ready(page);
        shown = await answerFor(page, screen.descriptor);
        await expect.poll(() => shownRows(table)).toEqual(expected(shown));
        expect(expected(shown)).not.toEqual(expected(first));
      }

      if (screen.descriptor === appMeasurementScreen) {
        // Sortable: a heading sorts the apps by it, largest first, then reversed; the Total stays on top.
        const column = shown.columns.findIndex((c) => c.key === 'installs');
        const lines = expected(shown);
        const installsOrder = (descending: boolean) => [lines[0]!, ...lines.slice(1).sort((a, b) => (descending ? -1 : 1) * (Number(a[column]) - Number(b[column])))];
        await table.getByRole('button', { name: 'Installs' }).click();
        await expect(table.locator('thead th').nth(column)).toHaveAttribute('aria-sort', 'descending');
        expect((await shownRows(table)).map((r) => r[column])).toEqual(installsOrder(true).map((r) => r[column]));
        await table.getByRole('button', { name: 'Installs' }).click();
        expect((await shownRows(table)).map((r) => r[column])).toEqual(installsOrder(false).map((r) => r[column]));
      }

      const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
      const csv = csvRows(readFileSync((await (file as Download).path())!).toString('utf8').replace(/^\uFEFF/, ''));
      const grid = exportGrid(shown);
      expect(csv[0]).toEqual(grid.header);
      expect(csv.slice(1).map((r) => r.map(text))).toEqual(grid.rows.map((r) => r.map(text)));
    });
  }

  test('App Measurement and Inapp Overview each say how they count purchases and link to the other', async ({ page }) => {
    await open(page, '/gsm/analytic/app_measurement');
    await ready(page);
    const note = page.getByTestId('report-notice').filter({ hasText: 'counts purchase events as Main Data does' });
    await expect(note).toHaveText('IAP here counts purchase events as Main Data does (each iap_purchase the game sent). Inapp Overview counts verified store transactions, one per transaction id. Inapp Overview');
    await note.getByRole('link', { name: 'Inapp Overview' }).click();
    await expect(page).toHaveURL(/\/gsm\/analytic\/inappOverview/);
    await expect(page.getByRole('heading', { level: 1, name: 'Inapp Overview', exact: true })).toBeVisible();
    await ready(page);
    const back = page.getByTestId('report-notice').filter({ hasText: 'Purchases here are store transactions' });
    await expect(back.getByRole('link', { name: 'App Measurement' })).toHaveAttribute('href', '/gsm/analytic/app_measurement');
  });
});
