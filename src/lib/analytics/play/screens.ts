import { z } from 'zod';
import { dayChart, defineReport, seriesOf, shortDay } from '../../reports/define';
import { percent, round } from '../../reports/columns';
import { linesTable, type Cell, type ReportTable } from '../../reports/table';
import { formatDay } from '../../time/format';
import { COUNTER_MEASURE_LABELS, COUNTER_MEASURES, counterFigure, QUEST_COLUMNS, questHasData, RESOURCE_OVERVIEW_COLUMNS, resourceChannelColumns, channelTotal, resourceDayHasData, type CounterMeasure } from './metrics';
import { counterCell, funnelStepRow, measurementStats, questDayRow, questRow, resourceChannelRow, resourceDayRow, type CounterCell } from './rows';

/**
 * The gameplay and custom-event report screens as descriptors (shared by browser and server; the SQL is
 * in ./reports.ts, attached in ./service.ts). They follow the shared selected app: quests, resources,
 * funnels, counters and measurements are named by each game.
 */

/** A name chosen on screen ('' = the server picks: the busiest resource, the first funnel…). */
const nameField = (max: number) => z.string().trim().max(max).default('');
const nameOptions = (names: readonly string[]) => names.map((n) => ({ label: n, value: n }));
/** Names the tracking plan declares for the scope's apps (Config Data → Event / Tracking Config), when it tells some apart. */
const declared = z.array(z.string()).optional();
/** Sent names with the plan's declared ones first; the others marked, so a typo or a forgotten event stands out. */
export const planOptions = (names: readonly string[], planned?: readonly string[]) => {
  if (!planned) return nameOptions(names);
  const known = new Set(planned);
  return [...names.filter((n) => known.has(n)), ...names.filter((n) => !known.has(n))].map((n) => ({ label: known.has(n) ? n : `${n} (not in tracking plan)`, value: n }));
};
const unknownName = (kind: string, name: string, known: readonly string[]) =>
  `No ${kind} named "${name}" in this range${known.length ? ` (${known.length === 1 ? 'there is' : 'there are'} ${known.map((k) => `"${k}"`).join(', ')})` : ''}.`;

// ---------------------------------------------------------------- task quests

export const taskQuestScreen = defineReport({
  id: 'taskQuest',
  route: '/gsm/analytic/taskQuest',
  appMode: 'single',
  extra: { view: z.enum(['quest', 'day']).default('quest') },
  controls: [{ key: 'view', label: 'Rows', options: [{ label: 'By quest', value: 'quest' }, { label: 'By day', value: 'day' }] }],
  figures: { quests: z.array(questRow), days: z.array(questDayRow) },
  noun: 'quest events',
  isEmpty: (answer) => !answer.quests.some(questHasData),
  table: (answer, input) =>
    input.view === 'day'
      ? linesTable({ name: 'Task Quest by day', byDay: (r) => r.day, columns: QUEST_COLUMNS, rows: answer.days })
      : linesTable({ name: 'Task Quest', key: { label: 'Quest', value: (r) => r.questId }, columns: QUEST_COLUMNS, rows: answer.quests }),
  chart: (answer) =>
    dayChart(answer.days, (r) => r.day, { left: 'Players', right: 'Completion rate (%)' }, [
      { label: 'Started', value: 'started', color: 'blue' },
      { label: 'Completed', value: 'completed', color: 'green' },
      { label: 'Claimed', value: 'claimed', color: 'orange' },
      { label: 'Failed', value: 'failed', color: 'red' },
      { label: 'Completion rate (%)', value: (r) => percent(r.completed, r.started), right: true, type: 'bar', color: 'purple' },
    ]),
});

// ---------------------------------------------------------------- resources

const resourceFigures = { resource: z.string(), resources: z.array(z.string()), known: z.boolean() };
const resourceControl = { key: 'resource', label: 'Resource', options: [], answerOptions: (answer: { resources: string[] }) => nameOptions(answer.resources) };
const resourceEmpty = (answer: { resource: string; resources: string[]; known: boolean }) => (answer.known !== false ? null : unknownName('resource', answer.resource, answer.resources));

export const resourceOverviewScreen = defineReport({
  id: 'resourceOverview',
  route: '/gsm/analytic/resourceOverview',
  appMode: 'single',
  extra: { resource: nameField(60) },
  controls: [resourceControl],
  figures: { ...resourceFigures, rows: z.array(resourceDayRow) },
  noun: 'resource events',
  isEmpty: (answer) => !answer.rows.some(resourceDayHasData),
  emptyText: resourceEmpty,
  table: (answer) => linesTable({ name: `Resource ${answer.resource}`.slice(0, 31), byDay: (r) => r.day, columns: RESOURCE_OVERVIEW_COLUMNS, rows: answer.rows }),
  chart: (answer) =>
    dayChart(answer.rows, (r) => r.day, { left: answer.resource, right: 'Players' }, [
      { label: 'Earned', value: 'earned', type: 'bar', color: 'green' },
      { label: 'Spent', value: 'spent', type: 'bar', color: 'red' },
      { label: 'Net flow', value: (r) => r.earned - r.spent, color: 'blue' },
      { label: 'Earners', value: 'earners', right: true, color: 'orange' },
    ]),
});

