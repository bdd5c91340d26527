import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The studio's time zone, in which the console shows times (DESIGN.md: default UTC+7). */
export const STUDIO_TIME_ZONE = 'Asia/Ho_Chi_Minh';
export const POST_TIME_FORMAT = 'DD-MM-YYYY HH:mm';

/** A post's time as the board shows it: DD-MM-YYYY HH:mm in the studio's time zone. */
export function formatPostTime(iso: string): string {
  return dayjs(iso).tz(STUDIO_TIME_ZONE).format(POST_TIME_FORMAT);
}
