import { formatUsdMicros } from '../numbers';
import ExcelJS from 'exceljs';
import type { Actor, SessionAccount } from '../auth/types';
import { auditAs } from '../server/audit';
import type { Db, Sql } from '../server/db';
import { badRequest } from '../server/errors';
import { checkZip, ZipRefused } from '../zip-budget';
import { writeBatch, type CostFigure, type RevenueFigure } from './batches';
import type { DuplicateChoice, ImportAnswer, ImportDuplicate, ImportKind, ImportProblem } from './import-contract';
import { AD_NETWORKS, OS_BY_LABEL, UA_CHANNELS } from './model';
import { loadRates, noRateMessage, toMicros, toUsd } from './money';
import { financeApps } from './scope';
import { notNumber, plainNumber } from './number-text';

/**
 * Excel imports of ad revenue (IAA) and UA cost: read the template's sheet with exceljs, check every row
 * (naming row and column), and only when every row is good write one batch that replaces the same
 * source's figures of the file's apps for the month (a re-import of a corrected file replaces, never adds).
 */

interface Column {
  header: string;
  example: string | number;
  width: number;
}

/** Where and what a row of either import is: parse() reads these columns the same way for both kinds. */
const ROW_KEY: Column[] = [
  { header: 'Date', example: '2026-10-01', width: 12 },
  { header: 'App', example: 'com.gsm.blockpuzzle', width: 24 },
  { header: 'OS', example: 'Android', width: 10 },
];
const CURRENCY: Column = { header: 'Currency', example: 'USD', width: 10 };

export const TEMPLATES: Record<ImportKind, { sheet: string; source: 'excel_iaa' | 'excel_cost'; columns: Column[] }> = {
  iaa: {
    sheet: 'Ad revenue',
    source: 'excel_iaa',
    columns: [...ROW_KEY, { header: 'Network', example: 'AdMob', width: 22 }, CURRENCY, { header: 'Revenue', example: 1234.56, width: 14 }],
  },
  cost: {
    sheet: 'UA cost',
    source: 'excel_cost',
    columns: [
      ...ROW_KEY,
      { header: 'Channel', example: 'Meta', width: 18 },
      { header: 'Campaign', example: 'Meta – Broad', width: 22 },
      CURRENCY,
      { header: 'Cost', example: 250.5, width: 12 },
      { header: 'Installs', example: 320, width: 10 },
      { header: 'Revenue D0', example: 40.1, width: 12 },
      { header: 'Revenue D7', example: 120.4, width: 12 },
      { header: 'Revenue D30', example: 230, width: 12 },
    ],
  },
};

/** The template workbook: the sheet with the headers and one example row, and a sheet listing allowed values. */
export async function templateWorkbook(kind: ImportKind): Promise<Buffer> {
  const template = TEMPLATES[kind];
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(template.sheet);
  sheet.columns = template.columns.map((c) => ({ header: c.header, key: c.header, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(template.columns.map((c) => c.example));
  const help = workbook.addWorksheet('Allowed values');
  help.addRow(['OS', 'Android, iOS, WebGL']);
  help.addRow([kind === 'iaa' ? 'Network' : 'Channel', (kind === 'iaa' ? AD_NETWORKS : UA_CHANNELS).join(', ')]);
  help.addRow(['Date', 'YYYY-MM-DD (or an Excel date), inside the month chosen on the import screen']);
  help.addRow(['Money', 'a number ≥ 0 in the row\'s currency (USD or a currency with a stored daily rate)']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

type CellValue = ExcelJS.CellValue;

/** The text of a cell as the user sees it (formula results, rich text and hyperlinks included). */
function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('result' in value) return cellText(value.result as CellValue);
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('error' in value) return String(value.error);
  }
  return String(value).trim();
}

function cellDate(value: CellValue): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  const text = cellText(value);
  const ymd = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const dmy = ymd ? null : /^(\d{2})[-/](\d{2})[-/](\d{4})$/.exec(text);
  const parts = ymd ? [ymd[1], ymd[2], ymd[3]] : dmy ? [dmy[3], dmy[2], dmy[1]] : null;
  if (!parts) return null;
  const day = parts.join('-');
  const at = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(day) ? day : null;
}

/**
 * A number of a cell: a number, or text that is a plain decimal number ("1234.5", "-3"); null otherwise. A
 * comma is never guessed at: "12,5" (a decimal comma) and "1,250" (a thousands separator) read the same, so
 * such text is refused (see notNumber) rather than read as 125 or 1250.
 */
function cellNumber(value: CellValue): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value && typeof value === 'object' && 'result' in value) return cellNumber(value.result as CellValue);
  return plainNumber(cellText(value));
}