/** Earn by source or spend by sink: one line per channel over the range. */
function resourceChannelScreen(flow: 'earn' | 'spend') {
  const earn = flow === 'earn';
  return defineReport({
    id: earn ? 'resourceEarn' : 'resourceSpend',
    route: earn ? '/gsm/analytic/resourceEarn' : '/gsm/analytic/resourceSpend',
    appMode: 'single',
    extra: { resource: nameField(60) },
    controls: [resourceControl],
    figures: { ...resourceFigures, channels: z.array(resourceChannelRow), days: z.number(), dauSum: z.number() },
    noun: earn ? 'resource earnings' : 'resource spending',
    isEmpty: (answer) => answer.channels.length === 0,
    emptyText: resourceEmpty,
    table: (answer) =>
      linesTable({
        name: `${earn ? 'Earn' : 'Spend'} ${answer.resource}`.slice(0, 31),
        key: { label: earn ? 'Source' : 'Sink', value: (r) => r.channel },
        columns: resourceChannelColumns({ days: answer.days, dauSum: answer.dauSum, amount: channelTotal(answer.channels) }),
        rows: answer.channels,
      }),
    chart: (answer) => ({
      x: 'category',
      labels: answer.channels.map((c) => c.channel),
      leftTitle: `${answer.resource} ${earn ? 'earned' : 'spent'}`,
      series: seriesOf(answer.channels, [{ label: earn ? 'Earned' : 'Spent', value: 'amount', color: earn ? 'green' : 'red' }]),
    }),
  });
}
export const resourceEarnScreen = resourceChannelScreen('earn');
export const resourceSpendScreen = resourceChannelScreen('spend');

// ---------------------------------------------------------------- funnel

export const funnelScreen = defineReport({
  id: 'funnel',
  route: '/gsm/analytic/funnel',
  appMode: 'single',
  extra: { funnel: nameField(100) },
  controls: [{ key: 'funnel', label: 'Funnel', options: [], answerOptions: (answer: { funnels: string[]; declared?: string[] }) => planOptions(answer.funnels, answer.declared) }],
  figures: { funnel: z.string(), funnels: z.array(z.string()), known: z.boolean(), windowDays: z.number(), steps: z.array(funnelStepRow), declared },
  noun: 'funnel entries',
  isEmpty: (answer) => !answer.steps.some((s) => s.users > 0),
  emptyText: (answer) => (answer.known !== false ? null : unknownName('funnel', answer.funnel, answer.funnels)),
  table: (answer) => {
    const first = answer.steps[0]?.users ?? 0;
    const pct = (n: number, d: number) => (d > 0 ? round((100 * n) / d, 2) : null);
    return {
      name: `Funnel ${answer.funnel}`.slice(0, 31),
      columns: [
        { key: 'step', label: 'Step', unit: 'text', decimals: 0 },
        { key: 'name', label: 'Step name', unit: 'text', decimals: 0 },
        { key: 'users', label: 'Players', unit: 'count', decimals: 0 },
        { key: 'stepConversion', label: 'From previous step', unit: 'pct', decimals: 2 },
        { key: 'overall', label: 'Overall conversion', unit: 'pct', decimals: 2 },
        { key: 'dropOff', label: 'Drop-off', unit: 'pct', decimals: 2 },
        { key: 'median', label: 'Median time from previous', unit: 'sec', decimals: 0 },
      ],
      rows: answer.steps.map((s, i) => {
        const previous = i === 0 ? null : answer.steps[i - 1]!.users;
        return [s.step, s.name, s.users, previous === null ? null : pct(s.users, previous), pct(s.users, first), previous === null ? null : pct(previous - s.users, previous), round(s.medianSecs, 0)];
      }),
      total: null,
      newestFirst: false,
    } satisfies ReportTable;
  },
  chart: (answer) => ({
    x: 'category',
    labels: answer.steps.map((s) => `${s.step} ${s.name}`.trim()),
    leftTitle: 'Players',
    series: seriesOf(answer.steps, [{ label: 'Players reaching the step', value: 'users', color: 'blue' }]),
  }),
});

// ---------------------------------------------------------------- counters

