/// <reference lib="webworker" />
import { cellToJson, ISO_INSTANT, objectsToGrid, rowsToObjects, workbookProblem, type JsonScalar } from './excel-json';
import type { WorkerAnswer, WorkerRequest } from './excel-messages';
import { messageOf } from '../error-message';
import { checkZip } from '../zip-budget';

/**
 * Reads and writes workbooks off the page's thread, so a 10 MB workbook does not freeze the screen.
 * exceljs (~1 MB) is loaded only here, on the first request. Nothing leaves the browser.
 */
type Workbook = import('exceljs').Workbook;
// The project's DOM lib types `self` as a Window; in this file it is the worker's scope.
const scope = self as unknown as Worker;
let workbook: Workbook | null = null;

async function exceljs() {
  const mod = await import('exceljs');
  // exceljs is CommonJS: bundled for the browser its namespace arrives under `default`, in Node it does not.
  return (mod as unknown as { default?: typeof mod }).default ?? mod;
}

function sheetRows(sheetName: string): JsonScalar[][] {
  const sheet = workbook?.getWorksheet(sheetName);
  if (!sheet) throw new Error(`There is no sheet named ${sheetName}.`);
  const rows: JsonScalar[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, n) => {
    const cells: JsonScalar[] = [];
    row.eachCell({ includeEmpty: true }, (cell, c) => (cells[c - 1] = cellToJson(cell.value)));
    rows[n - 1] = Array.from(cells, (c) => c ?? null);
  });
  return Array.from(rows, (r) => r ?? []);
}

async function answer(request: WorkerRequest): Promise<WorkerAnswer> {
  switch (request.type) {
    case 'open': {
      const bytes = new Uint8Array(request.buffer);
      const problem = workbookProblem(bytes, request.fileName);
      if (problem) throw new Error(problem);
      // exceljs inflates every part whole: a zip bomb would take the tab's memory. The budget stops it first,
      // its message naming the file (src/lib/zip-budget.ts).
      await checkZip(request.fileName, bytes);
      const Excel = await exceljs();
      const book = new Excel.Workbook();
      try {
        await book.xlsx.load(request.buffer);
      } catch (error) {
        throw new Error(`${request.fileName} could not be read as an Excel workbook: ${messageOf(error)}`);
      }
      workbook = book;
      return { type: 'opened', sheets: book.worksheets.map((s) => ({ name: s.name, rows: s.rowCount })) };
    }
    case 'toJson': {
      const { columns, records } = rowsToObjects(sheetRows(request.sheet), request.headerRow);
      return { type: 'json', columns, preview: records.slice(0, request.previewRows), count: records.length, text: JSON.stringify(records, null, 2) };
    }
    case 'toXlsx': {
      const { columns, rows } = objectsToGrid(request.items);
      const Excel = await exceljs();
      const book = new Excel.Workbook();
      const sheet = book.addWorksheet(request.sheetName || 'Sheet1');
      sheet.addRow(columns).font = { bold: true };
      for (const row of rows) {
        const added = sheet.addRow(row.map((v) => (typeof v === 'string' && ISO_INSTANT.test(v) ? new Date(v) : v)));
        row.forEach((v, i) => {
          if (typeof v === 'string' && ISO_INSTANT.test(v)) added.getCell(i + 1).numFmt = 'yyyy-mm-dd hh:mm:ss';
        });
      }
      sheet.views = [{ state: 'frozen', ySplit: 1 }];
      columns.forEach((c, i) => (sheet.getColumn(i + 1).width = Math.min(40, Math.max(10, c.length + 2))));
      // exceljs answers its Buffer polyfill (a view, maybe of a larger pool): copied to an ArrayBuffer of its own to transfer it.
      const buffer = Uint8Array.from(new Uint8Array((await book.xlsx.writeBuffer()) as ArrayBuffer)).buffer;
      return { type: 'xlsx', buffer, columns: columns.length, rows: rows.length };
    }
  }
}

self.onmessage = async (event: MessageEvent<WorkerRequest & { id: number }>) => {
  const { id } = event.data;
  try {
    const result = await answer(event.data);
    const transfer = result.type === 'xlsx' ? [result.buffer] : [];
    scope.postMessage({ id, ok: true, result }, transfer);
  } catch (error) {
    scope.postMessage({ id, ok: false, message: messageOf(error) });
  }
};
