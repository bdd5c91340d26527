import { addDays, reportDay } from '../time/day';
import { handleScopedReport, refresh, type ReportScope } from '../analytics/reports';
import type { Db, Sql } from '../server/db';
import { columnStore } from '../analytics/store/column-store';
import { abOtherSums, abRetentionCounts, type ExposureQuery } from '../analytics/store/experiments';
import { nowMs } from '../time/clock';
import type { ExperimentAnalysis, Variant } from './contract';
import { compareMeans, compareProportions } from './compare';
import { cuped, type PairedSums } from './cuped';
import { AB_METRICS, AB_RETENTION_DAYS, CUPED_METRICS, abOtherScreen, abRetentionScreen, guardrailLabel, type AbMetric, type MetricLine, type RetentionLine } from './screens';
import { holmAdjust } from './multiple';
import { guardrailBreaches, type GuardrailBreach } from './guardrails';
import { chiSquareGoodnessOfFit, meanInterval, sampleSizeMeans, sampleSizeTwoProportions, summaryOfSums, wilsonInterval } from './stats';

/**
 * The A/B reports' server half: which experiment, who was exposed (first experiment_exposure event of each
 * player, in the range and the filters, from the exposures rollup), then those players' days in the
 * per-player daily rollups (user_days, level_reach), then the statistics. Definitions: docs/metrics.md, "A/B tests".
 */

type ExperimentRow = { id: number; app_id: string; name: string; status: string; variants: Variant[]; start_day: string; analysis: ExperimentAnalysis; guardrails: string[] };

interface Chosen {
  experiments: { id: string; name: string; status: string; appId: string }[];
  experiment: ExperimentRow | null;
  requested: string;
}

/** The experiments of the scope's apps and the one asked for (or the newest, running first). */
async function chooseExperiment(db: Sql, scope: ReportScope, requested: string): Promise<Chosen> {
  const rows = await db.query<ExperimentRow>(
    `SELECT id, app_id, name, status, variants, start_day::text AS start_day, analysis, guardrails FROM experiments
      WHERE app_id IN (SELECT jsonb_array_elements_text($1::jsonb)) AND status <> 'draft'
      ORDER BY (status = 'running') DESC, id DESC`,
    [JSON.stringify(scope.apps)],
  );
  const experiments = rows.map((r) => ({ id: String(r.id), name: r.name, status: r.status, appId: r.app_id }));
  const experiment = requested ? (rows.find((r) => String(r.id) === requested) ?? null) : (rows[0] ?? null);
  return { experiments, experiment, requested };
}

/** The filters of the scope on the exposure event (platform, version, countries), as SQL. */
function exposureFilters(scope: ReportScope, params: unknown[]): string {
  const parts: string[] = [];
  if (scope.os) parts.push(`os = $${params.push(scope.os)}`);
  if (scope.version && scope.version !== 'all') parts.push(`app_version = $${params.push(scope.version)}`);
  if (scope.countries.length) parts.push(`country IN (SELECT jsonb_array_elements_text($${params.push(JSON.stringify(scope.countries))}::jsonb))`);
  return parts.length ? ` AND ${parts.join(' AND ')}` : '';
}

/**
 * The exposed players as a CTE named "exposed" (user_id, variant, day): each player's first exposure to the
 * experiment (earliest event time; the event id breaks ties), kept when its day is in the range and not
 * before the experiment's start, and its variant is one of the experiment's. Read from the exposures rollup
 * (migration 0179), whose rows are each player's earliest exposure per day and (os, version, country).
 */
function exposedCte(scope: ReportScope, e: ExperimentRow, params: unknown[]): string {
  params.push(e.app_id, String(e.id), exposureFrom(scope, e), scope.to, JSON.stringify(e.variants.map((v) => v.key)));
  const n = params.length;
  const filters = exposureFilters(scope, params);
  return `first_exposure AS (
      SELECT DISTINCT ON (user_id) user_id, variant, day
        FROM experiment_exposures
       WHERE app_id = $${n - 4} AND experiment = $${n - 3}
         AND day BETWEEN $${n - 2}::date AND $${n - 1}::date${filters}
       ORDER BY user_id, event_time, event_id
    ),
    exposed AS (SELECT user_id, variant, day FROM first_exposure WHERE variant IN (SELECT jsonb_array_elements_text($${n}::jsonb)))`;
}