const counterFigures = { counter: z.string(), counters: z.array(z.string()), known: z.boolean(), days: z.array(z.string()), cells: z.array(counterCell), declared };
const counterExtra = { counter: nameField(100), measure: z.enum(COUNTER_MEASURES).default('sum') };
const counterControls = [
  { key: 'counter', label: 'Counter', options: [{ label: 'All counters', value: '' }], answerOptions: (answer: { counters: string[]; declared?: string[] }) => planOptions(answer.counters, answer.declared) },
  { key: 'measure', label: 'Figure', options: COUNTER_MEASURES.map((m) => ({ label: COUNTER_MEASURE_LABELS[m], value: m })) },
];
type CounterAnswer = z.output<z.ZodObject<typeof counterFigures>>;
/** The counters shown: the chosen one, or all of the scope. */
const shownCounters = (answer: CounterAnswer) => (answer.counter ? (answer.known ? [answer.counter] : []) : answer.counters);
const measureUnit = (measure: CounterMeasure) => (measure === 'sum' ? { unit: 'count' as const, decimals: 0 } : { unit: 'ratio' as const, decimals: 2 });
function counterGrid(answer: CounterAnswer) {
  const byKey = new Map<string, CounterCell[]>();
  for (const c of answer.cells) {
    const key = `${c.day}|${c.name}`;
    byKey.set(key, [...(byKey.get(key) ?? []), c]);
  }
  return {
    day: (day: string, name: string) => byKey.get(`${day}|${name}`) ?? [],
    all: (name: string) => answer.cells.filter((c) => c.name === name),
  };
}
/**
 * What both counter tables show: the counters shown, and each one's figure on a day or over the range as
 * the table rounds it (players over the range are a daily average, with one decimal).
 */
function counterCells(answer: CounterAnswer, measure: CounterMeasure = 'sum') {
  const grid = counterGrid(answer);
  const { unit, decimals } = measureUnit(measure);
  const totalDecimals = measure === 'users' ? 1 : decimals;
  return {
    names: shownCounters(answer),
    unit,
    decimals,
    totalDecimals,
    onDay: (day: string, name: string) => round(counterFigure(grid.day(day, name), measure, 1), decimals),
    overRange: (name: string) => round(counterFigure(grid.all(name), measure, answer.days.length), totalDecimals),
  };
}
const counterEmpty = (answer: CounterAnswer) => (answer.counter && answer.known === false ? unknownName('counter', answer.counter, answer.counters) : null);

/** What both counter screens share: the same query, figures and empty rule; they differ only in layout. */
const counterReport = (layout: 'vertical' | 'horizontal') =>
  ({
    id: `counter${layout === 'vertical' ? 'Vertical' : 'Horizontal'}`,
    route: `/gsm/analytic/counter/${layout}`,
    appMode: 'single',
    extra: counterExtra,
    controls: counterControls,
    figures: counterFigures,
    noun: 'counter events',
    isEmpty: (answer: z.infer<z.ZodObject<typeof counterFigures>>) => shownCounters(answer).length === 0 || answer.cells.length === 0,
    emptyText: counterEmpty,
  }) as const;

export const counterVerticalScreen = defineReport({
  ...counterReport('vertical'),
  table: (answer, input) => {
    const measure = input.measure ?? 'sum';
    const { names, unit, decimals, totalDecimals, onDay, overRange } = counterCells(answer, measure);
    return {
      name: 'Counters by day',
      columns: [
        { key: 'key', label: 'Day', unit: 'day', decimals: 0 },
        ...names.map((n) => ({ key: `c:${n}`, label: n, exportLabel: n, unit, decimals, totalDecimals, aggregate: measure === 'sum' ? ('sum' as const) : measure === 'users' ? ('average' as const) : ('ratio' as const) })),
      ],
      rows: answer.days.map((day) => [day, ...names.map((n) => onDay(day, n))]),
      total: ['Total', ...names.map(overRange)],
      totalHint: `Total of the range: ${measure === 'sum' ? 'sum of the days' : measure === 'users' ? 'daily average' : 'ratio of the sums'}`,
      newestFirst: true,
    } satisfies ReportTable;
  },
  chart: (answer, input) => {
    const grid = counterGrid(answer);
    const colors = ['#1890ff', '#67c23a', '#e6a23c', '#f56c6c', '#9b59b6', '#13c2c2', '#8c8c8c'];
    return {
      x: 'day',
      labels: answer.days.map(shortDay),
      leftTitle: COUNTER_MEASURE_LABELS[input.measure],
      series: shownCounters(answer).slice(0, colors.length).map((n, i) => ({ label: n, data: answer.days.map((d) => counterFigure(grid.day(d, n), input.measure, 1)), color: colors[i]! })),
    };
  },
});