interface Parsed {
  problems: ImportProblem[];
  /** Rows whose key (date, app, OS, network or channel and campaign, currency) an earlier row of the file already has. */
  duplicates: ImportDuplicate[];
  /** Row numbers of the figures in revenue / cost (to leave duplicates out when asked to). */
  figureRows: number[];
  rows: number;
  revenue: RevenueFigure[];
  cost: CostFigure[];
  apps: string[];
}

async function readSheet(kind: ImportKind, content: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  // An .xlsx is a zip: anything else (CSV, .xls, a renamed image) is refused before exceljs tries to read it.
  if (content.length < 4 || content.readUInt32LE(0) !== 0x04034b50) throw badRequest('file: is not an .xlsx workbook (save it as Excel Workbook .xlsx)');
  try {
    // exceljs declares ArrayBuffer but reads a Node Buffer as is (its Node entry); a copy would double the memory.
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw badRequest('file: is not an .xlsx workbook (save it as Excel Workbook .xlsx)');
  }
  const template = TEMPLATES[kind];
  const sheet = workbook.getWorksheet(template.sheet) ?? workbook.worksheets[0];
  if (!sheet) throw badRequest('file: the workbook has no sheet');
  const headers = template.columns.map((_, i) => cellText(sheet.getRow(1).getCell(i + 1).value));
  const expected = template.columns.map((c) => c.header);
  if (headers.map((h) => h.toLowerCase()).join('|') !== expected.map((h) => h.toLowerCase()).join('|')) {
    throw badRequest(`file: sheet "${sheet.name}" does not have the template's headers (${expected.join(', ')}); download the template`);
  }
  return sheet;
}

const MAX_ROWS = 50_000;

