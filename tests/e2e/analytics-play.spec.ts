import { unique } from './api';
import { expect, open, signIn, test } from './fixtures';
import { choose, expectExportEqualsTable, reportReady, tableRows } from './report-table';

/**
 * The gameplay and custom-event screens on the demo studio, one journey each: the heading, the filters and
 * the screen's own control, the chart, the table, and the CSV export holding exactly the table's numbers.
 * Then a chart annotation marked, drawn and removed. The figures themselves are checked against raw
 * events in tests/api/analytics-play.test.ts.
 */

const APP = 'id=com.gsm.blockpuzzle&value=Block%20Puzzle%20Legend';

const SCREENS = [
  { path: '/gsm/analytic/taskQuest', heading: 'Task Quest', api: '/api/analytic/taskQuest', control: ['Rows', 'By day', 'view', 'day'] },
  { path: '/gsm/analytic/resourceOverview', heading: 'Resource Overview', api: '/api/analytic/resourceOverview', control: ['Resource', 'gems', 'resource', 'gems'] },
  // The resource shown first follows the demo data (the one most earned): the journey picks another.
  { path: '/gsm/analytic/resourceEarn', heading: 'Resource Earn', api: '/api/analytic/resourceEarn', control: ['Resource', 'energy|gems', 'resource', 'energy|gems'] },
  { path: '/gsm/analytic/resourceSpend', heading: 'Resource Spend', api: '/api/analytic/resourceSpend', control: ['Resource', 'energy|gems', 'resource', 'energy|gems'] },
  { path: '/gsm/analytic/funnel', heading: 'Funnel', api: '/api/analytic/funnel', control: ['Funnel', 'shop', 'funnel', 'shop'] },
  { path: '/gsm/analytic/counter/vertical', heading: 'Counter Vertical', api: '/api/analytic/counter/vertical', control: ['Figure', 'Players', 'measure', 'users'] },
  { path: '/gsm/analytic/counter/horizontal', heading: 'Counter Horizontal', api: '/api/analytic/counter/horizontal', control: ['Counter', 'hint_used', 'counter', 'hint_used'] },
  { path: '/gsm/analytic/measurement', heading: 'Measurement', api: '/api/analytic/measurement', control: ['Measurement', 'fps', 'name', 'fps'] },
] as const;

test.describe('gameplay and custom-event reports', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'root');
  });

  for (const screen of SCREENS) {
    test(`${screen.heading}: filters, chart, table, a control of its own, export equals table`, async ({ page }) => {
      await open(page, `${screen.path}?${APP}`);
      await expect(page.getByRole('heading', { name: screen.heading, exact: true })).toBeVisible();
      await reportReady(page);
      for (const label of ['Apps', 'OS', 'Version', 'Countries', 'Days', screen.control[0]]) await expect(page.locator('.filter-label', { hasText: label }).first()).toBeVisible();
      await expectExportEqualsTable(page);
      const before = await tableRows(page.getByTestId('report-table'));
      const [, options, param, values] = screen.control;
      // The first choice that is not the one shown (choosing the shown one asks for nothing new).
      const shown = (await page.locator(`.filter-${param} .p-dropdown-label`).textContent())?.trim();
      const i = options.split('|').findIndex((o) => o !== shown);
      await choose(page, options.split('|')[i]!, screen.api, param, values.split('|')[i]!);
      await expect.poll(() => tableRows(page.getByTestId('report-table'))).not.toEqual(before);
      await expectExportEqualsTable(page);
    });
  }

  test('an unknown name in the URL answers an empty report that says so', async ({ page }) => {
    await open(page, `/gsm/analytic/funnel?${APP}&funnel=no_such_funnel`);
    await expect(page.getByTestId('report-empty')).toContainText('No funnel named "no_such_funnel" in this range');
    await expect(page.getByTestId('export-csv')).toHaveCount(0);
  });

  test('chart annotations: mark a day, see it on the chart and under it, remove it', async ({ page }) => {
    await open(page, `/gsm/analytic/taskQuest?${APP}`);
    await reportReady(page);
    const chart = page.getByTestId('report-chart');
    const marks = Number(await chart.getAttribute('data-marks'));
    const text = unique('2.5 released');
    await page.getByRole('button', { name: 'Mark a day' }).click();
    await page.getByLabel('Mark text').fill(text);
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/common/analytic_note' && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await saved).status()).toBe(200);
    await expect(page.getByText('Chart mark saved')).toBeVisible();
    const notes = page.getByTestId('chart-notes');
    await expect(notes).toContainText(text);
    // Drawn as a line on the day chart (the chart counts the marks it draws).
    await expect(chart).toHaveAttribute('data-marks', String(marks + 1));
    await page.getByRole('button', { name: `Remove mark ${text}` }).click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('Chart mark removed')).toBeVisible();
    await expect(notes).not.toContainText(text);
    await expect(chart).toHaveAttribute('data-marks', String(marks));
  });
});
