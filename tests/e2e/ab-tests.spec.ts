import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { experimentListContract } from '../../src/lib/experiments/contract';
import { csvRows } from '../support/unzip';
import { apiAs, unique } from './api';
import { expect, open, signIn, test } from './fixtures';
import { cellValue, tableRows } from './report-table';

/**
 * A/B tests as a product manager uses them: an experiment is set up in the manager (a bad split is refused
 * under the field), started, and the demo studio's "New tutorial" experiment is read on both reports,
 * whose exports hold the numbers the tables show.
 */

async function download(page: Page, testId: string): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  return readFileSync((await (file as Download).path())!);
}

test('an experiment is created and started in the manager; a bad split and a bad guardrail are refused under the field', async ({ page }) => {
  await signIn(page, 'root');
  await open(page, '/gsm/a_b_test/manager');
  await expect(page.getByRole('heading', { level: 1, name: 'A/B Experiments' })).toBeVisible();
  await page.getByRole('button', { name: 'New experiment' }).click();
  const dialog = page.getByRole('dialog', { name: 'New experiment' });
  // A create form starts on no app unless the person chose one before: choose it.
  await dialog.locator('.p-dropdown:has(#experiments-appId)').click();
  await page.getByRole('option', { name: /Word Quest Journey/ }).click();
  const name = unique('Onboarding');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Variants').fill('control:50, B:40');
  await dialog.getByLabel('Countries').fill('JP');
  await dialog.getByLabel('Countries').press('Enter');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('weights must sum to 100 (they sum to 90)');
  await dialog.getByLabel('Variants').fill('control:50, B:50');
  // A guardrail that is not an A/B figure is refused under its field, naming it.
  await dialog.getByLabel('Guardrails').fill('revenue');
  await dialog.getByLabel('Guardrails').press('Enter');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('"revenue" is not an A/B metric; guardrails are D1, D3, D7, D14, D30, arpu, sessions, playTime, level, conversion');
  await dialog.getByLabel('Guardrails').press('Backspace');
  await dialog.getByLabel('Guardrails').fill('d7');
  await dialog.getByLabel('Guardrails').press('Enter');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.toast').last()).toContainText(`Experiment ${name} created`);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('draft');
  await expect(row).toContainText('JP');
  await expect(row.getByRole('cell', { name: 'D7', exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Start ${name}` }).click();
  await page.getByRole('dialog', { name: 'Start experiment' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.locator('.toast').last()).toContainText(`Experiment ${name} started`);
  await expect(row).toContainText('running');
});

test("the reports show the demo tutorial experiment's variants with intervals, notes and exports equal to the table", async ({ page }) => {
  const root = await apiAs('root');
  const { data } = await root(experimentListContract, {});
  const demo = data.find((e) => e.name === 'New tutorial')!;
  await signIn(page, 'root');

  await open(page, `/gsm/a_b_test/retention_report?apps=${demo.appId}&experiment=${demo.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'A/B Retention Report' })).toBeVisible();
  await expect(page.locator('section.report')).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByTestId('report-chart').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('report-notice').last()).toContainText('false positives');
  const table = page.getByTestId('report-table');
  const rows = await tableRows(table);
  expect(rows.map((r) => `${r[0]} ${r[1]}`)).toEqual(['control (control)', 'B'].flatMap((v) => ['D1', 'D3', 'D7', 'D14', 'D30'].map((d) => `${v} ${d}`)));
  // The control's lines have no difference; B's D1 line has one, its interval around it and a p-value between 0
  // and 1 (columns: …, Δ 7, Δ interval low 8 and high 9, p 10).
  expect(rows[0]![7]).toBeNull();
  expect(typeof rows[5]![7]).toBe('number');
  expect(rows[5]![8]! as number).toBeLessThanOrEqual(rows[5]![7] as number);
  expect(rows[5]![9]! as number).toBeGreaterThanOrEqual(rows[5]![7] as number);
  expect(rows[5]![10]).toBeGreaterThanOrEqual(0);
  expect(rows[5]![10]).toBeLessThanOrEqual(1);
  const csv = csvRows((await download(page, 'export-csv')).toString('utf8'));
  expect(csv[0]).toContain('Difference to control (percentage points)');
  expect(csv.slice(1).map((r) => r.map((v) => cellValue(v)))).toEqual(rows);

  await open(page, `/gsm/a_b_test/other?apps=${demo.appId}&experiment=${demo.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'A/B Other Metrics' })).toBeVisible();
  await expect(page.locator('section.report')).toHaveAttribute('aria-busy', 'false');
  const other = await tableRows(page.getByTestId('report-table'));
  expect(other.map((r) => r[0])).toEqual(['ARPU (USD)', 'ARPU (USD)', 'Sessions per player', 'Sessions per player', 'Play time per player (min)', 'Play time per player (min)', 'Highest level reached', 'Highest level reached', 'Conversion to payer (%)', 'Conversion to payer (%)']);
  const otherCsv = csvRows((await download(page, 'export-csv')).toString('utf8'));
  expect(otherCsv.slice(1).map((r) => r.map((v) => cellValue(v)))).toEqual(other);
});
