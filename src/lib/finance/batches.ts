import type { Sql } from '../server/db';
import { assertMonthsOpen } from './closing';
import { SOURCES, type FinanceSource } from './model';
import { addDays } from '../time/day';

/**
 * The one write path of finance figures: a batch (who, what file or call) and its rows. A batch replaces the
 * current rows of its own source on what it covers (app-days, or app-months for monthly files): those
 * rows stay in the table as an older data version (current = false), the new rows carry the next version.
 * Run inside the caller's transaction, so a batch is all or nothing.
 */

export interface RevenueFigure {
  appId: string;
  day: string;
  os: number;
  kind: 'ads' | 'iap';
  network: string;
  currency: string;
  gross: number;
  net: number;
  grossUsd: number;
  netUsd: number;
}

export interface CostFigure {
  appId: string;
  day: string;
  os: number;
  channel: string;
  campaign: string;
  currency: string;
  cost: number;
  costUsd: number;
  installs: number;
  revD0Usd: number;
  revD7Usd: number;
  revD30Usd: number;
}

export interface BatchInput {
  source: FinanceSource;
  fileName?: string;
  createdBy?: string;
  summary?: string;
  /** What the batch replaces of its source's current rows: app-days, or whole app-months ('YYYY-MM'). */
  covers: { unit: 'day' | 'month'; keys: { appId: string; period: string }[] };
  revenue?: readonly RevenueFigure[];
  cost?: readonly CostFigure[];
}

export interface BatchResult {
  batchId: number;
  dataVersion: number;
  rows: number;
  replaced: number;
}

const CHUNK = 2000;

/**
 * The revenue rows that count, as a subquery over `finance_revenue r` filtered by `where`: per app, day, OS
 * and kind the best-ranked source only (a network's or store's figure, rank 1, replaces the console's own
 * estimate, rank 2), and rank 0 always (house ads' value, a figure of its own that replaces nothing). A
 * correction (source 'manual', src/lib/finance/corrections.ts) replaces every other row of its key (app,
 * day, OS, kind, network, currency): those rows are left out, so a correction never adds to what it corrects.
 */
export function countedRevenueRows(where: string): string {
  return `(SELECT * FROM (SELECT r.*, min(r.rank) FILTER (WHERE r.rank > 0) OVER (PARTITION BY r.app_id, r.day, r.os, r.kind) AS best, fc.app_id IS NOT NULL AS corrected
                            FROM finance_revenue r ${correctionJoin('r', 'r.kind', 'network')} WHERE ${where}) ranked
           WHERE (rank = best OR rank = 0) AND (source = 'manual' OR NOT corrected))`;
}

/**
 * The correction of a row's key, if any (finance_corrections holds one record per key exactly while its
 * 'manual' row is current): a join on the key, at most one match. A window over every row of the range did
 * the same by sorting them all; a correlated lookup per row probed the index a million times a year.
 */
const correctionJoin = (alias: string, kind: string, name: string) =>
  `LEFT JOIN finance_corrections fc ON fc.app_id = ${alias}.app_id AND fc.day = ${alias}.day AND fc.os = ${alias}.os AND fc.kind = ${kind} AND fc.name = ${alias}.${name} AND fc.currency = ${alias}.currency`;

/**
 * The cost rows that count, as a subquery over `finance_cost c` filtered by `where` (columns of
 * finance_cost): a cost correction (source 'manual') replaces the cost of every other row of its key (app,
 * day, OS, channel, currency), whatever the campaign; those rows keep their installs and cohort revenue,
 * which a correction of money does not speak of.
 */
export function countedCostRows(where: string): string {
  const replaced = `(c.source <> 'manual' AND fc.app_id IS NOT NULL)`;
  return `(SELECT c.app_id, c.day, c.os, c.channel, c.campaign, c.currency, c.source, c.batch_id, c.installs, c.rev_d0_usd, c.rev_d7_usd, c.rev_d30_usd,
                  CASE WHEN ${replaced} THEN 0 ELSE c.cost END AS cost,
                  CASE WHEN ${replaced} THEN 0 ELSE c.cost_usd END AS cost_usd
             FROM finance_cost c ${correctionJoin('c', "'cost'", 'channel')} WHERE ${where})`;
}

