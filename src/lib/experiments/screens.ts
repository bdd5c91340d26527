import { z } from 'zod';
import { numberFromText } from '../contract';
import { defineReport, type ReportNotice } from '../reports/define';
import type { Cell, ReportTable, TableColumn } from '../reports/table';
import { round } from '../reports/columns';
import { EXPERIMENT_ANALYSES, GUARDRAIL_OTHER_METRICS, GUARDRAIL_RETENTION_DAYS, type ExperimentAnalysis } from './contract';
import { guardrailBreach } from './guardrails';
import { formatCount } from '../numbers';

/**
 * The two A/B report screens as descriptors (shared by browser and server; the SQL and statistics are in
 * ./reports.ts). An answer is about one experiment; the range filters players by their first exposure day.
 * Definitions: docs/metrics.md, "A/B tests".
 */

/** Days after exposure whose retention the report shows. */
export const AB_RETENTION_DAYS = GUARDRAIL_RETENTION_DAYS;
/** Decisions are made at this significance level (two-sided) and power. */
export const AB_ALPHA = 0.05;
export const AB_POWER = 0.8;
/** A sample-ratio mismatch is flagged below this chi-square p-value. */
export const SRM_ALPHA = 0.001;

export const AB_METRICS = GUARDRAIL_OTHER_METRICS;
export type AbMetric = (typeof AB_METRICS)[number];
/** Metrics adjusted by CUPED with their own value over the W days before exposure (sums over days; not the level or payer flag). */
export const CUPED_METRICS = ['arpu', 'sessions', 'playTime'] as const satisfies readonly AbMetric[];
export const AB_METRIC_LABELS: Record<AbMetric, string> = {
  arpu: 'ARPU (USD)',
  sessions: 'Sessions per player',
  playTime: 'Play time per player (min)',
  level: 'Highest level reached',
  conversion: 'Conversion to payer (%)',
};

/** A guardrail's name on screen: "D7 retention" or the metric's label. */
export const guardrailLabel = (key: string) => (/^D\d+$/.test(key) ? `${key} retention` : (AB_METRIC_LABELS[key as AbMetric] ?? key));

const experimentChoice = z.object({ id: z.string(), name: z.string(), status: z.string(), appId: z.string() });
const commonFigures = {
  /** The experiment shown ('' when the apps have none). */
  experiment: z.string(),
  experiments: z.array(experimentChoice),
  /** False when the requested experiment is not one of the apps'. */
  known: z.boolean(),
  name: z.string(),
  status: z.string(),
  control: z.string(),
  variants: z.array(z.object({ key: z.string(), weight: z.number(), exposed: z.number() })),
  /** How differences are tested (the experiment's choice): fixed horizon or sequential (mSPRT). */
  method: z.enum(EXPERIMENT_ANALYSES),
  /** The experiment's guardrails (all of them; each report flags those among its own figures). */
  guardrails: z.array(z.string()),
  /** Guardrails of this report's figures that a variant makes significantly worse (./guardrails.ts). */
  guardrailBreaches: z.array(guardrailBreach),
  /** Chi-square goodness of fit of exposed counts to the weights; null with fewer than one player. */
  srm: z.object({ statistic: z.number(), p: z.number() }).nullable(),
};
type Common = z.output<z.ZodObject<typeof commonFigures>>;

/** How a variant's figure compares with the control's; null where undefined (no players, the control's own line). */
const versusControl = {
  /** The figure's 95 % interval. */
  low: z.number().nullable(),
  high: z.number().nullable(),
  /** Against the control, in the figure's unit (percentage points for a rate); null on the control's own lines. */
  diff: z.number().nullable(),
  /**
   * The difference's 95 % interval, in its unit: a fixed-horizon confidence interval (method 'fixed') or an
   * always-valid confidence sequence (method 'sequential'); null on the control's own lines.
   */
  diffLow: z.number().nullable(),
  diffHigh: z.number().nullable(),
  /** Two-sided p-value of the method in force (sequential: the mSPRT always-valid p-value). */
  p: z.number().nullable(),
  /**
   * Holm-adjusted p (./multiple.ts) over every comparison of the report (each variant against the control on
   * each day or metric); a difference is significant at α when this one is below α.
   */
  pAdjusted: z.number().nullable(),
  /**
   * Bayesian read-out (./bayes.ts): the chance, in %, that the variant's figure beats the control's, and the
   * expected loss of choosing the variant, in the difference's unit (percentage points for a rate).
   */
  chanceToBeat: z.number().nullable(),
  expectedLoss: z.number().nullable(),
  /** Players per variant a test needs to detect the difference shown (α 0.05, power 0.8). */
  needed: z.number().nullable(),
};