/** Exposures count from the range's start or the experiment's, whichever is later. */
const exposureFrom = (scope: ReportScope, e: ExperimentRow) => (scope.from > e.start_day ? scope.from : e.start_day);

/** The experiment's exposures as the column store reads them (../analytics/store/experiments.ts). */
const exposureOf = (scope: ReportScope, e: ExperimentRow, today: string): ExposureQuery => ({
  appId: e.app_id, experiment: String(e.id), from: exposureFrom(scope, e), to: scope.to, variants: e.variants.map((v) => v.key), today,
});

const empty = (chosen: Chosen) => ({
  experiment: chosen.experiment ? String(chosen.experiment.id) : chosen.requested,
  experiments: chosen.experiments,
  known: chosen.experiment !== null,
  name: chosen.experiment?.name ?? '',
  status: chosen.experiment?.status ?? '',
  control: chosen.experiment?.variants[0]?.key ?? '',
  method: chosen.experiment?.analysis ?? 'fixed',
  guardrails: chosen.experiment?.guardrails ?? [],
  guardrailBreaches: [] as GuardrailBreach[],
});

/** Exposed players per variant (in the experiment's variant order) and the sample-ratio check. */
function variantCounts(e: ExperimentRow, counts: Map<string, number>) {
  const variants = e.variants.map((v) => ({ key: v.key, weight: v.weight, exposed: counts.get(v.key) ?? 0 }));
  const srm = chiSquareGoodnessOfFit(variants.map((v) => v.exposed), variants.map((v) => v.weight));
  return { variants, srm: srm ? { statistic: srm.statistic, p: srm.p } : null };
}

/**
 * What both experiment reports start from: today's reporting day, the app's daily per-player rollup brought up to
 * date (activity comes from it), and the `exposed` CTE with its parameters. `params` is a copy the caller may extend
 * with its own; `cteParams` stays the CTE's alone, for queries that use nothing else.
 */
async function exposureQuery(db: Db, scope: ReportScope, e: ExperimentRow, now: number) {
  const today = reportDay(now);
  const pending = await refresh(db, { ...scope, apps: [e.app_id], to: today });
  const cteParams: unknown[] = [];
  const cte = exposedCte(scope, e, cteParams);
  return { today, pending, cte, cteParams, params: [...cteParams] };
}

export async function abRetention(db: Db, scope: ReportScope, requested: string, now = nowMs()) {
  const chosen = await chooseExperiment(db, scope, requested);
  const base = empty(chosen);
  const e = chosen.experiment;
  if (!e) return { ...base, pending: 0, variants: [], srm: null, lines: [] };
  const days = AB_RETENTION_DAYS as readonly number[];
  const today = reportDay(now);
  const store = columnStore();
  const { pending, cohorts, retained } = store
    ? { pending: 0, ...(await abRetentionCounts(db, await store, scope, exposureOf(scope, e, today), days)) }
    : await retentionCounts(db, scope, e, days, now);
  const counts = new Map<string, number>();
  for (const c of cohorts) counts.set(c.variant, (counts.get(c.variant) ?? 0) + c.n);
  const { variants, srm } = variantCounts(e, counts);
  const eligible = (variant: string, n: number) => cohorts.filter((c) => c.variant === variant && addDays(c.day, n) < today).reduce((s, c) => s + c.n, 0);
  const kept = (variant: string, n: number) => retained.find((r) => r.variant === variant && Number(r.n) === n)?.players ?? 0;
  const control = e.variants[0]!.key;
  const lines: RetentionLine[] = [];
  for (const v of e.variants) {
    for (const n of days) {
      const size = eligible(v.key, n);
      const x = kept(v.key, n);
      const ci = wilsonInterval(x, size);
      const line: RetentionLine = { variant: v.key, day: n, eligible: size, retained: x, rate: size ? (100 * x) / size : null, low: ci ? 100 * ci.low : null, high: ci ? 100 * ci.high : null, diff: null, diffLow: null, diffHigh: null, p: null, pAdjusted: null, chanceToBeat: null, expectedLoss: null, needed: null };
      if (v.key !== control) {
        const cSize = eligible(control, n);
        const cKept = kept(control, n);
        const test = compareProportions(e.analysis, cKept, cSize, x, size);
        if (cSize && size) line.diff = 100 * (x / size - cKept / cSize);
        line.p = test.p;
        if (test.interval) Object.assign(line, { diffLow: 100 * test.interval.low, diffHigh: 100 * test.interval.high });
        if (test.bayes) Object.assign(line, { chanceToBeat: 100 * test.bayes.chanceToBeat, expectedLoss: 100 * test.bayes.expectedLoss });
        if (cSize && size) line.needed = sampleSizeTwoProportions(cKept / cSize, x / size);
      }
      lines.push(line);
    }
  }
  return { ...base, pending, variants, srm, lines: withHolm(lines), guardrailBreaches: guardrailBreaches(e.guardrails, lines, (l) => `D${l.day}`, guardrailLabel) };
}

