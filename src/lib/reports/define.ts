import { z } from 'zod';
import { reportFilters } from './filters';
import { defineContract, type Contract } from '../contract';
import type { NumericKeys } from './columns';
import type { ReportTable } from './table';

/**
 * A report screen as a descriptor, shared by browser and server (no SQL here): its route and API path,
 * the shared filters it offers, extra request fields with their controls, the answer's schema, and how the
 * answer becomes the table (with Total), the chart and the empty state. One generic screen renders every
 * descriptor; `handleReport` (server only) attaches the SQL.
 */

/** What every report answer carries besides its figures. */
export const reportMeta = {
  from: z.string(),
  to: z.string(),
  /** The apps the figures cover. */
  apps: z.array(z.string()),
  /** App-days in the range whose newest events are not rolled up yet (figures may grow). */
  pending: z.number(),
};
type Meta = { from: string; to: string; apps: string[]; pending: number };

/** A labelled dropdown for an extra request field (Levels shown: 1-50). */
export interface ReportControl {
  key: string;
  label: string;
  options: readonly { label: string; value: string | number }[];
  /**
   * Options the answer offers after the fixed ones (the funnels, resources or counters the scope has). A
   * field left empty ('') shows the answer's own value of the same key (the one the server chose).
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  answerOptions?: (answer: any) => readonly { label: string; value: string | number }[];
}

/**
 * The "Group by" choice of a report: the request field `by` (the first group unless the URL says otherwise)
 * and its dropdown. The answer names the group its lines are of (`by: z.enum(groups)` in its figures).
 */
export function groupBy<const G extends readonly [string, ...string[]]>(groups: G, labels: { readonly [K in G[number]]: string }) {
  return {
    extra: { by: z.enum(groups).default(groups[0]) },
    controls: [{ key: 'by', label: 'Group by', options: groups.map((g: G[number]) => ({ value: g, label: labels[g] })) }],
  };
}

/** One chart series; `right` puts it on the second axis (another unit). */
export interface ChartSeries {
  label: string;
  data: (number | null)[];
  type?: 'line' | 'bar';
  right?: boolean;
  color: string;
}

/** The colours the report charts draw their series in, by name. */
export const CHART_COLORS = {
  blue: '#1890ff',
  green: '#67c23a',
  orange: '#e6a23c',
  red: '#f56c6c',
  purple: '#9b59b6',
  violet: '#9254de',
  cyan: '#13c2c2',
} as const;
/** The colours a list of like series takes in order (retention's and CVR's days, the apps of App Measurement). */
export const CHART_PALETTE = [CHART_COLORS.blue, CHART_COLORS.green, CHART_COLORS.orange, CHART_COLORS.red, CHART_COLORS.purple, CHART_COLORS.cyan, '#fa8c16', '#2f54eb'];

/** One figure of a chart's rows: a numeric field, or what a function computes of the row (money in USD, a rate). */
export interface RowSeries<R> {
  label: string;
  value: NumericKeys<R> | ((row: R) => number | null);
  color: keyof typeof CHART_COLORS;
  type?: 'line' | 'bar';
  right?: boolean;
}

/** The chart series of some rows, one a figure, each with one point a row. */
export function seriesOf<R>(rows: readonly R[], figures: readonly RowSeries<R>[]): ChartSeries[] {
  return figures.map(({ label, value, color, type, right }) => ({
    label,
    data: rows.map((row) => (typeof value === 'function' ? value(row) : (row[value] as number))),
    ...(type ? { type } : {}),
    ...(right ? { right } : {}),
    color: CHART_COLORS[color],
  }));
}

/** A day axis label: "DD-MM" of a YYYY-MM-DD day, the table's DD-MM-YYYY less the year (on the filter bar above). */
export const shortDay = (day: string) => `${day.slice(8, 10)}-${day.slice(5, 7)}`;

/**
 * A chart with one point a row over days (a time axis): `day` reads a row's YYYY-MM-DD, drawn as DD-MM; the
 * figures go on the left axis unless they say `right`.
 */
export function dayChart<R>(rows: readonly R[], day: (row: R) => string, axes: { left: string; right?: string }, figures: readonly RowSeries<R>[]): ChartSpec {
  return {
    x: 'day',
    labels: rows.map((row) => shortDay(day(row))),
    leftTitle: axes.left,
    ...(axes.right ? { rightTitle: axes.right } : {}),
    series: seriesOf(rows, figures),
  };
}

export interface ChartSpec {
  /**
   * 'day': a time axis (lines allowed, chart notes drawn); 'category': levels and the like (bars only,
   * never smoothed lines); 'since': days since install (D0, D1, …: lines, no notes).
   */
  x: 'day' | 'category' | 'since';
  labels: string[];
  series: ChartSeries[];
  leftTitle?: string;
  rightTitle?: string;
}

export interface ReportSpec<Extra extends z.ZodRawShape, Figures extends z.ZodRawShape> {
  /** Names the descriptor in the route table (`screen: 'report:<id>'`). */
  id: string;
  route: string;
  /** The spec's API path (the export is `<api>/export`); by default the route's (`reportApiPath`). */
  api?: string;
  /** 'multi': any apps (none = all visible); 'single': the shared selected app. */
  appMode: 'multi' | 'single';
  /** Shared filters this report does not read, left off its filter bar (finance has no version or country). */
  hideFilters?: readonly ('version' | 'countries')[];
  extra?: Extra;
  controls?: readonly ReportControl[];
  /** The figures of the answer besides the meta. */
  figures: Figures;
  /** What the figures count, for the empty state: "No {noun} from Idle Miner in this range." */
  noun: string;
  /**
   * File names of exports: `<fileStem>_<app or all-apps>_<from>_<to>.csv` (days DD-MM-YYYY); by default the id
   * in kebab case (mainData: main-data).
   */
  fileStem?: string;
  /** The export is declared machine-readable: its days are ISO 8601 with the offset (docs/decisions.md, "Dates"). */
  machineReadable?: boolean;
}

/**
 * The API path most reports have: the page's path under /api, less the /gsm that prefixes the game screens
 * (/gsm/analytic/level: /api/analytic/level; /ads_in_house/compare: /api/ads_in_house/compare). A report
 * whose path breaks the rule (Main Data, the finance reports) names its own.
 */
export const reportApiPath = (route: string) => `/api${route.replace(/^\/gsm\//, '/')}`;
const kebabCase = (id: string) => id.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

type Request<Extra extends z.ZodRawShape> = ReturnType<typeof reportFilters.extend<Extra>>;
/** The parsed request of a report (shared filters and its extra fields). */
export type ReportInputOf<D> = D extends ReportDescriptor<infer E, infer _F> ? z.output<Request<E>> : never;
/** The answer of a report. */
export type ReportAnswerOf<D> = D extends ReportDescriptor<infer _E, infer F> ? ReportAnswer<F> : never;
export type ReportAnswer<Figures extends z.ZodRawShape> = z.output<z.ZodObject<Figures>> & Meta;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface ReportDescriptor<Extra extends z.ZodRawShape = any, Figures extends z.ZodRawShape = any> extends ReportSpec<Extra, Figures> {
  api: string;
  fileStem: string;
  contract: Contract<Request<Extra>, z.ZodObject<typeof reportMeta & Figures>>;
  exportContract: Contract<z.ZodObject<Request<Extra>['shape'] & { format: z.ZodDefault<z.ZodEnum<{ csv: 'csv'; xlsx: 'xlsx' }>> }>, z.ZodUnknown>;
  table: (answer: ReportAnswer<Figures>, input: z.output<Request<Extra>>) => ReportTable;
  chart: (answer: ReportAnswer<Figures>, input: z.output<Request<Extra>>, table: ReportTable) => ChartSpec | null;
  /** True when the answer holds no data at all (an app with no events yet): the screen says so instead of a chart of zeros. */
  isEmpty: (answer: ReportAnswer<Figures>) => boolean;
  /** Why an empty answer is empty when it is not the range (an unknown funnel or counter name); null for the usual text. */
  emptyText?: (answer: ReportAnswer<Figures>) => string | null;
  /** Lines above the figures that qualify them (an under-powered test, a sample-ratio mismatch); none by default. */
  notices?: (answer: ReportAnswer<Figures>) => readonly ReportNotice[];
}

/** A line above a report's figures: 'warn' for what makes them doubtful, 'info' for how to read them. */
export interface ReportNotice {
  tone: 'warn' | 'info';
  text: string;
  /** A screen the notice points to (shown after the text), e.g. the report that counts the same thing another way. */
  link?: { label: string; href: string };
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export function defineReport<Figures extends z.ZodRawShape, Extra extends z.ZodRawShape = {}>(
  spec: ReportSpec<Extra, Figures> & Pick<ReportDescriptor<Extra, Figures>, 'table' | 'chart' | 'isEmpty' | 'emptyText' | 'notices'>,
): ReportDescriptor<Extra, Figures> {
  const request = reportFilters.extend((spec.extra ?? {}) as Extra);
  const api = spec.api ?? reportApiPath(spec.route);
  return {
    ...spec,
    api,
    fileStem: spec.fileStem ?? kebabCase(spec.id),
    contract: defineContract({ method: 'GET', path: api, request, data: z.object({ ...reportMeta, ...spec.figures }), access: { route: spec.route } }),
    exportContract: defineContract({
      method: 'GET',
      path: `${api}/export`,
      request: request.extend({ format: z.enum(['csv', 'xlsx']).default('csv') }),
      data: z.unknown(),
      access: { route: spec.route, actions: ['export_report'] },
    }),
  } as ReportDescriptor<Extra, Figures>;
}
