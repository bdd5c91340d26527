import { STORE_FEE } from './model';
import { amount, cells, parseStudioFile, type StudioProblem, type StudioRow } from './studio-file';
import type { UnpackedFile } from './unpack';

/**
 * Import Studio reads three kinds of file and turns each into the month's totals per app, OS and currency
 * (what finance/importIAPStudio stores), naming every problem by file, row and column:
 * - the studio's own template (App, OS, Gross, Net, Currency; studio-file.ts);
 * - Google Play's monthly **earnings report** (Play Console → Download reports → Financial; a zip holding one
 *   CSV with one line per transaction: Charge, Google fee, Charge refund, Google fee refund, Tax…);
 * - App Store Connect's **financial report** (Payments and Financial Reports; tab-separated, one file per
 *   region and currency, one line per product and price, ended by Total_ lines).
 * The kind is told by the header row. docs/decisions.md ("Import Studio") gives the rules in prose.
 */

export type StoreReportKind = 'template' | 'google-play' | 'app-store';

export const KIND_LABELS: Record<StoreReportKind, string> = {
  template: 'studio template',
  'google-play': 'Google Play earnings report',
  'app-store': 'App Store financial report',
};

/** The finance apps of the viewer with the package name (Android) or bundle id (iOS) of each platform. */
export interface AppCatalog {
  apps: ReadonlySet<string>;
  packages: readonly { appId: string; os: number; packageId: string }[];
}

export interface StoreReport {
  kinds: StoreReportKind[];
  rows: StudioRow[];
  problems: StudioProblem[];
  /** Lines of the files that were read (transactions, products, template rows). */
  lines: number;
}