/** A/B retention's counts on PostgreSQL: exposed per variant and exposure day (eligibility per N is computed from these), and retained per variant and N. */
async function retentionCounts(db: Db, scope: ReportScope, e: ExperimentRow, days: readonly number[], now: number) {
  const { today, pending, params, cte, cteParams } = await exposureQuery(db, scope, e, now);
  params.push(JSON.stringify(days), today);
  const daysParam = params.length - 1;
  const todayParam = params.length;
  const [cohorts, retained] = await Promise.all([
    db.query<{ variant: string; day: string; n: number }>(`WITH ${cte} SELECT variant, day::text AS day, count(*)::int AS n FROM exposed GROUP BY variant, day`, cteParams),
    db.query<{ variant: string; n: number; players: number }>(
      `WITH ${cte}
       SELECT x.variant, d.n, count(*)::int AS players
         FROM exposed x
        CROSS JOIN (SELECT (jsonb_array_elements_text($${daysParam}::jsonb))::int AS n) d
         JOIN user_days u ON u.app_id = $1 AND u.day = x.day + d.n AND u.user_id = x.user_id
        WHERE x.day + d.n < $${todayParam}::date
        GROUP BY x.variant, d.n`,
      params,
    ),
  ]);
  return { today, pending, cohorts, retained };
}

