import { addDays } from '../time/day';

/** Calendar helpers of the worklog screens (shared; days are 'YYYY-MM-DD'). */

/** Monday of a day's week. */
export function mondayOf(day: string): string {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** The seven days of the week starting on a Monday. */
export const weekDays = (monday: string) => Array.from({ length: 7 }, (_, i) => addDays(monday, i));

/** Short weekday name of a day, e.g. "Mon". */
export const weekdayName = (day: string) => ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][new Date(`${day}T00:00:00Z`).getUTCDay()]!;

/** Monday..Sunday of a day's week, or the first..last day of its month. */
export function periodOf(period: 'week' | 'month', day: string): { from: string; to: string } {
  if (period === 'month') {
    const from = `${day.slice(0, 7)}-01`;
    return { from, to: addDays(`${addDays(from, 32).slice(0, 7)}-01`, -1) };
  }
  const from = mondayOf(day);
  return { from, to: addDays(from, 6) };
}