const GOOGLE_COLUMNS = ['Transaction Date', 'Transaction Type', 'Product id', 'Merchant Currency', 'Amount (Merchant Currency)'] as const;
const APPLE_COLUMNS = ['Start Date', 'End Date', 'Vendor Identifier', 'Quantity', 'Extended Partner Share', 'Partner Share Currency', 'Customer Price', 'Customer Currency'] as const;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** "Oct 1, 2024" (earnings reports), "2024-10-01" or "10/01/2024" (App Store) → "2024-10-01"; null otherwise. */
export function storeDate(text: string): string | null {
  const pad = (n: number) => String(n).padStart(2, '0');
  const valid = (y: number, m: number, d: number) => {
    const date = new Date(Date.UTC(y, m - 1, d));
    return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? `${y}-${pad(m)}-${pad(d)}` : null;
  };
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (m) return valid(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (m) return valid(Number(m[3]), Number(m[1]), Number(m[2]));
  m = /^([A-Za-z]{3})[a-z]*\.? (\d{1,2}), (\d{4})$/.exec(text);
  if (m && MONTHS.includes(m[1]!.toLowerCase())) return valid(Number(m[3]), MONTHS.indexOf(m[1]!.toLowerCase()) + 1, Number(m[2]));
  return null;
}

const micros = (n: number) => Math.round(n * 1e6);

/** Sums per app, OS and currency in integer micros (sums of many decimal amounts stay exact). */
class Totals {
  private readonly map = new Map<string, { appId: string; os: 1 | 2 | 3; currency: string; gross: number; net: number; firstRow: number }>();
  add(appId: string, os: 1 | 2 | 3, currency: string, gross: number, net: number, row: number) {
    const key = `${appId}|${os}|${currency}`;
    const t = this.map.get(key) ?? { appId, os, currency, gross: 0, net: 0, firstRow: row };
    t.gross += gross;
    t.net += net;
    this.map.set(key, t);
  }
  /** The rows, and a problem for an app whose refunds or fees outweigh its sales (nothing to store). */
  close(problem: (row: number, column: string, message: string) => void, column: string): StudioRow[] {
    const rows: StudioRow[] = [];
    for (const t of this.map.values()) {
      if (t.gross < 0 || t.net < 0) problem(t.firstRow, column, `${t.appId} ${t.currency}: refunds exceed sales in this report (gross ${t.gross / 1e6}, net ${t.net / 1e6})`);
      else if (t.net > t.gross) problem(t.firstRow, column, `${t.appId} ${t.currency}: proceeds exceed sales in this report`);
      else rows.push({ appId: t.appId, os: t.os, gross: t.gross / 1e6, net: t.net / 1e6, currency: t.currency });
    }
    return rows;
  }
}

interface Table {
  header: string[];
  lines: { row: number; cells: string[] }[];
}

function table(text: string): Table {
  const all = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const delimiter = all[0]?.includes('\t') ? '\t' : ',';
  const header = cells(all[0] ?? '', delimiter);
  return { header, lines: all.slice(1).map((line, i) => ({ row: i + 2, cells: cells(line, delimiter) })).filter((l) => l.cells.some((c) => c !== '')) };
}

const has = (header: string[], columns: readonly string[]) => columns.every((c) => header.some((h) => h.toLowerCase() === c.toLowerCase()));

/** Which kind of file a header row belongs to. */
function kindOf(header: string[]): StoreReportKind {
  if (has(header, GOOGLE_COLUMNS)) return 'google-play';
  if (has(header, APPLE_COLUMNS)) return 'app-store';
  return 'template';
}

function reader(t: Table, problems: StudioProblem[], file: string | undefined) {
  const lower = t.header.map((h) => h.toLowerCase());
  const value = (cellsOf: string[], name: string) => cellsOf[lower.indexOf(name.toLowerCase())] ?? '';
  const problem = (row: number, column: string, message: string) => problems.push({ ...(file ? { file } : {}), row, column, message });
  return { value, problem };
}

/** Android apps by lower-cased package name. */
const androidApps = (catalog: AppCatalog) => new Map(catalog.packages.filter((p) => p.os === 1).map((p) => [p.packageId.toLowerCase(), p.appId]));

/**
 * Google Play earnings: a line's "Product id" is the app's package name. Gross = charges less charge refunds;
 * net = every line (charges, Google's fees, refunds of both, tax withheld), i.e. what Google pays out.
 * Amounts are in the merchant currency; every transaction date must be in the chosen month.
 */
function googlePlay(t: Table, catalog: AppCatalog, month: string, problems: StudioProblem[], file?: string): StudioRow[] {
  const { value, problem } = reader(t, problems, file);
  const apps = androidApps(catalog);
  const totals = new Totals();
  for (const { row, cells: c } of t.lines) {
    const dateText = value(c, 'Transaction Date');
    const date = storeDate(dateText);
    if (!date) problem(row, 'Transaction Date', `"${dateText}" is not a date`);
    else if (!date.startsWith(month)) problem(row, 'Transaction Date', `${dateText} is not in ${month}`);
    const packageId = value(c, 'Product id');
    const appId = apps.get(packageId.toLowerCase());
    if (!appId) problem(row, 'Product id', `"${packageId}" is not the package name of an Android app of your finance permission`);
    const sum = amount(value(c, 'Amount (Merchant Currency)'));
    if (sum === null) problem(row, 'Amount (Merchant Currency)', `"${value(c, 'Amount (Merchant Currency)')}" is not a number`);
    const currency = value(c, 'Merchant Currency').toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency)) problem(row, 'Merchant Currency', `"${currency}" is not a currency code like USD`);
    if (!appId || sum === null || !/^[A-Z]{3}$/.test(currency)) continue;
    const type = value(c, 'Transaction Type').toLowerCase();
    const sale = !/fee|tax/.test(type);
    totals.add(appId, 1, currency, sale ? micros(sum) : 0, micros(sum), row);
  }
  return totals.close(problem, 'Amount (Merchant Currency)');
}

/**
 * App Store financial report: a line is one product at one price; its "Vendor Identifier" is the product id,
 * which by convention starts with the app's bundle id or Android package name (com.studio.game.gems100 →
 * com.studio.game); the longest match wins. Net = Extended Partner Share (the proceeds, negative for returns); gross =
 * quantity × customer price where the customer paid in the proceeds currency, else the proceeds grossed up at
 * the store fee (the report gives no price in the proceeds currency). Apple's fiscal months do not follow the
 * calendar (October 2024 ran Sep 29 – Nov 2), so the report belongs to the month holding its period's middle day.
 */
