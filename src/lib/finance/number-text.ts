/**
 * Numbers typed by people into finance files (the import workbooks, Import Studio's template): a decimal with
 * a point ("1234.5", "-3"), or thousands groups before a decimal point ("1,234.50", which only one reading
 * fits). A comma is otherwise never guessed at: "12,5" (a decimal comma) and "1,250" (a thousands separator)
 * look alike, so such text is refused with what to write instead, rather than read as 125 or 1250. Shared by
 * the server's imports and the browser's Import Studio.
 */
export function plainNumber(text: string): number | null {
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (/^-?\d{1,3}(,\d{3})+\.\d+$/.test(text)) return Number(text.replace(/,/g, ''));
  return null;
}

/** Why a cell's text is not a number, with what to write instead when it holds a comma. */
export function notNumber(text: string): string {
  if (text.includes(',')) {
    return `"${text}" has a comma, which could be a decimal comma or a thousands separator: write the number with a decimal point and no separators (e.g. 12.5 or 1250)`;
  }
  return `"${text}" is not a number`;
}
