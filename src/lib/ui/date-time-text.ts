/**
 * The console's typed time, "DD-MM-YYYY HH:mm" on the studio's clock (UTC+7), as the date-time picker holds
 * it: a browser Date whose local fields are that wall time. The forms' contracts take the text, so the picker
 * converts at its edge and the browser's own zone never shifts what a person chose.
 */
const TEXT = /^(\d{2})-(\d{2})-(\d{4}) (\d{2}):(\d{2})$/;

/** "31-12-2026 23:59" → a Date showing 31-12-2026 23:59 locally; null for empty or malformed text. */
export function wallTimeDate(text: string | null | undefined): Date | null {
  const m = TEXT.exec((text ?? '').trim());
  if (!m) return null;
  const [d, mo, y, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const date = new Date(y, mo - 1, d, h, mi);
  return date.getDate() === d && date.getMonth() === mo - 1 && h < 24 && mi < 60 ? date : null;
}

const two = (n: number) => String(n).padStart(2, '0');

/** A Date's local fields as the typed text. */
export function wallTimeText(date: Date): string {
  return `${two(date.getDate())}-${two(date.getMonth() + 1)}-${date.getFullYear()} ${two(date.getHours())}:${two(date.getMinutes())}`;
}