function appStore(t: Table, catalog: AppCatalog, month: string, problems: StudioProblem[], file?: string): StudioRow[] {
  const { value, problem } = reader(t, problems, file);
  // Studios often give both platforms the same product ids, so the Android package name of an app that ships on iOS counts too.
  const onIos = new Set(catalog.packages.filter((p) => p.os === 2).map((p) => p.appId));
  const bundles = catalog.packages.filter((p) => onIos.has(p.appId)).sort((a, b) => b.packageId.length - a.packageId.length);
  const appOf = (vendorId: string) => {
    const id = vendorId.toLowerCase();
    return bundles.find((b) => id === b.packageId.toLowerCase() || id.startsWith(`${b.packageId.toLowerCase()}.`))?.appId;
  };
  const totals = new Totals();
  for (const { row, cells: c } of t.lines) {
    if (/^total_/i.test(c[0] ?? '')) continue; // Total_Rows, Total_Amount, Total_Units close the file
    const start = storeDate(value(c, 'Start Date'));
    const end = storeDate(value(c, 'End Date'));
    if (!start || !end || end < start) problem(row, 'Start Date', `"${value(c, 'Start Date')} – ${value(c, 'End Date')}" is not a report period`);
    else {
      const middle = new Date((Date.parse(start) + Date.parse(end)) / 2).toISOString().slice(0, 7);
      if (middle !== month) problem(row, 'End Date', `the period ${start} – ${end} is Apple's fiscal ${middle}, not ${month}`);
    }
    const vendorId = value(c, 'Vendor Identifier');
    const appId = appOf(vendorId);
    if (!appId) problem(row, 'Vendor Identifier', `"${vendorId}" does not start with the bundle id (or package name) of an iOS app of your finance permission`);
    const quantity = amount(value(c, 'Quantity'));
    if (quantity === null || !Number.isInteger(quantity)) problem(row, 'Quantity', `"${value(c, 'Quantity')}" is not a whole number`);
    const proceeds = amount(value(c, 'Extended Partner Share'));
    if (proceeds === null) problem(row, 'Extended Partner Share', `"${value(c, 'Extended Partner Share')}" is not a number`);
    const price = amount(value(c, 'Customer Price'));
    if (price === null) problem(row, 'Customer Price', `"${value(c, 'Customer Price')}" is not a number`);
    const currency = value(c, 'Partner Share Currency').toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency)) problem(row, 'Partner Share Currency', `"${currency}" is not a currency code like USD`);
    if (!appId || quantity === null || proceeds === null || price === null || !/^[A-Z]{3}$/.test(currency)) continue;
    const samePrice = value(c, 'Customer Currency').toUpperCase() === currency;
    const gross = samePrice ? micros(quantity * price) : Math.round(micros(proceeds) / (1 - STORE_FEE));
    totals.add(appId, 2, currency, gross, micros(proceeds), row);
  }
  return totals.close(problem, 'Extended Partner Share');
}

/** Reads every file of the upload and sums them per app, OS and currency (regions of one app add up). */
export function readStoreReports(files: readonly UnpackedFile[], catalog: AppCatalog, month: string): StoreReport {
  const problems: StudioProblem[] = [];
  const kinds = new Set<StoreReportKind>();
  const totals = new Map<string, StudioRow>();
  let lines = 0;
  const named = files.length > 1;
  for (const f of files) {
    const t = table(f.text);
    const kind = kindOf(t.header);
    kinds.add(kind);
    lines += t.lines.length;
    let rows: StudioRow[];
    if (kind === 'template') {
      const parsed = parseStudioFile(f.text, catalog.apps);
      problems.push(...parsed.problems.map((p) => (named ? { file: f.name, ...p } : p)));
      rows = parsed.rows;
    } else rows = (kind === 'google-play' ? googlePlay : appStore)(t, catalog, month, problems, named ? f.name : undefined);
    for (const r of rows) {
      const key = `${r.appId}|${r.os}|${r.currency}`;
      const before = totals.get(key);
      const net = r.net === undefined && before?.net === undefined ? undefined : micros(r.net ?? r.gross * (1 - STORE_FEE)) + (before ? micros(before.net ?? before.gross * (1 - STORE_FEE)) : 0);
      totals.set(key, { ...r, gross: (micros(r.gross) + (before ? micros(before.gross) : 0)) / 1e6, ...(net === undefined ? {} : { net: net / 1e6 }) });
    }
  }
  if (!files.length) problems.push({ row: 1, column: '', message: 'the archive holds no file' });
  else if (!problems.length && totals.size === 0) problems.push({ row: 2, column: '', message: 'the file has no rows' });
  return { kinds: [...kinds], rows: problems.length ? [] : [...totals.values()], problems, lines };
}
