import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, signIn, test } from './fixtures';

/**
 * The Excel round trip of the Utils tools (tracker issue 20): a workbook → JSON (Excel To Json) → a workbook
 * (Json To Excel) keeps the values and their types (text, numbers, booleans, dates), all in the browser.
 */
test('a workbook becomes JSON and back without losing values or types; wrong input is refused', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'tools-e2e-'));
  const { default: ExcelJS } = await import('exceljs');
  const source = new ExcelJS.Workbook();
  source.addWorksheet('Notes').addRow(['ignore me']);
  const sheet = source.addWorksheet('Players');
  sheet.addRow(['Exported by the studio']);
  sheet.addRow(['name', 'level', 'vip', 'joined', 'spend']);
  const joined = new Date(Date.UTC(2026, 2, 14, 9, 30, 0));
  sheet.addRow(['Ana', 12, true, joined, 4.99]);
  sheet.addRow(['Bo "the builder"', 3, false, new Date(Date.UTC(2025, 11, 31)), 0]);
  const xlsxIn = join(dir, 'players.xlsx');
  writeFileSync(xlsxIn, Buffer.from(await source.xlsx.writeBuffer()));

  await signIn(page, 'root', undefined, '/utils/excelToJson');
  await expect(page.getByRole('heading', { level: 1, name: 'Excel To Json' })).toBeVisible();
  // Not a workbook: refused with a message.
  const csv = join(dir, 'players.csv');
  writeFileSync(csv, 'name,level\nAna,12\n');
  await page.getByLabel('Excel file').setInputFiles(csv);
  await expect(page.getByRole('alert')).toHaveText('players.csv is not an Excel workbook (.xlsx).');

  await page.getByLabel('Excel file').setInputFiles(xlsxIn);
  await expect(page.getByTestId('json-summary')).toContainText('from Notes');
  await page.locator('.p-dropdown', { hasText: 'Notes (1 rows)' }).click();
  await page.getByRole('option', { name: /Players/ }).click();
  await page.locator('#header-row').fill('2');
  await page.getByRole('button', { name: 'Convert' }).click();
  await expect(page.getByTestId('json-summary')).toHaveText(/2 row\(s\), 5 column\(s\) from Players/);
  await expect(page.getByRole('region', { name: 'Preview' })).toContainText('Bo "the builder"');
  const [jsonFile] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download JSON' }).click()]);
  const json = JSON.parse(readFileSync(await jsonFile.path(), 'utf8'));
  expect(json).toEqual([
    { name: 'Ana', level: 12, vip: true, joined: joined.toISOString(), spend: 4.99 },
    { name: 'Bo "the builder"', level: 3, vip: false, joined: '2025-12-31T00:00:00.000Z', spend: 0 },
  ]);

  await page.goto('/utils/jsonToExcel');
  await expect(page.getByRole('heading', { level: 1, name: 'Json To Excel' })).toBeVisible();
  await page.getByLabel('JSON', { exact: true }).fill('{"name": "Ana"}');
  await page.getByRole('button', { name: 'Download Excel' }).click();
  await expect(page.getByRole('alert')).toHaveText('The JSON must be an array of objects, not an object.');
  // The JSON we got, plus a nested field on one row: columns are the union, dotted.
  const withNested = [...json, { name: 'Cy', level: 1, vip: false, joined: null, spend: 1, stats: { wins: 7 } }];
  await page.getByLabel('JSON', { exact: true }).fill(JSON.stringify(withNested));
  const [xlsxFile] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download Excel' }).click()]);
  const back = new ExcelJS.Workbook();
  await back.xlsx.readFile((await xlsxFile.path())!);
  const out = back.worksheets[0]!;
  const rows = [1, 2, 3, 4].map((n) => (out.getRow(n).values as unknown[]).slice(1));
  expect(rows[0]).toEqual(['name', 'level', 'vip', 'joined', 'spend', 'stats.wins']);
  expect(rows[1]).toEqual(['Ana', 12, true, joined, 4.99]);
  expect(rows[2]).toEqual(['Bo "the builder"', 3, false, new Date(Date.UTC(2025, 11, 31)), 0]);
  expect(rows[3]).toEqual(['Cy', 1, false, undefined, 1, 7]);
});
