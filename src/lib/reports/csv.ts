/** CSV as every download of the console writes it (kept apart from export.ts so the browser can use it without the xlsx writer). */
export type CsvCell = string | number | null;

/** CSV field: quoted when it holds a separator, quote or line break; formula-like text is neutralised. */
function csvField(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
