import { z } from 'zod';
import { defineReport, type ChartSpec } from '../../reports/define';
import type { ReportTable } from '../../reports/table';
import { cohortTable, noInstalls } from '../cohort-table';
import { chartedCohorts, cohortAllValue, COHORT_FIGURES, cohortValue, levelValue, type CohortFigure } from './metrics';
import {
  activityCohort,
  cohortChart,
  COHORT_CHART_CHOICES,
  levelCell,
  levelCohortLine,
  LEVEL_STAT_CHOICES,
  levelStat,
  REVENUE_CHOICES,
  revenueKind,
  type ActivityCohort,
  type LevelCohortLine,
} from './rows';

/**
 * The cohort views (/gsm/cohort/*) as descriptors: rows are install days, columns days since install
 * (D0..D30, then D60 and D90 where the range allows), a heat table like Retention's and a chart of the
 * All line with the chosen cohorts over D0..D30. The SQL is in ./reports.ts, attached in ./service.ts.
 */

const PALETTE = ['#1890ff', '#67c23a', '#e6a23c', '#9b59b6', '#f56c6c', '#13c2c2', '#8c6d1f', '#606266'];
const chartControl = { key: 'chart', label: 'Chart', options: COHORT_CHART_CHOICES };

/** The chart over D0..D30 (a line's spacing would lie about the gap to D60 and D90; those are in the table). */
function sinceChart(table: ReportTable, days: readonly number[], charted: readonly { installDay: string }[], leftTitle: string): ChartSpec {
  const upTo30 = days.filter((n) => n <= 30).length;
  const values = (cells: readonly unknown[]) => cells.slice(2, 2 + upTo30) as (number | null)[];
  const lines = new Map(table.rows.map((r) => [String(r[0]), r]));
  return {
    x: 'since',
    labels: days.slice(0, upTo30).map((n) => `D${n}`),
    leftTitle,
    series: [
      { label: 'All cohorts', data: values(table.total!), color: PALETTE[0]! },
      ...charted.map((c, i) => ({ label: c.installDay.slice(5).split('-').reverse().join('-'), data: values(lines.get(c.installDay) ?? []), color: PALETTE[(i % (PALETTE.length - 1)) + 1]! })),
    ],
  };
}

const dayColumns = <L>(days: readonly number[], unitText: string, value: (line: L, i: number) => number | null) =>
  days.map((n, i) => ({ key: `d${n}`, label: `D${n}`, exportLabel: `D${n} (${unitText})`, value: (line: L) => value(line, i) }));

interface ActivityView {
  id: string;
  route: string;
  name: string;
  fileStem: string;
  figure: CohortFigure;
  unit: 'usd' | 'ratio';
  unitText: string;
  decimals: number;
  axis: string;
  /** Offers Ads / IAP / Ads + IAP. */
  revenue?: boolean;
  totalHint: string;
}

/** One view over the cohorts' daily activity (cohort_daily): the same answer, another ratio. */
function activityView(view: ActivityView) {
  return defineReport({
    id: view.id,
    route: view.route,
    appMode: 'multi',
    extra: { ...(view.revenue ? { revenue: revenueKind } : {}), chart: cohortChart },
    controls: [...(view.revenue ? [{ key: 'revenue', label: 'Revenue', options: REVENUE_CHOICES }] : []), chartControl],
    figures: { days: z.array(z.number()), cohorts: z.array(activityCohort) },
    noun: 'installs',
    fileStem: view.fileStem,
    isEmpty: noInstalls,
    table: (answer, input) => {
      const kind = (input as { revenue?: 'total' | 'ads' | 'iap' }).revenue ?? 'total';
      const all = { installDay: 'All', installs: answer.cohorts.reduce((n, c) => n + c.installs, 0), cells: [] } as ActivityCohort;
      return cohortTable({
        name: view.name,
        lines: answer.cohorts,
        total: all,
        columns: dayColumns<ActivityCohort>(answer.days, view.unitText, (line, i) =>
          line === all ? cohortAllValue(view.figure, answer.cohorts, i, kind) : cohortValue(view.figure, line, i, kind),
        ),
        unit: view.unit,
        decimals: view.decimals,
        totalHint: view.totalHint,
        relativeHeat: true,
      });
    },
    chart: (answer, input, table) => sinceChart(table, answer.days, chartedCohorts(answer.cohorts, input.chart), view.axis),
  });
}

