import { OS_BY_LABEL } from './model';
import { notNumber, plainNumber } from './number-text';

/**
 * The studio's monthly IAP file (the stores' monthly reports summed per app and platform), read in the
 * browser before anything is sent: a CSV or TSV with a header row App, OS, Gross, Net (optional), Currency
 * (optional, USD). Every problem names its row (the file's line number) and column; the import is sent only
 * when there is none, and the server checks again and stores all rows or none (finance/importIAPStudio).
 */

export const STUDIO_HEADERS = ['App', 'OS', 'Gross', 'Net', 'Currency'] as const;

export interface StudioRow {
  appId: string;
  os: 1 | 2 | 3;
  gross: number;
  net?: number;
  currency: string;
}

export interface StudioProblem {
  /** The file inside an archive the problem is in (absent for a single file). */
  file?: string;
  row: number;
  column: string;
  message: string;
}

/** Splits one line on the delimiter, honouring "quoted, fields". */
export function cells(line: string, delimiter: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') (cur += '"'), i++;
      else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === delimiter) out.push(cur.trim()), (cur = '');
    else cur += c;
  }
  out.push(cur.trim());
  return out;
}

/** Money as the stores write it: "1,234.56" → 1234.56; null when not a number. */
export const amount = (text: string) => (/^-?[\d,]*\.?\d+$/.test(text) ? Number(text.replace(/,/g, '')) : null);

export function parseStudioFile(text: string, permittedApps: ReadonlySet<string>): { rows: StudioRow[]; problems: StudioProblem[] } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const delimiter = lines[0]?.includes('\t') ? '\t' : ',';
  const header = cells(lines[0] ?? '', delimiter).map((h) => h.toLowerCase());
  const at = (name: string) => header.indexOf(name.toLowerCase());
  const problems: StudioProblem[] = [];
  for (const required of ['App', 'OS', 'Gross']) if (at(required) < 0) problems.push({ row: 1, column: required, message: `the header row has no "${required}" column (expected ${STUDIO_HEADERS.join(', ')})` });
  if (problems.length) return { rows: [], problems };
  const rows: StudioRow[] = [];
  const seen = new Map<string, number>();
  lines.forEach((line, index) => {
    if (index === 0 || !line.trim()) return;
    const row = index + 1;
    const c = cells(line, delimiter);
    const value = (name: string) => (at(name) >= 0 ? (c[at(name)] ?? '') : '');
    const problem = (column: string, message: string) => problems.push({ row, column, message });
    const appId = value('App');
    if (!appId) problem('App', 'is empty');
    else if (!permittedApps.has(appId)) problem('App', `"${appId}" is not an app of your finance permission`);
    const os = OS_BY_LABEL[value('OS').toLowerCase()] ?? (['1', '2', '3'].includes(value('OS')) ? Number(value('OS')) : undefined);
    if (!os) problem('OS', `"${value('OS')}" is not Android, iOS or WebGL`);
    // A hand-made template: a comma is refused, never guessed at (store reports keep their own `amount`).
    const gross = plainNumber(value('Gross'));
    if (gross === null) problem('Gross', notNumber(value('Gross')));
    else if (gross < 0) problem('Gross', 'must not be negative');
    const netText = value('Net');
    const net = netText ? plainNumber(netText) : undefined;
    if (net === null) problem('Net', notNumber(netText));
    else if (net !== undefined && net < 0) problem('Net', 'must not be negative');
    else if (net !== undefined && gross !== null && net > gross) problem('Net', 'must not exceed Gross');
    const currency = (value('Currency') || 'USD').toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency)) problem('Currency', `"${currency}" is not a currency code like USD`);
    // Several currencies of one app and OS are several rows (App Store regions pay in their own currency).
    const key = `${appId}|${os}|${currency}`;
    if (appId && os && seen.has(key)) problem('App', `${appId} ${value('OS')} is on row ${seen.get(key)} already`);
    seen.set(key, row);
    if (appId && os && gross !== null && gross >= 0 && net !== null) rows.push({ appId, os: os as 1 | 2 | 3, gross, ...(net !== undefined ? { net } : {}), currency });
  });
  if (!problems.length && !rows.length) problems.push({ row: 2, column: '', message: 'the file has no rows' });
  return { rows, problems };
}
