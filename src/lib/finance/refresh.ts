import { formatUsdMicros } from '../numbers';
import { addDays, reportDay } from '../time/day';
import { installValueSql, IN_HOUSE, paidCpiCte } from '../house-ads/value';
import type { Db, Sql } from '../server/db';
import { nowMs } from '../time/clock';
import { writeBatch, type CostFigure, type RevenueFigure } from './batches';
import { closedMonthsBetween } from './closing';
import { financeNetwork, STORE_FEE, STORES } from './model';
import { columnStore } from '../analytics/store/column-store';
import { estimatedRevenue } from '../analytics/store/finance-figures';

/**
 * finance_refresh, the part the console computes itself:
 * - the console's own IAP and ad revenue from the analytics rollups (iap_purchases, ad_impression_daily), or on a
 *   column store from raw events with the same definitions (src/lib/analytics/store/finance-figures.ts),
 *   as rank-2 estimates (counted where no store or network figure exists);
 * - house ads: the cost-equivalent value of the installs they brought (src/lib/house-ads/value.ts), booked
 *   as In-house ad revenue of the app that showed the ad and In-house UA cost (with the installs) of the app
 *   advertised, so the studio's own totals net to zero and each app's P&L shows what the other gave it.
 * Idempotent: each source's wanted figures are compared with its current rows app-day by app-day, and a batch
 * is written only for the app-days that changed, so a second run with nothing new writes nothing and says so.
 */

/** How far back a run looks: late events and rollups of the last weeks still move the figures. */
export const REFRESH_DAYS = 45;

const REFRESHED = ['console_iap', 'console_ads', 'house_ads'] as const;
type Source = (typeof REFRESHED)[number];
const NOUN: Record<Source, string> = { console_iap: 'IAP', console_ads: 'ad revenue', house_ads: 'house ads' };

interface Figures {
  revenue: RevenueFigure[];
  cost: CostFigure[];
}

/** Wanted figures by `source|app|day`. */
class Wanted {
  readonly map = new Map<string, Figures>();
  private at(source: Source, appId: string, day: string) {
    const key = `${source}|${appId}|${day}`;
    let f = this.map.get(key);
    if (!f) this.map.set(key, (f = { revenue: [], cost: [] }));
    return f;
  }
  revenue(source: Source, f: RevenueFigure) {
    this.at(source, f.appId, f.day).revenue.push(f);
  }
  cost(source: Source, f: CostFigure) {
    this.at(source, f.appId, f.day).cost.push(f);
  }
}

const revenueLine = (os: number, network: string, gross: number, net: number) => `r/${os}/${network}/${gross}/${net}`;
const costLine = (os: number, channel: string, campaign: string, costUsd: number, installs: number) => `c/${os}/${channel}/${campaign}/${costUsd}/${installs}`;
const linesOf = (f: Figures | undefined) =>
  [...(f?.revenue ?? []).map((r) => revenueLine(r.os, r.network, r.gross, r.net)), ...(f?.cost ?? []).map((c) => costLine(c.os, c.channel, c.campaign, c.costUsd, c.installs))].sort().join(';');

/** The console's IAP and ad revenue of the range: from the rollups on PostgreSQL, from raw events on a column store. */
async function revenueFromEvents(db: Sql, from: string, to: string) {
  const store = columnStore();
  if (store) {
    const apps = (await db.query<{ id: string }>('SELECT id FROM apps ORDER BY id')).map((a) => a.id);
    return estimatedRevenue(db, await store, apps, from, to);
  }
  const iap = await db.query<{ app_id: string; day: string; os: number; gross: string }>(
    `SELECT app_id, day::text AS day, os, sum(revenue)::text AS gross FROM iap_purchases WHERE day BETWEEN $1::date AND $2::date GROUP BY app_id, day, os HAVING sum(revenue) > 0`,
    [from, to],
  );
  const ads = await db.query<{ app_id: string; day: string; os: number; network: string; revenue: string }>(
    `SELECT app_id, day::text AS day, os, network, sum(revenue)::text AS revenue FROM ad_impression_daily WHERE day BETWEEN $1::date AND $2::date
      GROUP BY app_id, day, os, network HAVING sum(revenue) > 0`,
    [from, to],
  );
  return { iap, ads };
}

async function analyticsFigures(db: Sql, from: string, to: string, wanted: Wanted): Promise<void> {
  const { iap, ads } = await revenueFromEvents(db, from, to);
  for (const r of iap) {
    const gross = Number(r.gross);
    const net = Math.round(gross * (1 - STORE_FEE));
    const store = STORES[Number(r.os) as 1 | 2 | 3] ?? 'Web';
    wanted.revenue('console_iap', { appId: r.app_id, day: r.day, os: Number(r.os), kind: 'iap', network: store, currency: 'USD', gross, net, grossUsd: gross, netUsd: net });
  }
  for (const r of ads) {
    const revenue = Number(r.revenue);
    wanted.revenue('console_ads', { appId: r.app_id, day: r.day, os: Number(r.os), kind: 'ads', network: financeNetwork(r.network), currency: 'USD', gross: revenue, net: revenue, grossUsd: revenue, netUsd: revenue });
  }
}