export const COHORT_ROUTE = '/gsm/cohort/cohort';

export const cohortRevenueScreen = activityView({
  id: 'cohort',
  route: COHORT_ROUTE,
  name: 'Rev per user',
  fileStem: 'cohort-rev-user',
  figure: COHORT_FIGURES.ltv,
  unit: 'usd',
  unitText: 'USD',
  decimals: 4,
  axis: 'Cumulative revenue per install (USD)',
  revenue: true,
  totalHint: 'All cohorts of the range: their revenue up to that day over their installs, for the cohorts that have reached it',
});

export const cohortEngScreen = activityView({
  id: 'cohortEng',
  route: '/gsm/cohort/cohortEng',
  name: 'Rev per active user',
  fileStem: 'cohort-rev-eng-user',
  figure: COHORT_FIGURES.revenuePerActive,
  unit: 'usd',
  unitText: 'USD',
  decimals: 4,
  axis: 'Revenue per active user (USD)',
  revenue: true,
  totalHint: 'All cohorts of the range: revenue of that day over the users active that day',
});

export const cohortAvgTimeScreen = activityView({
  id: 'avgTime',
  route: '/gsm/cohort/avgTime',
  name: 'Avg time',
  fileStem: 'cohort-avg-time',
  figure: COHORT_FIGURES.playTime,
  unit: 'ratio',
  unitText: 's',
  decimals: 1,
  axis: 'Play time per active user (s)',
  totalHint: 'All cohorts of the range: play time of that day over the users active that day',
});

export const cohortSessionScreen = activityView({
  id: 'session',
  route: '/gsm/cohort/session',
  name: 'Sessions',
  fileStem: 'cohort-sessions',
  figure: COHORT_FIGURES.sessions,
  unit: 'ratio',
  unitText: 'per active user',
  decimals: 2,
  axis: 'Sessions per active user',
  totalHint: 'All cohorts of the range: sessions of that day over the users active that day',
});

export const cohortImpressionScreen = activityView({
  id: 'impr',
  route: '/gsm/cohort/impr',
  name: 'Impressions',
  fileStem: 'cohort-impressions',
  figure: COHORT_FIGURES.impressions,
  unit: 'ratio',
  unitText: 'per active user',
  decimals: 2,
  axis: 'Ad impressions per active user',
  totalHint: 'All cohorts of the range: ad impressions of that day over the users active that day',
});

/** Level: the highest main-mode level the cohort's active users had reached by that day (mean or median). */
export const cohortLevelScreen = defineReport({
  id: 'cohortLevel',
  route: '/gsm/cohort/level',
  appMode: 'multi',
  extra: { stat: levelStat, chart: cohortChart },
  controls: [{ key: 'stat', label: 'Highest level', options: LEVEL_STAT_CHOICES }, chartControl],
  figures: { days: z.array(z.number()), cohorts: z.array(levelCohortLine), all: z.array(levelCell.nullable()) },
  noun: 'installs',
  isEmpty: noInstalls,
  table: (answer, input) => {
    const all: LevelCohortLine = { installDay: 'All', installs: answer.cohorts.reduce((n, c) => n + c.installs, 0), cells: answer.all };
    return cohortTable({
      name: 'Level',
      lines: answer.cohorts,
      total: all,
      columns: dayColumns<LevelCohortLine>(answer.days, input.stat === 'median' ? 'median level' : 'average level', (line, i) => levelValue(line.cells[i], input.stat)),
      unit: 'ratio',
      decimals: input.stat === 'median' ? 1 : 2,
      totalHint: 'All cohorts of the range: the users active that day of the cohorts that have reached it, together',
      relativeHeat: true,
    });
  },
  chart: (answer, input, table) =>
    sinceChart(table, answer.days, chartedCohorts(answer.cohorts, input.chart), `${input.stat === 'median' ? 'Median' : 'Average'} highest level of active users`),
});

export const cohortReports = [cohortRevenueScreen, cohortEngScreen, cohortAvgTimeScreen, cohortSessionScreen, cohortImpressionScreen, cohortLevelScreen];