/** Per-player figures in the window, summed per variant: n, Σx and Σx² of each metric (conversion: payers). */
export async function abOther(db: Db, scope: ReportScope, requested: string, window: number, now = nowMs()) {
  const chosen = await chooseExperiment(db, scope, requested);
  const base = { ...empty(chosen), window };
  const e = chosen.experiment;
  if (!e) return { ...base, pending: 0, variants: [], srm: null, lines: [] };
  const store = columnStore();
  const { pending, sums } = store
    ? { pending: 0, sums: await abOtherSums(db, await store, scope, exposureOf(scope, e, reportDay(now)), window) }
    : await otherSums(db, scope, e, window, now);
  const { variants, srm } = variantCounts(e, new Map(sums.map((c) => [String(c.variant), Number(c.exposed)])));
  const control = e.variants[0]!.key;
  const summary = (variant: string, m: AbMetric) => {
    const f = figureSums(sums.find((r) => r.variant === variant), m);
    return summaryOfSums(f.n, f.sy, f.syy);
  };
  // CUPED per additive metric over the players whose window is over (./cuped.ts).
  const adjustedBy = new Map<AbMetric, ReturnType<typeof cuped>>();
  for (const m of CUPED_METRICS) {
    const paired = (variant: string): PairedSums => figureSums(sums.find((r) => r.variant === variant), m);
    adjustedBy.set(m, cuped(e.variants.map((v) => paired(v.key))));
  }
  const lines: MetricLine[] = [];
  for (const m of AB_METRICS) {
    const c = summary(control, m);
    const adjusted = adjustedBy.get(m);
    for (const v of e.variants) {
      const s = summary(v.key, m);
      const line: MetricLine = { metric: m, variant: v.key, n: s.n, mean: null, low: null, high: null, diff: null, diffLow: null, diffHigh: null, p: null, pAdjusted: null, chanceToBeat: null, expectedLoss: null, needed: null, cupedDiff: null, cupedP: null, varianceReduction: adjusted ? adjusted.varianceReduction : null };
      if (m === 'conversion') {
        // A proportion: Wilson interval and the two-proportion test, in %.
        const payers = Math.round(s.mean * s.n);
        const ci = wilsonInterval(payers, s.n);
        if (s.n) line.mean = 100 * s.mean;
        if (ci) Object.assign(line, { low: 100 * ci.low, high: 100 * ci.high });
        if (v.key !== control && c.n && s.n) {
          line.diff = 100 * (s.mean - c.mean);
          const test = compareProportions(e.analysis, Math.round(c.mean * c.n), c.n, payers, s.n);
          line.p = test.p;
          if (test.interval) Object.assign(line, { diffLow: 100 * test.interval.low, diffHigh: 100 * test.interval.high });
          if (test.bayes) Object.assign(line, { chanceToBeat: 100 * test.bayes.chanceToBeat, expectedLoss: 100 * test.bayes.expectedLoss });
          line.needed = sampleSizeTwoProportions(c.mean, s.mean);
        }
      } else {
        const ci = meanInterval(s);
        if (s.n) line.mean = s.mean;
        if (ci) Object.assign(line, { low: ci.low, high: ci.high });
        if (v.key !== control && c.n && s.n) {
          line.diff = s.mean - c.mean;
          const test = compareMeans(e.analysis, c, s);
          line.p = test.p;
          if (test.interval) Object.assign(line, { diffLow: test.interval.low, diffHigh: test.interval.high });
          if (test.bayes) Object.assign(line, { chanceToBeat: 100 * test.bayes.chanceToBeat, expectedLoss: test.bayes.expectedLoss });
          line.needed = sampleSizeMeans(Math.sqrt(c.variance), Math.sqrt(s.variance), s.mean - c.mean);
          const ac = adjusted?.adjusted[0];
          const av = adjusted?.adjusted[e.variants.indexOf(v)];
          if (ac && av && adjusted!.theta !== 0) {
            line.cupedDiff = av.mean - ac.mean;
            line.cupedP = compareMeans(e.analysis, ac, av).p;
          }
        }
      }
      lines.push(line);
    }
  }
  return { ...base, pending, variants, srm, lines: withHolm(lines), guardrailBreaches: guardrailBreaches(e.guardrails, lines, (l) => l.metric, guardrailLabel) };
}

/**
 * A/B "other" metrics' sums per variant on PostgreSQL, as integers in text (the column store answers the same
 * shape: ../analytics/store/experiments.ts): summed exactly (numeric) and scaled once in figureSums, so both
 * stores give the same floats whatever order their engines add in.
 */
