import { z } from 'zod';
import { defineReport, seriesOf } from '../reports/define';
import { numbers } from '../reports/fields';
import type { ReportTable, TableColumn } from '../reports/table';
import { PROGRESS_DASHBOARD_ROUTE } from './contract';
import { formatCount } from '../numbers';

/**
 * The progress-event dashboard as a report descriptor (shared; the SQL is in ./reports.ts). One event of the
 * selected app: per day of the range (cut in UTC+7) the players who submitted, the points, new participants
 * and, per milestone, the players who reached it and who claimed it that day; the Total line sums the days.
 * The chart is the points distribution of all participants now (a histogram). Definitions: docs/metrics.md,
 * "Progress events".
 */

export const progressDayLine = z.object({
  day: z.string(),
  /** Players with at least one submission that day. */
  active: z.number(),
  /** Players whose first submission to the event was that day. */
  joined: z.number(),
  points: z.number(),
  /** Per milestone (in track order): players whose running total crossed its threshold that day. */
  reached: z.array(z.number()),
  /** Per milestone: claims made that day. */
  claimed: z.array(z.number()),
});
export type ProgressDayLine = z.infer<typeof progressDayLine>;

export const progressBucket = z.object(numbers('low', 'high', 'players'));
export type ProgressBucket = z.infer<typeof progressBucket>;

const eventChoice = z.object({ id: z.string(), name: z.string(), status: z.string() });

const count = (key: string, label: string): TableColumn => ({ key, label, unit: 'count', decimals: 0 });

export const progressDashboardScreen = defineReport({
  id: 'progressDashboard',
  route: PROGRESS_DASHBOARD_ROUTE,
  api: '/api/progress_event/dashboard',
  appMode: 'single',
  hideFilters: ['version', 'countries'],
  extra: { event: z.string().trim().max(12).regex(/^\d*$/, 'must be an event id').default('') },
  controls: [
    {
      key: 'event',
      label: 'Event',
      options: [],
      answerOptions: (a: { events: z.infer<typeof eventChoice>[] }) => a.events.map((e) => ({ label: `${e.name} (#${e.id}, ${e.status})`, value: e.id })),
    },
  ],
  figures: {
    /** The event shown ('' when the app has none). */
    event: z.string(),
    events: z.array(eventChoice),
    name: z.string(),
    /** Players with any points in the event (all time, not only the range). */
    participants: z.number(),
    thresholds: z.array(z.number()),
    /** Players at or above each threshold now, and claims of each milestone (all time). */
    reachedTotal: z.array(z.number()),
    claimedTotal: z.array(z.number()),
    histogram: z.array(progressBucket),
    rows: z.array(progressDayLine),
  },
  noun: 'progress event points',
  fileStem: 'progress-event',
  isEmpty: (a) => a.event === '' || (a.participants === 0 && a.rows.every((r) => r.points === 0)),
  // No event at all: the usual "No progress event points from <app> in this range yet.".
  emptyText: (a) => (a.events.length > 0 && a.event === '' ? 'No such progress event on this app.' : null),
  notices: (a) =>
    a.event === ''
      ? []
      : [
          {
            tone: 'info',
            text: `${a.name}: ${formatCount(a.participants)} ${a.participants === 1 ? 'participant' : 'participants'}; ${a.thresholds
              .map((t, i) => `milestone ${i + 1} (${formatCount(t)} points) reached by ${formatCount(a.reachedTotal[i]!)}, claimed by ${formatCount(a.claimedTotal[i]!)}`)
              .join('; ')}.`,
          },
        ],
  table: (a): ReportTable => {
    const milestoneColumns = a.thresholds.flatMap((t, i) => [count(`r${i + 1}`, `M${i + 1} reached (${t})`), count(`c${i + 1}`, `M${i + 1} claimed`)]);
    const rows = a.rows.map((r) => [r.day, r.active, r.joined, r.points, ...r.reached.flatMap((n, i) => [n, r.claimed[i]!])]);
    const sumOf = (k: number) => a.rows.reduce((s, r) => s + (k === 0 ? r.active : k === 1 ? r.joined : r.points), 0);
    return {
      name: 'Progress Dashboard',
      columns: [{ key: 'key', label: 'Day', unit: 'day', decimals: 0 }, count('active', 'Active players'), count('joined', 'New participants'), count('points', 'Points'), ...milestoneColumns],
      rows,
      total: ['Total', null, sumOf(1), sumOf(2), ...a.thresholds.flatMap((_t, i) => [a.rows.reduce((s, r) => s + r.reached[i]!, 0), a.rows.reduce((s, r) => s + r.claimed[i]!, 0)])],
      totalHint: 'Total of the range: sums (active players are not summed: one player is active on many days)',
      newestFirst: true,
    };
  },
  chart: (a) => ({
    x: 'category',
    labels: a.histogram.map((b) => (b.low === b.high ? String(b.low) : `${b.low}–${b.high}`)),
    leftTitle: 'Players',
    series: seriesOf(a.histogram, [{ label: 'Players by points', value: 'players', type: 'bar', color: 'blue' }]),
  }),
});

export const progressReports = [progressDashboardScreen];