async function parse(db: Sql, viewer: SessionAccount, kind: ImportKind, month: string, content: Buffer): Promise<Parsed> {
  const sheet = await readSheet(kind, content);
  const template = TEMPLATES[kind];
  const permitted = new Set((await financeApps(db, viewer)).map((a) => a.id));
  const appRows = await db.query<{ id: string; archived: boolean }>('SELECT id, archived_at IS NOT NULL AS archived FROM apps');
  const known = new Set(appRows.map((r) => r.id));
  const archived = new Set(appRows.filter((r) => r.archived).map((r) => r.id));
  const rates = await loadRates(db, ['EUR', 'VND', 'GBP', ...(await db.query<{ currency: string }>('SELECT DISTINCT currency FROM finance_fx_rates')).map((r) => r.currency)]);
  const names = new Map<string, string>((kind === 'iaa' ? AD_NETWORKS : UA_CHANNELS).map((n) => [n.toLowerCase(), n]));
  const problems: ImportProblem[] = [];
  const revenue: RevenueFigure[] = [];
  const cost: CostFigure[] = [];
  const apps = new Set<string>();
  const duplicates: ImportDuplicate[] = [];
  const figureRows: number[] = [];
  const firstRowOf = new Map<string, number>();
  const keyColumns = kind === 'iaa' ? ['Date', 'App', 'OS', 'Network', 'Currency'] : ['Date', 'App', 'OS', 'Channel', 'Campaign', 'Currency'];
  let rows = 0;
  const col = (name: string) => template.columns.findIndex((c) => c.header === name) + 1;
  sheet.eachRow({ includeEmpty: false }, (row, r) => {
    if (r === 1) return;
    const values = template.columns.map((_, i) => row.getCell(i + 1).value);
    if (values.every((v) => cellText(v) === '')) return;
    rows++;
    if (rows > MAX_ROWS) {
      if (rows === MAX_ROWS + 1) problems.push({ row: r, column: '', message: `a file may hold at most ${MAX_ROWS} rows` });
      return;
    }
    const problem = (column: string, message: string) => problems.push({ row: r, column, message });
    const get = (name: string) => row.getCell(col(name)).value;
    // The same key twice is the same figure twice (a pasted block, an export run twice): reported, never summed silently.
    const key = keyColumns.map((c) => (c === 'Date' ? cellDate(get(c)) ?? cellText(get(c)) : cellText(get(c)).toLowerCase())).join('|');
    const first = firstRowOf.get(key);
    if (first === undefined) firstRowOf.set(key, r);
    else duplicates.push({ row: r, sameAs: first, message: `row ${r} repeats row ${first} (same ${keyColumns.slice(0, -1).join(', ')} and ${keyColumns.at(-1)})` });
    const day = cellDate(get('Date'));
    if (!day) problem('Date', `"${cellText(get('Date'))}" is not a date YYYY-MM-DD`);
    else if (day.slice(0, 7) !== month) problem('Date', `${day} is outside the month ${month}`);
    const appId = cellText(get('App'));
    if (!appId) problem('App', 'is required');
    else if (!known.has(appId)) problem('App', `unknown app "${appId}"`);
    else if (!permitted.has(appId)) problem('App', `"${appId}" is not in your finance permission`);
    else if (archived.has(appId)) problem('App', `"${appId}" is archived: its figures are kept as they are`);
    const os = OS_BY_LABEL[cellText(get('OS')).toLowerCase()];
    if (!os) problem('OS', `"${cellText(get('OS'))}" must be Android, iOS or WebGL`);
    const nameColumn = kind === 'iaa' ? 'Network' : 'Channel';
    const name = names.get(cellText(get(nameColumn)).toLowerCase());
    if (!name) problem(nameColumn, `unknown ${nameColumn.toLowerCase()} "${cellText(get(nameColumn))}" (allowed: ${[...names.values()].join(', ')})`);
    const currency = cellText(get('Currency')).toUpperCase() || 'USD';
    const rate = day ? rates(currency, day) : null;
    if (!/^[A-Z]{3}$/.test(currency)) problem('Currency', `"${currency}" is not a currency code`);
    else if (day && rate === null) problem('Currency', noRateMessage('', currency, day));
    const money = (column: string): number | null => {
      const v = cellNumber(get(column));
      if (v === null) {
        problem(column, cellText(get(column)) === '' ? 'is required' : notNumber(cellText(get(column))));
        return null;
      }
      if (v < 0) {
        problem(column, 'must not be negative');
        return null;
      }
      return toMicros(v);
    };
    if (kind === 'iaa') {
      const amount = money('Revenue');
      if (day && appId && os && name && rate !== null && amount !== null && permitted.has(appId)) {
        const usd = toUsd(amount, rate);
        apps.add(appId);
        revenue.push({ appId, day, os, kind: 'ads', network: name, currency, gross: amount, net: amount, grossUsd: usd, netUsd: usd });
        figureRows.push(r);
      }
    } else {
      const amount = money('Cost');
      const installs = cellNumber(get('Installs'));
      if (installs === null || installs < 0 || !Number.isInteger(installs)) problem('Installs', installs === null ? notNumber(cellText(get('Installs'))) : 'must be a whole number ≥ 0');
      const d0 = money('Revenue D0');
      const d7 = money('Revenue D7');
      const d30 = money('Revenue D30');
      const campaign = cellText(get('Campaign'));
      if (!campaign) problem('Campaign', 'is required');
      if (day && appId && os && name && rate !== null && amount !== null && installs !== null && d0 !== null && d7 !== null && d30 !== null && campaign && permitted.has(appId)) {
        apps.add(appId);
        cost.push({
          appId, day, os, channel: name, campaign, currency, cost: amount, costUsd: toUsd(amount, rate), installs,
          revD0Usd: toUsd(d0, rate), revD7Usd: toUsd(d7, rate), revD30Usd: toUsd(d30, rate),
        });
        figureRows.push(r);
      }
    }
  });
  if (rows === 0 && problems.length === 0) problems.push({ row: 2, column: '', message: 'the sheet has no rows under the headers' });
  return { problems, duplicates, figureRows, rows, revenue, cost, apps: [...apps].sort() };
}