export const counterHorizontalScreen = defineReport({
  ...counterReport('horizontal'),
  table: (answer, input) => {
    const { names, unit, decimals, totalDecimals, onDay, overRange } = counterCells(answer, input.measure);
    return {
      name: 'Counters',
      columns: [
        { key: 'key', label: 'Counter', unit: 'text', decimals: 0 },
        // The range's figure first, where it is seen without scrolling past the days.
        { key: 'total', label: 'Total', unit, decimals: totalDecimals },
        ...answer.days.map((day) => ({ key: `d:${day}`, label: formatDay(day).slice(0, 5), exportLabel: day, unit, decimals })),
      ],
      rows: names.map((n) => [n, overRange(n), ...answer.days.map((day) => onDay(day, n))] as Cell[]),
      total: null,
      newestFirst: false,
    } satisfies ReportTable;
  },
  chart: (answer, input) => {
    const grid = counterGrid(answer);
    const names = shownCounters(answer);
    return {
      x: 'category',
      labels: names,
      leftTitle: `${COUNTER_MEASURE_LABELS[input.measure]} over the range`,
      series: [{ label: COUNTER_MEASURE_LABELS[input.measure], data: names.map((n) => counterFigure(grid.all(n), input.measure, answer.days.length)), color: '#1890ff' }],
    };
  },
});

// ---------------------------------------------------------------- measurement

export const MEASUREMENT_GROUPS = ['version', 'os', 'day'] as const;
const GROUP_LABEL = { version: 'Version', os: 'OS', day: 'Day' } as const;

export const measurementScreen = defineReport({
  id: 'measurement',
  route: '/gsm/analytic/measurement',
  appMode: 'single',
  extra: { name: nameField(60), by: z.enum(MEASUREMENT_GROUPS).default('version') },
  controls: [
    { key: 'name', label: 'Measurement', options: [], answerOptions: (answer: { names: string[]; declared?: string[] }) => planOptions(answer.names, answer.declared) },
    { key: 'by', label: 'Rows', options: MEASUREMENT_GROUPS.map((g) => ({ label: `By ${GROUP_LABEL[g].toLowerCase()}`, value: g })) },
  ],
  figures: {
    name: z.string(),
    unit: z.string(),
    names: z.array(z.string()),
    known: z.boolean(),
    rows: z.array(measurementStats),
    all: measurementStats,
    /** p50 per day of the most measured versions (the chart). */
    trend: z.array(z.object({ version: z.string(), p50: z.array(z.number().nullable()) })),
    days: z.array(z.string()),
    declared,
  },
  noun: 'measurements',
  isEmpty: (answer) => answer.all.count === 0,
  emptyText: (answer) => (answer.known !== false ? null : unknownName('measurement', answer.name, answer.names)),
  table: (answer, input) => {
    const by = input.by ?? 'version';
    const unitLabel = answer.unit ? ` (${answer.unit})` : '';
    const stat = (s: (typeof answer.rows)[number]): Cell[] => [s.count, round(s.mean, 2), round(s.p50, 2), round(s.p90, 2), round(s.p99, 2)];
    return {
      name: `Measurement ${answer.name}`.slice(0, 31),
      columns: [
        { key: 'key', label: GROUP_LABEL[by], unit: by === 'day' ? 'day' : 'text', decimals: 0 },
        { key: 'count', label: 'Count', unit: 'count', decimals: 0 },
        ...(['Mean', 'P50', 'P90', 'P99'] as const).map((l) => ({ key: l.toLowerCase(), label: `${l}${unitLabel}`, exportLabel: `${l}${unitLabel}`, unit: 'ratio' as const, decimals: 2 })),
      ],
      rows: answer.rows.map((s) => [s.key, ...stat(s)]),
      total: ['All', ...stat(answer.all)],
      totalHint: 'Every measurement of the range together (percentiles of all values, not averages of the lines)',
      newestFirst: by === 'day',
    } satisfies ReportTable;
  },
  chart: (answer) => {
    const colors = ['#1890ff', '#f56c6c', '#67c23a', '#e6a23c', '#9b59b6'];
    return {
      x: 'day',
      labels: answer.days.map(shortDay),
      leftTitle: `P50 ${answer.name}${answer.unit ? ` (${answer.unit})` : ''}`,
      series: answer.trend.map((t, i) => ({ label: `P50 ${t.version}`, data: t.p50, color: colors[i % colors.length]! })),
    };
  },
});

/** Every report of this folder, in the order of the analytics menu. */
export const playReports = [measurementScreen, taskQuestScreen, resourceOverviewScreen, resourceEarnScreen, resourceSpendScreen, funnelScreen, counterVerticalScreen, counterHorizontalScreen];