/** House-ad installs of the range by the app that showed the ad, the app advertised, campaign, day and platform. */
async function houseAdFigures(db: Sql, from: string, to: string, wanted: Wanted): Promise<void> {
  const rows = await db.query<{ publisher: string; advertiser: string; campaign: string; day: string; os: number; installs: number; value: string }>(
    `WITH ${paidCpiCte('$1', '$2')}
     SELECT s.publisher_app AS publisher, c.advertised_app AS advertiser, c.name AS campaign, i.day::text AS day,
            coalesce(s.os, (SELECT min(o.os) FROM app_os o WHERE o.app_id = s.publisher_app), 1)::int AS os,
            count(*)::int AS installs, sum(${installValueSql('i')})::text AS value
       FROM house_ad_installs i JOIN house_ad_serves s ON s.serve_id = i.serve_id JOIN house_ad_campaigns c ON c.id = i.campaign_id
      WHERE i.day BETWEEN $1::date AND $2::date
      GROUP BY 1, 2, 3, 4, 5`,
    [from, to],
  );
  const revenue = new Map<string, RevenueFigure>();
  for (const r of rows) {
    const value = Number(r.value);
    const key = `${r.publisher}|${r.day}|${r.os}`;
    const line = revenue.get(key) ?? { appId: r.publisher, day: r.day, os: r.os, kind: 'ads' as const, network: IN_HOUSE, currency: 'USD', gross: 0, net: 0, grossUsd: 0, netUsd: 0 };
    line.gross = line.net = line.grossUsd = line.netUsd = line.gross + value;
    revenue.set(key, line);
    wanted.cost('house_ads', {
      appId: r.advertiser, day: r.day, os: r.os, channel: IN_HOUSE, campaign: r.campaign, currency: 'USD', cost: value, costUsd: value, installs: r.installs, revD0Usd: 0, revD7Usd: 0, revD30Usd: 0,
    });
  }
  for (const f of revenue.values()) wanted.revenue('house_ads', f);
}

async function currentFigures(db: Sql, from: string, to: string): Promise<Map<string, string>> {
  const sources = [...REFRESHED];
  const revenue = await db.query<{ source: string; app_id: string; day: string; os: number; network: string; gross: string; net: string }>(
    `SELECT source, app_id, day::text AS day, os, network, gross::text AS gross, net::text AS net FROM finance_revenue
      WHERE current AND source = ANY($3::text[]) AND day BETWEEN $1::date AND $2::date`,
    [from, to, sources],
  );
  const cost = await db.query<{ source: string; app_id: string; day: string; os: number; channel: string; campaign: string; cost_usd: string; installs: number }>(
    `SELECT source, app_id, day::text AS day, os, channel, campaign, cost_usd::text AS cost_usd, installs FROM finance_cost
      WHERE current AND source = ANY($3::text[]) AND day BETWEEN $1::date AND $2::date`,
    [from, to, sources],
  );
  const lines = new Map<string, string[]>();
  const add = (key: string, line: string) => lines.set(key, [...(lines.get(key) ?? []), line]);
  for (const r of revenue) add(`${r.source}|${r.app_id}|${r.day}`, revenueLine(Number(r.os), r.network, Number(r.gross), Number(r.net)));
  for (const c of cost) add(`${c.source}|${c.app_id}|${c.day}`, costLine(Number(c.os), c.channel, c.campaign, Number(c.cost_usd), Number(c.installs)));
  return new Map([...lines].map(([k, v]) => [k, v.sort().join(';')]));
}

export interface RefreshResult {
  from: string;
  to: string;
  changedAppDays: number;
  batches: number[];
  message: string;
}

export async function refreshFinance(db: Db, options: { days?: number; now?: number } = {}): Promise<RefreshResult> {
  const to = reportDay(options.now ?? nowMs());
  const from = addDays(to, -((options.days ?? REFRESH_DAYS) - 1));
  return db.transaction(async (tx) => {
    const wanted = new Wanted();
    await analyticsFigures(tx, from, to, wanted);
    await houseAdFigures(tx, from, to, wanted);
    const have = await currentFigures(tx, from, to);
    const closed = await closedMonthsBetween(tx, from, to);
    const batches: number[] = [];
    let changed = 0;
    const parts: string[] = [];
    for (const source of REFRESHED) {
      const keys = new Set([...wanted.map.keys(), ...have.keys()].filter((k) => k.startsWith(`${source}|`)));
      // A closed month's figures never change: the refresh leaves its days as they were closed.
      const changedKeys = [...keys].filter((k) => linesOf(wanted.map.get(k)) !== (have.get(k) ?? '') && !closed.has(k.split('|')[2]!.slice(0, 7)));
      if (changedKeys.length === 0) continue;
      const revenue = changedKeys.flatMap((k) => wanted.map.get(k)?.revenue ?? []);
      const cost = changedKeys.flatMap((k) => wanted.map.get(k)?.cost ?? []);
      const usd = revenue.reduce((n, f) => n + f.grossUsd, 0);
      const summary = `${changedKeys.length} app-day(s) changed, ${revenue.length + cost.length} row(s), ${formatUsdMicros(usd)} ${source === 'house_ads' ? 'value' : 'gross'}`;
      const result = await writeBatch(tx, {
        source,
        createdBy: 'finance_refresh',
        summary,
        covers: { unit: 'day', keys: changedKeys.map((k) => ({ appId: k.split('|')[1]!, period: k.split('|')[2]! })) },
        revenue,
        cost,
      });
      batches.push(result.batchId);
      changed += changedKeys.length;
      parts.push(`${NOUN[source]}: ${summary}`);
    }
    const message = changed === 0 ? `finance ${from}..${to}: no change from analytics and house ads` : `finance ${from}..${to}: ${parts.join('; ')}`;
    return { from, to, changedAppDays: changed, batches, message };
  });
}
