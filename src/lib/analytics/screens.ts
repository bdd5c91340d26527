import { z } from 'zod';
import { numberFromText } from '../contract';
import { CHART_PALETTE, dayChart, defineReport, seriesOf, shortDay } from '../reports/define';
import { linesTable } from '../reports/table';
import { cohortTable, noInstalls } from './cohort-table';
import { LEVEL_COLUMNS, levelLines, levelRetentionTotal, levelShare, MAIN_DATA_COLUMNS, mainDataHasData, RETENTION_DAYS, retentionCell, retentionTotal, type RetentionLine } from './metrics';
import { sdkSourceNotice } from '../finance/sources';
import { LEVEL_MODES, LEVEL_RETENTION_MAX_LEVELS, levelRetentionCohort, levelRow, mainDataRow, retentionCohort, type LevelRetentionCohort } from './rows';

/**
 * The analytics report screens as descriptors (shared by browser and server; the SQL is in ./reports.ts,
 * attached in ./api.ts). Each names its route, filters, figures, table, chart and empty state (and its API
 * path or file name where the rule of defineReport does not give it).
 */

export const MAIN_DATA_ROUTE = '/gsm/analytic/main_data';
export const RETENTION_ROUTE = '/gsm/cohort/retention';
export const LEVEL_ROUTE = '/gsm/analytic/level';
export const LEVEL_RETENTION_ROUTE = '/gsm/analytic/levelRetention';

const levelMode = { mode: z.enum(LEVEL_MODES).default('main') };

export const mainDataScreen = defineReport({
  id: 'mainData',
  route: MAIN_DATA_ROUTE,
  api: '/api/analytic/mainData',
  appMode: 'multi',
  figures: { rows: z.array(mainDataRow) },
  noun: 'events',
  notices: () => [sdkSourceNotice],
  isEmpty: (answer) => !answer.rows.some(mainDataHasData),
  table: (answer) => linesTable({ name: 'Main Data', byDay: (r) => r.day, columns: MAIN_DATA_COLUMNS, rows: answer.rows }),
  chart: (answer) =>
    dayChart(answer.rows, (r) => r.day, { left: 'Users', right: 'Revenue (USD)' }, [
      { label: 'DAU', value: 'dau', color: 'blue' },
      { label: 'Installs', value: 'installs', color: 'green' },
      { label: 'Ad revenue (USD)', value: (r) => r.adRevenue / 1e6, type: 'bar', right: true, color: 'orange' },
      { label: 'IAP revenue (USD)', value: (r) => r.iapRevenue / 1e6, type: 'bar', right: true, color: 'purple' },
    ]),
});

const RETENTION_COLUMNS = Array.from({ length: RETENTION_DAYS + 1 }, (_, n) => ({
  key: `d${n}`,
  label: `D${n}`,
  exportLabel: `D${n} (%)`,
  value: (line: RetentionLine) => retentionCell(line, n),
}));

export const retentionScreen = defineReport({
  id: 'retention',
  route: RETENTION_ROUTE,
  appMode: 'multi',
  figures: { cohorts: z.array(retentionCohort) },
  noun: 'installs',
  isEmpty: noInstalls,
  table: (answer) => cohortTable({ name: 'Retention', lines: answer.cohorts, total: retentionTotal(answer.cohorts), columns: RETENTION_COLUMNS }),
  chart: (answer) => ({
    x: 'day',
    labels: answer.cohorts.map((c) => shortDay(c.installDay)),
    leftTitle: 'Retention (%)',
    series: [1, 7, 30].map((n, i) => ({ label: `D${n}`, data: answer.cohorts.map((c) => retentionCell(c, n)), color: CHART_PALETTE[i]! })),
  }),
});

/** The Level report of one game mode: the main levels, or the mini-game's (same figures, same SQL). */
function levelReport(options: { id: string; route: string; mode: (typeof LEVEL_MODES)[number]; fileStem?: string; name: string }) {
  return defineReport({
    id: options.id,
    route: options.route,
    appMode: 'single',
    extra: { mode: z.enum(LEVEL_MODES).default(options.mode) },
    figures: { mode: z.enum(LEVEL_MODES), levels: z.array(levelRow) },
    noun: options.mode === 'main' ? 'level plays' : 'mini-game level plays',
    fileStem: options.fileStem,
    isEmpty: (answer) => answer.levels.length === 0,
    table: (answer) => linesTable({ name: options.name, key: { label: 'Level', value: (r) => r.level }, columns: LEVEL_COLUMNS, rows: levelLines(answer.levels), total: false }),
    chart: (answer) => {
      const lines = levelLines(answer.levels);
      const winRate = LEVEL_COLUMNS.find((c) => c.key === 'winRate')!.measure;
      return {
        x: 'category',
        labels: lines.map((l) => String(l.level)),
        leftTitle: 'Players',
        rightTitle: 'Win rate (%)',
        series: seriesOf(lines, [
          { label: 'Players reaching', value: 'reached', color: 'blue' },
          { label: 'Win rate (%)', value: winRate.value, right: true, color: 'red' },
        ]),
      };
    },
  });
}

export const levelScreen = levelReport({ id: 'level', route: LEVEL_ROUTE, mode: 'main', name: 'Level' });

/** Level MiniGame: the Level report of the mini-game mode (its own route and API path). */
export const levelMiniGameScreen = levelReport({
  id: 'levelMiniGame',
  route: '/gsm/analytic/levelMiniGame',
  mode: 'minigame',
  fileStem: 'level-minigame',
  name: 'Level MiniGame',
});

export const LEVEL_RETENTION_CHOICES = [30, 50, 100, 200] as const;

export const levelRetentionScreen = defineReport({
  id: 'levelRetention',
  route: LEVEL_RETENTION_ROUTE,
  appMode: 'single',
  extra: { ...levelMode, maxLevel: numberFromText(z.number().int().min(1).max(LEVEL_RETENTION_MAX_LEVELS).default(50)) },
  controls: [{ key: 'maxLevel', label: 'Levels shown', options: LEVEL_RETENTION_CHOICES.map((n) => ({ label: `Levels 1-${n}`, value: n })) }],
  figures: { mode: z.enum(LEVEL_MODES), maxLevel: z.number(), cohorts: z.array(levelRetentionCohort) },
  noun: 'installs',
  isEmpty: noInstalls,
  table: (answer) => {
    const levels = Array.from({ length: answer.maxLevel }, (_, i) => i + 1);
    return cohortTable({
      name: 'Level Retention',
      lines: answer.cohorts,
      total: levelRetentionTotal(answer.cohorts, answer.maxLevel),
      columns: levels.map((level) => ({ key: `l${level}`, label: `L${level}`, exportLabel: `Level ${level} (%)`, value: (line: LevelRetentionCohort) => levelShare(line, level) })),
    });
  },
  // The chart is the table's "All" line: its cells after the install day and installs are the levels' shares.
  chart: (answer, _input, table) => ({
    x: 'category',
    labels: Array.from({ length: answer.maxLevel }, (_, i) => String(i + 1)),
    leftTitle: 'Installed users reaching (%)',
    series: [{ label: 'All cohorts of the range', data: table.total!.slice(2) as (number | null)[], color: '#1890ff' }],
  }),
});

/**
 * The report descriptors of this module (the route table names them as `report:<id>`). The play, money,
 * cohort and Stuck Game folders export their own lists, which src/app/screens.ts collects beside this one: a
 * report screen's browser loads only the module of its own descriptor (src/app/report-modules.ts).
 */
export const analyticsReports = [mainDataScreen, retentionScreen, levelScreen, levelMiniGameScreen, levelRetentionScreen];
