/**
 * Real .xlsx files for the finance import tests, made with exceljs as a user's spreadsheet program would
 * save them: the template's sheet and headers, then the rows as given (numbers stay numbers, text stays text).
 */
export const COST_HEADERS = ['Date', 'App', 'OS', 'Channel', 'Campaign', 'Currency', 'Cost', 'Installs', 'Revenue D0', 'Revenue D7', 'Revenue D30'];
export const IAA_HEADERS = ['Date', 'App', 'OS', 'Network', 'Currency', 'Revenue'];

export async function xlsxBase64(rows: (string | number | Date | null)[][], options: { sheet?: string; headers?: string[] } = {}): Promise<string> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(options.sheet ?? 'UA cost');
  sheet.addRow(options.headers ?? COST_HEADERS);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
}
