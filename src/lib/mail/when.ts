import { z } from 'zod';
import { REPORT_OFFSET_MS } from '../time/zone';

/**
 * A moment as people type it in the console: "DD-MM-YYYY HH:mm" in the studio's zone (UTC+7, the format every
 * screen shows), or an ISO time with its offset (API callers). Answers the ISO instant (UTC).
 */
export function parseConsoleDateTime(text: string): string | null {
  const v = text.trim();
  const m = /^(\d{2})-(\d{2})-(\d{4}) (\d{2}):(\d{2})$/.exec(v);
  if (m) {
    const [, dd, mm, yyyy, hh, mi] = m.map(Number);
    const ms = Date.UTC(yyyy!, mm! - 1, dd!, hh!, mi!) - REPORT_OFFSET_MS;
    const back = new Date(ms + REPORT_OFFSET_MS);
    if (back.getUTCDate() !== dd || back.getUTCMonth() !== mm! - 1 || hh! > 23 || mi! > 59) return null;
    return new Date(ms).toISOString();
  }
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(v)) {
    const ms = Date.parse(v);
    return Number.isNaN(ms) ? null : new Date(ms).toISOString();
  }
  return null;
}

export const consoleDateTime = z
  .string()
  .transform((v, ctx) => {
    const iso = parseConsoleDateTime(v);
    if (!iso) ctx.addIssue({ code: 'custom', message: 'must be a time like 31-12-2026 23:59 (UTC+7)' });
    return iso ?? '';
  });

/** The start of a day (YYYY-MM-DD) in the studio's zone, as an ISO instant. */
export const dayStartIso = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - REPORT_OFFSET_MS).toISOString();
