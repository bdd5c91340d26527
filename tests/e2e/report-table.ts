import type { Locator } from '@playwright/test';

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
  const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((r) => [...r.querySelectorAll('th, td')].map((c) => (c as HTMLElement).innerText)));
  return rows.map((r) => r.map(cellValue));
}
