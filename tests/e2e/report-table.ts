import { readFileSync } from 'node:fs';
import { expect, type Download, type Locator, type Page } from '@playwright/test';
import { TOTAL_KINDS_LABEL } from '../../src/lib/reports/table';
import { csvRows } from '../support/unzip';

/** A report table's cell as its export writes it. */
export type Cell = number | string | null;

/** A shown cell read back as the export's value: "$1,234.50" → 1234.5, "12.50%" → 12.5, "—" or "" → null, DD-MM-YYYY → the ISO day. */
export function cellValue(text: string): Cell {
  const t = text.trim();
  if (t === '' || t === '—') return null;
  // Days are shown DD-MM-YYYY (the console's one day format); compared as the API's and the files' ISO days.
  const day = /^(\d{2})-(\d{2})-(\d{4})$/.exec(t);
  if (day) return `${day[3]}-${day[2]}-${day[1]}`;
  const n = Number(t.replace(/[$,%]/g, ''));
  return Number.isNaN(n) ? t : n;
}

/** The body rows of a report table as the export's values. */
export async function tableRows(table: Locator): Promise<Cell[][]> {
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
  return rows.map((r) => r.map(cellValue));
}

/**
 * An export's lines less its "Total formed as" line (the words under the Total, kept out of the numbers), and the
 * words it gives each column that is not a plain sum (null for a sum or no Total).
 */
export function splitTotalKinds(rows: Cell[][]): { rows: Cell[][]; kinds: Cell[] | null } {
  const at = rows.findIndex((r) => r[0] === TOTAL_KINDS_LABEL);
  if (at < 0) return { rows, kinds: null };
  const kinds = rows[at]!.slice(1).map((k) => (k === 'Sum' || k === '' ? null : k));
  return { rows: rows.filter((_, i) => i !== at), kinds };
}

/** The words the screen's Total line shows under each figure that is not a plain sum (null where it shows none). */
export async function shownTotalKinds(table: Locator): Promise<Cell[]> {
  const total = table.locator('tbody tr:has(.total-kind)').first();
  return total.locator('th, td').evaluateAll((cells) => cells.slice(1).map((c) => c.querySelector('.total-kind')?.textContent ?? null));
}

/** Waits until the generic report screen has answered (no longer busy) and drawn its chart. */
export async function reportReady(page: Page): Promise<void> {
  await expect(page.locator('section.report')).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByTestId('report-chart').locator('canvas')).toBeVisible();
}

/**
 * The table equals the CSV export, line for line, keyed by the first column (the screen lists its Total or All
 * line first and days newest first; the file may order them otherwise). `minRows`: the least the table must show.
 */
export async function expectExportEqualsTable(page: Page, minRows = 1): Promise<void> {
  const shown = await tableRows(page.getByTestId('report-table'));
  expect(shown.length).toBeGreaterThanOrEqual(minRows);
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  const file_ = csvRows(readFileSync((await (file as Download).path())!).toString('utf8').replace(/^\uFEFF/, '')).slice(1).map((r) => r.map(cellValue));
  const { rows: csv, kinds } = splitTotalKinds(file_);
  const byKey = (rows: Cell[][]) => new Map(rows.map((r) => [String(r[0]), r.slice(1)]));
  expect(byKey(csv)).toEqual(byKey(shown));
  // The file names each Total's aggregate as the screen does.
  if (kinds) expect(kinds).toEqual(await shownTotalKinds(page.getByTestId('report-table')));
}

/** Picks an option of a labelled report control and waits for the report it asks for. */
export async function choose(page: Page, option: string, api: string, param: string, value: string): Promise<void> {
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === api && new URL(r.url()).searchParams.get(param) === value);
  await page.locator(`.filter-${param}`).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  expect((await answered).status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`${param}=${value}`));
  await reportReady(page);
}