export async function writeBatch(tx: Sql, input: BatchInput): Promise<BatchResult> {
  const revenue = input.revenue ?? [];
  const cost = input.cost ?? [];
  // A closed month's figures never change: every month the batch covers or writes must be open (409 otherwise).
  await assertMonthsOpen(tx, batchMonths(input));
  const batch = await tx.one<{ id: number }>(
    `INSERT INTO finance_batches (source, file_name, created_by, row_count, summary) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [input.source, input.fileName ?? '', input.createdBy ?? '', revenue.length + cost.length, input.summary ?? ''],
  );
  const batchId = batch!.id;
  const keys = JSON.stringify(input.covers.keys.map((k) => ({ app_id: k.appId, period: k.period })));
  const period = input.covers.unit === 'day' ? 'day' : `to_char(day, 'YYYY-MM')`;
  const covered = `current AND source = $1 AND (app_id, ${period}::text) IN (SELECT app_id, period FROM jsonb_to_recordset($2::jsonb) AS k(app_id text, period text))`;
  let replaced = 0;
  let version = 0;
  for (const table of ['finance_revenue', 'finance_cost']) {
    const rows = await tx.query<{ n: number; v: number | null }>(
      `WITH old AS (UPDATE ${table} SET current = false WHERE ${covered} RETURNING data_version) SELECT count(*)::int AS n, max(data_version)::int AS v FROM old`,
      [input.source, keys],
    );
    replaced += rows[0]?.n ?? 0;
    version = Math.max(version, rows[0]?.v ?? 0);
  }
  const dataVersion = version + 1;
  const rank = SOURCES[input.source].rank;
  for (let i = 0; i < revenue.length; i += CHUNK) {
    const chunk = revenue.slice(i, i + CHUNK).map((r) => ({
      app_id: r.appId, day: r.day, os: r.os, kind: r.kind, network: r.network, currency: r.currency, gross: r.gross, net: r.net, gross_usd: r.grossUsd, net_usd: r.netUsd,
    }));
    await tx.query(
      `INSERT INTO finance_revenue (batch_id, source, rank, data_version, app_id, day, os, kind, network, currency, gross, net, gross_usd, net_usd)
       SELECT $1, $2, $3, $4, app_id, day, os, kind, network, currency, gross, net, gross_usd, net_usd
         FROM jsonb_to_recordset($5::jsonb) AS r(app_id text, day date, os smallint, kind text, network text, currency text, gross bigint, net bigint, gross_usd bigint, net_usd bigint)`,
      [batchId, input.source, rank, dataVersion, JSON.stringify(chunk)],
    );
  }
  for (let i = 0; i < cost.length; i += CHUNK) {
    const chunk = cost.slice(i, i + CHUNK).map((r) => ({
      app_id: r.appId, day: r.day, os: r.os, channel: r.channel, campaign: r.campaign, currency: r.currency, cost: r.cost, cost_usd: r.costUsd, installs: r.installs,
      rev_d0_usd: r.revD0Usd, rev_d7_usd: r.revD7Usd, rev_d30_usd: r.revD30Usd,
    }));
    await tx.query(
      `INSERT INTO finance_cost (batch_id, source, data_version, app_id, day, os, channel, campaign, currency, cost, cost_usd, installs, rev_d0_usd, rev_d7_usd, rev_d30_usd)
       SELECT $1, $2, $3, app_id, day, os, channel, campaign, currency, cost, cost_usd, installs, rev_d0_usd, rev_d7_usd, rev_d30_usd
         FROM jsonb_to_recordset($4::jsonb) AS r(app_id text, day date, os smallint, channel text, campaign text, currency text, cost bigint, cost_usd bigint, installs int,
                                                   rev_d0_usd bigint, rev_d7_usd bigint, rev_d30_usd bigint)`,
      [batchId, input.source, dataVersion, JSON.stringify(chunk)],
    );
  }
  // The daily rollup of every app-day the batch touched: what it replaced and what it wrote.
  const touched = new Set<string>();
  for (const k of input.covers.keys) {
    if (input.covers.unit === 'day') touched.add(`${k.appId}|${k.period}`);
    else for (let d = `${k.period}-01`; d.startsWith(k.period); d = nextDay(d)) touched.add(`${k.appId}|${d}`);
  }
  for (const r of [...revenue, ...cost]) touched.add(`${r.appId}|${r.day}`);
  await rollUpDays(tx, [...touched].map((k) => ({ app_id: k.split('|')[0]!, day: k.split('|')[1]! })));
  return { batchId, dataVersion, rows: revenue.length + cost.length, replaced };
}

/** The months a batch would change: what it covers (replaces) and what it writes. */
export function batchMonths(input: Pick<BatchInput, 'covers' | 'revenue' | 'cost'>): string[] {
  const months = new Set<string>(input.covers.keys.map((k) => k.period.slice(0, 7)));
  for (const r of [...(input.revenue ?? []), ...(input.cost ?? [])]) months.add(r.day.slice(0, 7));
  return [...months].sort();
}

const nextDay = (d: string) => addDays(d, 1);

/** Recomputes finance_daily for app-days from the counted rows (migration 0102 has the same SQL for all days). */
export async function rollUpDays(tx: Sql, keys: readonly { app_id: string; day: string }[]): Promise<void> {
  for (let i = 0; i < keys.length; i += CHUNK) {
    const chunk = JSON.stringify(keys.slice(i, i + CHUNK));
    const inKeys = `(app_id, day) IN (SELECT app_id, day FROM jsonb_to_recordset($1::jsonb) AS k(app_id text, day date))`;
    await tx.query(`DELETE FROM finance_daily WHERE ${inKeys}`, [chunk]);
    await tx.query(
      `INSERT INTO finance_daily (app_id, day, os, ad_usd, iap_gross_usd, iap_net_usd, cost_usd, installs)
       SELECT app_id, day, os, sum(ad), sum(ig), sum(inet), sum(cost), sum(inst) FROM (
         SELECT app_id, day, os, CASE WHEN kind = 'ads' THEN net_usd ELSE 0 END AS ad, CASE WHEN kind = 'iap' THEN gross_usd ELSE 0 END AS ig,
                CASE WHEN kind = 'iap' THEN net_usd ELSE 0 END AS inet, 0 AS cost, 0 AS inst
           FROM ${countedRevenueRows(`r.current AND ${inKeys.replace('(app_id, day)', '(r.app_id, r.day)')}`)} x
         UNION ALL
         SELECT app_id, day, os, 0, 0, 0, cost_usd, installs FROM ${countedCostRows(`c.current AND ${inKeys.replace('(app_id, day)', '(c.app_id, c.day)')}`)} y
       ) u GROUP BY app_id, day, os`,
      [chunk],
    );
  }
  await rollUpMonths(tx, keys);
}

/**
 * Recomputes the monthly rollups (migration 0161) of the app-months the app-days fall in: counted revenue by
 * network and source, current cost by channel and campaign.
 */
async function rollUpMonths(tx: Sql, keys: readonly { app_id: string; day: string }[]): Promise<void> {
  const months = [...new Set(keys.map((k) => `${k.app_id}|${k.day.slice(0, 7)}-01`))].map((k) => ({ app_id: k.split('|')[0]!, month: k.split('|')[1]! }));
  for (let i = 0; i < months.length; i += CHUNK) {
    const chunk = JSON.stringify(months.slice(i, i + CHUNK));
    const inMonths = (alias: string, column: string) =>
      `(${alias}app_id, ${column}) IN (SELECT app_id, month FROM jsonb_to_recordset($1::jsonb) AS k(app_id text, month date))`;
    // The raw rows of those app-months, found by (app_id, day) ranges rather than a per-row date_trunc.
    const rawOf = (alias: string) =>
      `EXISTS (SELECT 1 FROM jsonb_to_recordset($1::jsonb) AS k(app_id text, month date) WHERE k.app_id = ${alias}app_id AND ${alias}day >= k.month AND ${alias}day < (k.month + interval '1 month'))`;
    await tx.query(`DELETE FROM finance_revenue_monthly WHERE ${inMonths('', 'month')}`, [chunk]);
    await tx.query(`DELETE FROM finance_cost_monthly WHERE ${inMonths('', 'month')}`, [chunk]);
    await tx.query(
      `INSERT INTO finance_revenue_monthly (month, app_id, os, kind, network, source, gross_usd, net_usd)
       SELECT date_trunc('month', day)::date, app_id, os, kind, network, source, sum(gross_usd), sum(net_usd)
         FROM ${countedRevenueRows(`r.current AND ${rawOf('r.')}`)} x
        GROUP BY 1, 2, 3, 4, 5, 6`,
      [chunk],
    );
    await tx.query(
      `INSERT INTO finance_cost_monthly (month, app_id, os, channel, campaign, cost_usd, installs, rev_d0_usd, rev_d7_usd, rev_d30_usd)
       SELECT date_trunc('month', day)::date, app_id, os, channel, campaign, sum(cost_usd), sum(installs), sum(rev_d0_usd), sum(rev_d7_usd), sum(rev_d30_usd)
         FROM ${countedCostRows(`c.current AND ${rawOf('c.')}`)} y GROUP BY 1, 2, 3, 4, 5`,
      [chunk],
    );
  }
}