export async function runImport(db: Db, actor: Actor, kind: ImportKind, input: { month: string; fileName: string; content: string; commit: boolean; duplicates: DuplicateChoice }): Promise<ImportAnswer> {
  const content = Buffer.from(input.content, 'base64');
  const template = TEMPLATES[kind];
  // exceljs inflates every part of the workbook whole into memory: a zip bomb is stopped by the budget first,
  // before a transaction is open (src/lib/zip-budget.ts).
  if (content.length >= 4 && content.readUInt32LE(0) === 0x04034b50) {
    try {
      await checkZip(input.fileName, content);
    } catch (error) {
      if (error instanceof ZipRefused) throw badRequest(`file: ${error.message}`);
      throw error;
    }
  }
  return db.transaction(async (tx) => {
    const parsed = await parse(tx, actor.account, kind, input.month, content);
    if (input.duplicates === 'skip') {
      // Keep the first row of each key: the figures of the repeating rows are left out.
      const repeated = new Set(parsed.duplicates.map((d) => d.row));
      parsed.revenue = parsed.revenue.filter((_, i) => !repeated.has(parsed.figureRows[i]!));
      parsed.cost = parsed.cost.filter((_, i) => !repeated.has(parsed.figureRows[i]!));
    }
    const table = kind === 'iaa' ? 'finance_revenue' : 'finance_cost';
    const replaces = parsed.apps.length
      ? (await tx.one<{ n: number }>(
          `SELECT count(*)::int AS n FROM ${table} WHERE current AND source = $1 AND to_char(day, 'YYYY-MM') = $2 AND app_id IN (SELECT jsonb_array_elements_text($3::jsonb))`,
          [template.source, input.month, JSON.stringify(parsed.apps)],
        ))!.n
      : 0;
    const totalUsd = kind === 'iaa' ? parsed.revenue.reduce((n, r) => n + r.grossUsd, 0) : parsed.cost.reduce((n, r) => n + r.costUsd, 0);
    const installs = parsed.cost.reduce((n, r) => n + r.installs, 0);
    const answer: ImportAnswer = {
      kind, month: input.month, fileName: input.fileName, rows: parsed.rows, problems: parsed.problems.slice(0, 500), duplicates: parsed.duplicates.slice(0, 500), totalUsd, installs, apps: parsed.apps, replaces,
      committed: false, batchId: null, dataVersion: null,
    };
    if (!input.commit) return answer;
    if (parsed.problems.length) {
      const first = parsed.problems[0]!;
      const more = parsed.problems.length > 1 ? ` (and ${parsed.problems.length - 1} more problem(s); preview the file to see them all)` : '';
      throw badRequest(`Row ${first.row}${first.column ? `, column ${first.column}` : ''}: ${first.message}${more}. Nothing was imported.`);
    }
    if (parsed.duplicates.length && input.duplicates === 'refuse') {
      const first = parsed.duplicates[0]!;
      const more = parsed.duplicates.length > 1 ? ` (and ${parsed.duplicates.length - 1} more repeated row(s))` : '';
      throw badRequest(`duplicates: ${first.message}${more}. Choose to sum them or to skip the repeats, or fix the file. Nothing was imported.`);
    }
    const summary = `${parsed.rows} row(s) of ${input.month}, ${formatUsdMicros(totalUsd)}${kind === 'cost' ? `, ${installs} installs` : ''}`;
    const result = await writeBatch(tx, {
      source: template.source,
      fileName: input.fileName,
      createdBy: actor.account.username,
      summary,
      covers: { unit: 'month', keys: parsed.apps.map((appId) => ({ appId, period: input.month })) },
      revenue: parsed.revenue,
      cost: parsed.cost,
    });
    await auditAs(tx, actor, {
      action: `finance_import_${kind}`, entity: 'finance_batch', entityId: result.batchId,
      after: { fileName: input.fileName, month: input.month, rows: parsed.rows, duplicates: parsed.duplicates.length ? { rows: parsed.duplicates.length, choice: input.duplicates } : undefined, apps: parsed.apps, replaced: result.replaced, dataVersion: result.dataVersion },
    });
    return { ...answer, committed: true, batchId: result.batchId, dataVersion: result.dataVersion };
  });
}
