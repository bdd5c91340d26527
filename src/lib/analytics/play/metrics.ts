import { countColumn, dailyAverage, pctColumn, ratio, type Measure, type ReportColumn } from '../../reports/columns';
import type { CounterCell, QuestDayRow, QuestRow, ResourceChannelRow, ResourceDayRow } from './rows';

/**
 * How each figure of the gameplay reports is derived from the rollup sums and how its Total aggregates
 * (docs/metrics.md, "Gameplay and custom events"). Shared by the screens and the exports.
 */

// ---------------------------------------------------------------- task quests

export const QUEST_COLUMNS: ReportColumn<QuestRow | QuestDayRow>[] = [
  countColumn('started', 'Started'),
  countColumn('progressed', 'Progressed'),
  countColumn('completed', 'Completed'),
  countColumn('claimed', 'Claimed'),
  countColumn('failed', 'Failed'),
  pctColumn('completionRate', 'Completion rate', 'completed', 'started'),
  pctColumn('claimRate', 'Claim rate', 'claimed', 'completed'),
];

export const questHasData = (r: QuestRow | QuestDayRow) => r.started + r.progressed + r.completed + r.claimed + r.failed > 0;

// ---------------------------------------------------------------- resources

/** Earned minus spent (negative when players spend more than they earn). */
const net: Measure<ResourceDayRow> = {
  value: (r) => r.earned - r.spent,
  total: (rows) => rows.reduce((n, r) => n + r.earned - r.spent, 0),
  rule: 'sum of the days',
};

export const RESOURCE_OVERVIEW_COLUMNS: ReportColumn<ResourceDayRow>[] = [
  countColumn('earned', 'Earned'),
  countColumn('spent', 'Spent'),
  { key: 'net', label: 'Net flow', unit: 'count', decimals: 0, measure: net },
  { key: 'earnedPerDau', label: 'Earned / DAU', unit: 'ratio', decimals: 2, measure: ratio('earned', 'dau') },
  { key: 'spentPerDau', label: 'Spent / DAU', unit: 'ratio', decimals: 2, measure: ratio('spent', 'dau') },
  { key: 'earners', label: 'Earners', unit: 'count', decimals: 0, totalDecimals: 1, measure: dailyAverage('earners') },
  { key: 'spenders', label: 'Spenders', unit: 'count', decimals: 0, totalDecimals: 1, measure: dailyAverage('spenders') },
  { key: 'dau', label: 'DAU', unit: 'count', decimals: 0, totalDecimals: 1, measure: dailyAverage('dau') },
];

export const resourceDayHasData = (r: ResourceDayRow) => r.earnEvents + r.spendEvents > 0;

/** Columns of the earn-by-source / spend-by-sink table; shares and per-DAU figures need the range's totals. */
export function resourceChannelColumns(context: { days: number; dauSum: number; amount: number }): ReportColumn<ResourceChannelRow>[] {
  const per = (n: number, d: number) => (d > 0 ? n / d : null);
  return [
    countColumn('amount', 'Amount'),
    { key: 'share', label: 'Share', unit: 'pct', decimals: 2, measure: { value: (r) => per(100 * r.amount, context.amount), total: (rows) => per(100 * channelTotal(rows), context.amount), rule: 'sum of the days' } },
    countColumn('events', 'Transactions'),
    { key: 'perEvent', label: 'Avg per transaction', unit: 'ratio', decimals: 2, measure: ratio('amount', 'events') },
    { key: 'players', label: 'Players per day', unit: 'count', decimals: 1, measure: { value: (r) => per(r.userDays, context.days), total: null, rule: '' } },
    { key: 'perDau', label: 'Per DAU', unit: 'ratio', decimals: 2, measure: { value: (r) => per(r.amount, context.dauSum), total: (rows) => per(channelTotal(rows), context.dauSum), rule: 'ratio of the sums' } },
  ];
}

/** The range's total amount of some sources or sinks. */
export const channelTotal = (rows: readonly ResourceChannelRow[]) => rows.reduce((n, r) => n + r.amount, 0);

// ---------------------------------------------------------------- counters

export const COUNTER_MEASURES = ['sum', 'users', 'avg'] as const;
export type CounterMeasure = (typeof COUNTER_MEASURES)[number];
export const COUNTER_MEASURE_LABELS: Record<CounterMeasure, string> = { sum: 'Sum', users: 'Players', avg: 'Average per player' };

/** A counter's figure over some cells (one day, or the range): sum of values, players, or sum ÷ players. */
export function counterFigure(cells: readonly CounterCell[], measure: CounterMeasure, days: number): number | null {
  const total = cells.reduce((n, c) => n + c.total, 0);
  const users = cells.reduce((n, c) => n + c.users, 0);
  if (measure === 'sum') return total;
  // Players over several days: the daily average (a player is counted once per day).
  if (measure === 'users') return days > 0 ? users / days : null;
  return users > 0 ? total / users : null;
}