/** A comparison of one variant with the control: its figure, interval, difference, p-value and the sample it would need. */
export const retentionLine = z.object({
  variant: z.string(),
  day: z.number(),
  /** Exposed players whose day N is over. */
  eligible: z.number(),
  retained: z.number(),
  /** %, null without eligible players; compared by a two-proportion test. */
  rate: z.number().nullable(),
  ...versusControl,
});
export type RetentionLine = z.infer<typeof retentionLine>;

export const metricLine = z.object({
  metric: z.enum(AB_METRICS),
  variant: z.string(),
  /** Exposed players whose window is over. */
  n: z.number(),
  mean: z.number().nullable(),
  ...versusControl,
  /**
   * CUPED (./cuped.ts), for ARPU, sessions and play time: the difference of the adjusted means and its
   * p-value (the method in force); null on the control's line, for the other metrics, and when nobody has
   * a pre-exposure value (the raw figures stand).
   */
  cupedDiff: z.number().nullable(),
  cupedP: z.number().nullable(),
  /** Share of the metric's variance CUPED removes (ρ², pooled over variants), 0…1; null for metrics it does not adjust. */
  varianceReduction: z.number().nullable(),
});
export type MetricLine = z.infer<typeof metricLine>;

const experimentField = { experiment: z.string().trim().max(20).regex(/^\d*$/, 'must be an experiment id').default('') };
const experimentControl = {
  key: 'experiment',
  label: 'Experiment',
  options: [],
  answerOptions: (answer: Common) => answer.experiments.map((e) => ({ label: `${e.name} (#${e.id}, ${e.status})`, value: e.id })),
};

const exposedTotal = (a: Common) => a.variants.reduce((s, v) => s + v.exposed, 0);
const emptyText = (a: Common) =>
  // No experiment at all: the usual "No exposed players from <app> in this range yet.".
  a.experiments.length === 0
    ? null
    : !a.known
      ? `No experiment #${a.experiment} on this app.`
      : `No player of "${a.name}" was exposed in this range yet: only players whose game sent an experiment_exposure event count.`;

const PEEKING =
  'Fixed-horizon analysis: reading this report every day and stopping at the first p < 0.05 makes false positives far more likely than 5 % (28 % in a simulation of 30 daily looks at an A/A test): decide the sample size first ("Needed per variant") and judge once every variant has reached it, or choose sequential analysis for the next experiment.';
const SEQUENTIAL =
  'Sequential analysis (mSPRT): the p-values and the Δ confidence sequences stay valid however often this report is read; you may stop as soon as a Holm p is below 0.05.';

/** Notices shared by both reports: sample-ratio mismatch, under-power and the peeking warning. */
function commonNotices(a: Common, underpowered: string | null): ReportNotice[] {
  const out: ReportNotice[] = [];
  if (a.srm && a.srm.p < SRM_ALPHA) {
    const shares = a.variants.map((v) => `${v.key} ${v.exposed} (expected ${v.weight} %)`).join(', ');
    out.push({ tone: 'warn', text: `Sample-ratio mismatch: exposed players split ${shares}; chi-square p = ${a.srm.p.toExponential(1)} < ${SRM_ALPHA}. Assignment or exposure logging is broken: do not trust these figures.` });
  }
  if (underpowered) out.push({ tone: 'warn', text: underpowered });
  // Guardrail flags first: they are what must stop a launch.
  const what = a.method === 'sequential' ? '95% confidence sequence' : '95% CI';
  const breaches: ReportNotice[] = a.guardrailBreaches.map((b) => ({
    tone: 'warn',
    text: `${b.text}: ${b.variant} is worse than ${a.control} (Δ ${b.diff.toFixed(2)}, ${what} ${b.diffLow.toFixed(2)} … ${b.diffHigh.toFixed(2)}, entirely below 0).`,
  }));
  out.unshift(...breaches);
  out.push({ tone: 'info', text: a.method === 'sequential' ? SEQUENTIAL : PEEKING });
  return out;
}