async function otherSums(db: Db, scope: ReportScope, e: ExperimentRow, window: number, now: number) {
  const { today, pending, params, cte } = await exposureQuery(db, scope, e, now);
  params.push(window - 1, today);
  const last = params.length - 1;
  const todayParam = params.length;
  // One statement, so the exposures are read once. Each exposed player whose window is over gets one range
  // scan of their W days (index user_days_player, migration 0178: index-only) and one lookup of their
  // highest level; both subqueries test `complete` first, which the planner turns into a one-time filter,
  // so players whose window is not over cost nothing there. They still count as exposed (sample-ratio check).
  const complete = `x.day + $${last}::int < $${todayParam}::date`;
  // A player's purchases in the window are store transactions (iap_purchases: one row per app and transaction
  // id, on its first report, refused ones left out), as Inapp and Cohort Rev/user count them: a purchase the
  // SDK re-sends under the same transaction id counts once (index iap_purchases_user_idx).
  const purchases = `iap_purchases t WHERE ${complete} AND t.app_id = $1 AND t.user_id = x.user_id AND t.day BETWEEN x.day AND x.day + $${last}::int`;
  // CUPED's covariate: the same figure over the W days before exposure (days −W … −1), 0 for a player with none.
  const before = `t.app_id = $1 AND t.user_id = x.user_id AND t.day BETWEEN x.day - $${last}::int - 1 AND x.day - 1`;
  const sums = await db.query<Record<string, string>>(
    `WITH ${cte}
     SELECT x.variant, count(*)::int AS exposed, count(*) FILTER (WHERE ${complete})::int AS n,
            ${AB_METRICS.map((m) => `sum(p.${column(m)}) AS ${column(m)}_s, sum(p.${column(m)} * p.${column(m)}) AS ${column(m)}_q`).join(', ')},
            ${CUPED_METRICS.map((m) => `sum(b.${column(m)}) AS ${column(m)}_bs, sum(b.${column(m)} * b.${column(m)}) AS ${column(m)}_bq, sum(b.${column(m)} * p.${column(m)}) AS ${column(m)}_bp`).join(', ')}
       FROM exposed x
       LEFT JOIN LATERAL (
         SELECT (coalesce(sum(u.ad_revenue), 0) + (SELECT coalesce(sum(t.revenue), 0) FROM ${purchases}))::numeric AS arpu,
                coalesce(sum(u.sessions), 0)::numeric AS sessions,
                coalesce(sum(u.session_seconds), 0)::numeric AS play_time,
                coalesce((SELECT max(r.level) FROM level_reach r
                           WHERE ${complete} AND r.app_id = $1 AND r.user_id = x.user_id AND r.mode = 'main' AND r.day <= x.day + $${last}::int), 0)::numeric AS level,
                CASE WHEN EXISTS (SELECT 1 FROM ${purchases}) THEN 1 ELSE 0 END::numeric AS conversion
           FROM user_days u
          WHERE ${complete} AND u.app_id = $1 AND u.user_id = x.user_id AND u.day BETWEEN x.day AND x.day + $${last}::int
       ) p ON ${complete}
       LEFT JOIN LATERAL (
         SELECT (coalesce(sum(t.ad_revenue), 0) + (SELECT coalesce(sum(t.revenue), 0) FROM iap_purchases t WHERE ${before}))::numeric AS arpu,
                coalesce(sum(t.sessions), 0)::numeric AS sessions,
                coalesce(sum(t.session_seconds), 0)::numeric AS play_time
           FROM user_days t
          WHERE ${complete} AND ${before}
       ) b ON ${complete}
      GROUP BY x.variant`,
    params,
  );
  return { pending, sums };
}

/** The other metrics' integer units: arpu is summed in micros, play time in seconds (shown in dollars and minutes). */
const SCALE: Partial<Record<AbMetric, number>> = { arpu: 1e6, playTime: 60 };

/** A variant's sums (integer text) as the metric's figures: Σx, Σx², and CUPED's Σb, Σb², Σb·x, in the metric's units. */
function figureSums(row: Record<string, string> | undefined, m: AbMetric) {
  const k = SCALE[m] ?? 1;
  const at = (suffix: string) => Number(row?.[`${column(m)}_${suffix}`] ?? 0);
  return { n: Number(row?.n ?? 0), sy: at('s') / k, syy: at('q') / (k * k), sx: at('bs') / k, sxx: at('bq') / (k * k), sxy: at('bp') / (k * k) };
}

/** The lines with their Holm-adjusted p-values: one family per report (every variant × day, or variant × metric). */
function withHolm<L extends { p: number | null; pAdjusted: number | null }>(lines: L[]): L[] {
  const adjusted = holmAdjust(lines.map((l) => l.p));
  return lines.map((l, i) => ({ ...l, pAdjusted: adjusted[i] ?? null }));
}

/** The SQL name of a metric's column (unquoted names are lower case). */
const column = (m: AbMetric) => (m === 'playTime' ? 'play_time' : m);

export const abRetentionHandler = handleScopedReport(abRetentionScreen, (db, scope, input) => abRetention(db, scope, input.experiment));

export const abOtherHandler = handleScopedReport(abOtherScreen, (db, scope, input) => abOther(db, scope, input.experiment, input.window));

export const experimentReportHandlers = [abRetentionHandler, abOtherHandler];
