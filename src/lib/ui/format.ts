import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The studio's reporting time zone (DESIGN.md: default UTC+7). */
export const REPORT_TZ = 'Asia/Ho_Chi_Minh';

/** A stored UTC time shown in the reporting zone as DD-MM-YYYY HH:mm. */
export function formatTime(iso: string | null | undefined): string {
  return iso ? dayjs(iso).tz(REPORT_TZ).format('DD-MM-YYYY HH:mm') : '—';
}
