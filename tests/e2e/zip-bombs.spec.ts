import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bombPart, bombWorkbook, zipOf } from '../support/zip-writer';
import { expect, signIn, test } from './fixtures';

/**
 * Zip bombs opened in the browser (src/lib/zip-budget.ts): the Excel → JSON tool's worker and Import Studio's
 * store reports stop at the budget and name the file, instead of inflating 300 MB in the tab.
 */
const MB = 1024 * 1024;

test('the Excel To Json tool refuses a workbook whose sheet inflates to 300 MB, naming the file', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'zip-bomb-e2e-'));
  const bomb = join(dir, 'players-bomb.xlsx');
  writeFileSync(bomb, await bombWorkbook(300 * MB, 2048));
  await signIn(page, 'root', undefined, '/utils/excelToJson');
  await expect(page.getByRole('heading', { level: 1, name: 'Excel To Json' })).toBeVisible();
  await page.getByLabel('Excel file').setInputFiles(bomb);
  await expect(page.getByRole('alert')).toHaveText('players-bomb.xlsx: a sheet (xl/worksheets/sheet1.xml) inflates beyond 50 MB');
});

test('Import Studio refuses a store-report archive that inflates beyond 200 MB, naming the file', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'zip-bomb-e2e-'));
  const entry = await bombPart('PlayApps.csv', 'Description,Amount\n', 'GPA.1,1.00\n', 45 * MB, '');
  const archive = join(dir, 'earnings-bomb.zip');
  writeFileSync(archive, zipOf(Array.from({ length: 5 }, (_, i) => ({ ...entry, name: `PlayApps_${i}.csv`, declaredSize: 1000 }))));
  await signIn(page, 'root', undefined, '/finance/import/studio');
  await expect(page.getByRole('heading', { level: 1, name: 'Import Studio' })).toBeVisible();
  await page.getByLabel('Store report').setInputFiles(archive);
  await expect(page.getByText('earnings-bomb.zip: its contents inflate beyond 200 MB.')).toBeVisible();
});