const fmt = (n: number) => formatCount(n);

const col = (key: string, label: string, unit: TableColumn['unit'], decimals = 0): TableColumn => ({ key, label, unit, decimals });
/** A line's variant, the control marked as such. */
const variantCell = (variant: string, control: string) => (variant === control ? `${variant} (control)` : variant);
/** The columns of versusControl (the interval in the figure's unit and decimals, then `diff` as the table names it) and their cells. */
const versusColumns = (unit: 'pct' | 'ratio', decimals: number, diff: TableColumn, method: ExperimentAnalysis): TableColumn[] => [
  col('low', '95% CI low', unit, decimals),
  col('high', '95% CI high', unit, decimals),
  diff,
  ...(['diffLow', 'diffHigh'] as const).map((key, i) => {
    const what = method === 'sequential' ? 'Δ 95% conf. sequence' : 'Δ 95% CI';
    return { ...col(key, `${what} ${i ? 'high' : 'low'}`, 'ratio', decimals), exportLabel: `Difference to control, ${method === 'sequential' ? 'always-valid 95% confidence sequence' : '95% confidence interval'}, ${i ? 'high' : 'low'}` };
  }),
  col('p', method === 'sequential' ? 'p-value (sequential)' : 'p-value', 'ratio', 4),
  { ...col('pAdjusted', 'Holm p', 'ratio', 4), exportLabel: 'p-value adjusted for multiple comparisons (Holm)' },
  { ...col('chanceToBeat', 'Chance to beat control', 'pct', 1), exportLabel: 'Chance to beat control (Bayesian, %)' },
  { ...col('expectedLoss', 'Expected loss', 'ratio', decimals + 2), exportLabel: 'Expected loss of choosing the variant (Bayesian, in the difference unit)' },
  col('needed', 'Needed per variant', 'count'),
];
const versusCells = (l: z.output<z.ZodObject<typeof versusControl>>, decimals: number): Cell[] => [round(l.low, decimals), round(l.high, decimals), round(l.diff, decimals), round(l.diffLow, decimals), round(l.diffHigh, decimals), round(l.p, 4), round(l.pAdjusted, 4), round(l.chanceToBeat, 1), round(l.expectedLoss, decimals + 2), l.needed];

export const abRetentionScreen = defineReport({
  id: 'abRetention',
  route: '/gsm/a_b_test/retention_report',
  appMode: 'single',
  extra: experimentField,
  controls: [experimentControl],
  figures: { ...commonFigures, lines: z.array(retentionLine) },
  noun: 'exposed players',
  isEmpty: (a) => !a.known || exposedTotal(a) === 0,
  emptyText,
  notices: (a) => {
    // Under-powered: a variant's line whose eligible players fall short of what its difference needs (D7 first).
    const short = [...a.lines]
      .filter((l) => l.diff !== null && l.needed !== null && l.diff !== 0)
      .sort((x, y) => Math.abs(x.day - 7) - Math.abs(y.day - 7))
      .find((l) => {
        const control = a.lines.find((c) => c.variant === a.control && c.day === l.day);
        return Math.min(l.eligible, control?.eligible ?? 0) < l.needed!;
      });
    const text = short
      ? `Under-powered: to detect the D${short.day} difference shown (${short.diff! > 0 ? '+' : ''}${short.diff!.toFixed(2)} pp, ${short.variant} against ${a.control}) with 80 % power at α = 0.05, each variant needs ${fmt(short.needed!)} players whose day ${short.day} is over; ${short.variant} has ${fmt(short.eligible)}.`
      : null;
    return commonNotices(a, text);
  },
  table: (a): ReportTable => ({
    name: 'A-B retention',
    columns: [
      col('variant', 'Variant', 'text'),
      col('day', 'Day', 'text'),
      col('eligible', 'Players', 'count'),
      col('retained', 'Retained', 'count'),
      col('rate', 'Retention', 'pct', 2),
      ...versusColumns('pct', 2, { ...col('diff', 'Δ vs control (pp)', 'ratio', 2), exportLabel: 'Difference to control (percentage points)' }, a.method),
    ],
    rows: a.lines.map((l): Cell[] => [variantCell(l.variant, a.control), `D${l.day}`, l.eligible, l.retained, round(l.rate, 2), ...versusCells(l, 2)]),
    total: null,
    newestFirst: false,
  }),
  chart: (a) => ({
    x: 'category',
    labels: AB_RETENTION_DAYS.map((d) => `D${d}`),
    leftTitle: 'Retention (%)',
    series: a.variants.map((v, i) => ({
      label: v.key,
      data: AB_RETENTION_DAYS.map((d) => round(a.lines.find((l) => l.variant === v.key && l.day === d)?.rate ?? null, 2)),
      color: PALETTE[i % PALETTE.length]!,
    })),
  }),
});

