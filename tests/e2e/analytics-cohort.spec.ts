import { expect, open, signIn, test } from './fixtures';
import { expectExportEqualsTable, reportReady, tableRows } from './report-table';

/**
 * The cohort views on the demo studio, one journey each: the heading, the filters and the view's own
 * control, the chart, the heat table (D0..D30), and the CSV export holding exactly the table's numbers.
 * The figures themselves are checked against raw events in tests/api/analytics-cohort.test.ts.
 */

const APP = 'id=com.gsm.blockpuzzle&value=Block%20Puzzle%20Legend';

const SCREENS = [
  { path: '/gsm/cohort/cohort', heading: 'Rev/user', api: '/api/cohort/cohort', control: ['Revenue', 'IAP', 'revenue', 'iap'] },
  { path: '/gsm/cohort/cohortEng', heading: 'Rev/Eng.user', api: '/api/cohort/cohortEng', control: ['Revenue', 'Ads', 'revenue', 'ads'] },
  { path: '/gsm/cohort/avgTime', heading: 'Avg Time', api: '/api/cohort/avgTime', control: ['Chart', 'Every 7th cohort', 'chart', 'weekly'] },
  { path: '/gsm/cohort/session', heading: 'Session', api: '/api/cohort/session', control: ['Chart', 'Every 7th cohort', 'chart', 'weekly'] },
  { path: '/gsm/cohort/impr', heading: 'Impression', api: '/api/cohort/impr', control: ['Chart', 'All cohorts only', 'chart', 'all'] },
  { path: '/gsm/cohort/level', heading: 'Level', api: '/api/cohort/level', control: ['Highest level', 'Median', 'stat', 'median'] },
] as const;

test.describe('cohort views', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'root');
  });

  for (const screen of SCREENS) {
    test(`${screen.heading}: filters, chart, heat table D0-D30, its control, export equals table`, async ({ page }) => {
      await open(page, `${screen.path}?${APP}`);
      await expect(page.getByRole('heading', { name: screen.heading, exact: true })).toBeVisible();
      await reportReady(page);
      for (const label of ['Apps', 'OS', 'Version', 'Countries', 'Days', screen.control[0]]) await expect(page.locator('.filter-label', { hasText: label }).first()).toBeVisible();
      const head = page.getByTestId('report-table').locator('thead th');
      await expect(head.nth(0)).toHaveText('Install day');
      await expect(head.nth(2)).toHaveText('D0');
      await expect(head.nth(32)).toHaveText('D30');
      await expect(page.getByTestId('report-table').locator('tbody tr').first().locator('th')).toHaveText('All');
      await expectExportEqualsTable(page, 2);
      const [label, option, param, value] = screen.control;
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === screen.api && new URL(r.url()).searchParams.get(param) === value);
      await page.locator(`.filter-${param}`).click();
      await page.getByRole('option', { name: option, exact: true }).click();
      expect((await answered).status(), label).toBe(200);
      await expect(page).toHaveURL(new RegExp(`${param}=${value}`));
      await reportReady(page);
      await expectExportEqualsTable(page, 2);
    });
  }
});

test.describe('Stuck Game', () => {
  test('filters, N days, chart over levels, a table sorted by stuck score, export equals table', async ({ page }) => {
    await signIn(page, 'root');
    await open(page, `/gsm/stuck_game?${APP}`);
    await expect(page.getByRole('heading', { name: 'Stuck Game', exact: true })).toBeVisible();
    await reportReady(page);
    for (const label of ['App', 'OS', 'Version', 'Countries', 'Days', 'Not played for']) await expect(page.locator('.filter-label', { hasText: label }).first()).toBeVisible();
    await expect(page.locator('.filter-inactiveDays .p-dropdown-label')).toHaveText('3 days');
    await expectExportEqualsTable(page, 2);
    // Sorted by the stuck score, largest first: the ranking of the levels where players quit.
    await page.getByRole('button', { name: 'Stuck score' }).click();
    const scores = (await tableRows(page.getByTestId('report-table'))).map((r) => r.at(-1)).filter((v): v is number => typeof v === 'number');
    expect(scores.length).toBeGreaterThan(3);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const stuckBefore = (await tableRows(page.getByTestId('report-table'))).reduce((n, r) => n + Number(r[2]), 0);
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/stuck_game' && new URL(r.url()).searchParams.get('inactiveDays') === '1');
    await page.locator('.filter-inactiveDays').click();
    await page.getByRole('option', { name: '1 day', exact: true }).click();
    expect((await answered).status()).toBe(200);
    await expect(page).toHaveURL(/inactiveDays=1/);
    await reportReady(page);
    // Fewer days away makes more players count as stuck, never fewer.
    await expect.poll(async () => (await tableRows(page.getByTestId('report-table'))).reduce((n, r) => n + Number(r[2]), 0)).toBeGreaterThanOrEqual(stuckBefore);
    await expectExportEqualsTable(page, 2);
  });
});