const PALETTE = ['#909399', '#1890ff', '#67c23a', '#e6a23c', '#f56c6c', '#9b59b6'];

export const AB_WINDOWS = [7, 14, 30] as const;

export const abOtherScreen = defineReport({
  id: 'abOther',
  route: '/gsm/a_b_test/other',
  appMode: 'single',
  extra: { ...experimentField, window: numberFromText(z.number().int().refine((v) => (AB_WINDOWS as readonly number[]).includes(v), 'must be 7, 14 or 30').default(7)) },
  controls: [experimentControl, { key: 'window', label: 'Days after exposure', options: AB_WINDOWS.map((w) => ({ label: `First ${w} days`, value: w })) }],
  figures: { ...commonFigures, window: z.number(), lines: z.array(metricLine) },
  noun: 'exposed players',
  isEmpty: (a) => !a.known || exposedTotal(a) === 0,
  emptyText,
  notices: (a) => {
    const short = a.lines.find((l) => {
      if (l.diff === null || l.needed === null) return false;
      const control = a.lines.find((c) => c.variant === a.control && c.metric === l.metric);
      return Math.min(l.n, control?.n ?? 0) < l.needed;
    });
    const text = short
      ? `Under-powered: to detect the ${AB_METRIC_LABELS[short.metric]} difference shown (${short.variant} against ${a.control}) with 80 % power at α = 0.05, each variant needs ${fmt(short.needed!)} players whose first ${a.window} days are over; ${short.variant} has ${fmt(short.n)}.`
      : null;
    return commonNotices(a, text);
  },
  table: (a): ReportTable => ({
    name: 'A-B other metrics',
    columns: [
      col('metric', 'Metric', 'text'),
      col('variant', 'Variant', 'text'),
      col('n', 'Players', 'count'),
      col('mean', 'Value', 'ratio', 4),
      ...versusColumns('ratio', 4, col('diff', 'Δ vs control', 'ratio', 4), a.method),
      { ...col('cupedDiff', 'Δ CUPED', 'ratio', 4), exportLabel: 'Difference to control, CUPED-adjusted' },
      { ...col('cupedP', 'p CUPED', 'ratio', 4), exportLabel: 'p-value of the CUPED-adjusted difference' },
      { ...col('varianceReduction', 'CUPED variance reduction', 'pct', 1), exportLabel: 'Variance removed by CUPED (%)' },
    ],
    rows: a.lines.map((l): Cell[] => [
      AB_METRIC_LABELS[l.metric],
      variantCell(l.variant, a.control),
      l.n,
      round(l.mean, 4),
      ...versusCells(l, 4),
      round(l.cupedDiff, 4),
      round(l.cupedP, 4),
      l.varianceReduction === null ? null : round(100 * l.varianceReduction, 1),
    ]),
    total: null,
    newestFirst: false,
  }),
  chart: (a) => ({
    x: 'category',
    labels: AB_METRICS.map((m) => AB_METRIC_LABELS[m]),
    leftTitle: 'Difference to control (%)',
    series: a.variants
      .filter((v) => v.key !== a.control)
      .map((v, i) => ({
        label: `${v.key} vs ${a.control}`,
        data: AB_METRICS.map((m) => {
          const line = a.lines.find((l) => l.metric === m && l.variant === v.key);
          const base = a.lines.find((l) => l.metric === m && l.variant === a.control)?.mean;
          return line && line.diff !== null && base ? round((100 * line.diff) / base, 2) : null;
        }),
        color: PALETTE[(i + 1) % PALETTE.length]!,
      })),
  }),
});

export const experimentReports = [abRetentionScreen, abOtherScreen];
