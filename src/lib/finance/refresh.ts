import { formatUsd } from '../reports/columns';
import { addDays, reportDay } from '../analytics/day';
import type { Db, Sql } from '../server/db';
import { nowMs } from '../time/clock';
import { writeBatch, type RevenueFigure } from './batches';
import { STORE_FEE, STORES } from './model';

/**
 * finance_refresh: pulls the console's own IAP and ad revenue from the analytics rollups (iap_purchases,
 * ad_impression_daily) into finance as rank-2 estimates (counted where no store or network figure exists).
 * Idempotent: it compares what analytics says with the current rows app-day by app-day and writes a batch
 * only for the app-days that changed, so a second run with nothing new writes nothing and says so.
 */

/** How far back a run looks: late events and rollups of the last weeks still move the figures. */
export const REFRESH_DAYS = 45;

type Source = 'console_iap' | 'console_ads';

async function analyticsFigures(db: Sql, from: string, to: string): Promise<Map<string, RevenueFigure[]>> {
  const figures = new Map<string, RevenueFigure[]>();
  const add = (source: Source, f: RevenueFigure) => {
    const key = `${source}|${f.appId}|${f.day}`;
    const list = figures.get(key) ?? [];
    list.push(f);
    figures.set(key, list);
  };
  const iap = await db.query<{ app_id: string; day: string; os: number; gross: string }>(
    `SELECT app_id, day::text AS day, os, sum(revenue)::text AS gross FROM iap_purchases WHERE day BETWEEN $1::date AND $2::date GROUP BY app_id, day, os HAVING sum(revenue) > 0`,
    [from, to],
  );
  for (const r of iap) {
    const gross = Number(r.gross);
    const net = Math.round(gross * (1 - STORE_FEE));
    const store = STORES[Number(r.os) as 1 | 2 | 3] ?? 'Web';
    add('console_iap', { appId: r.app_id, day: r.day, os: Number(r.os), kind: 'iap', network: store, currency: 'USD', gross, net, grossUsd: gross, netUsd: net });
  }
  const ads = await db.query<{ app_id: string; day: string; os: number; network: string; revenue: string }>(
    `SELECT app_id, day::text AS day, os, network, sum(revenue)::text AS revenue FROM ad_impression_daily WHERE day BETWEEN $1::date AND $2::date
      GROUP BY app_id, day, os, network HAVING sum(revenue) > 0`,
    [from, to],
  );
  for (const r of ads) {
    const revenue = Number(r.revenue);
    add('console_ads', { appId: r.app_id, day: r.day, os: Number(r.os), kind: 'ads', network: r.network || 'Unknown', currency: 'USD', gross: revenue, net: revenue, grossUsd: revenue, netUsd: revenue });
  }
  return figures;
}

async function currentFigures(db: Sql, from: string, to: string): Promise<Map<string, string>> {
  const rows = await db.query<{ source: string; app_id: string; day: string; os: number; network: string; gross: string; net: string }>(
    `SELECT source, app_id, day::text AS day, os, network, gross::text AS gross, net::text AS net FROM finance_revenue
      WHERE current AND source IN ('console_iap', 'console_ads') AND day BETWEEN $1::date AND $2::date`,
    [from, to],
  );
  const lines = new Map<string, string[]>();
  for (const r of rows) {
    const key = `${r.source}|${r.app_id}|${r.day}`;
    const list = lines.get(key) ?? [];
    list.push(line(Number(r.os), r.network, Number(r.gross), Number(r.net)));
    lines.set(key, list);
  }
  return new Map([...lines].map(([k, v]) => [k, v.sort().join(';')]));
}

const line = (os: number, network: string, gross: number, net: number) => `${os}/${network}/${gross}/${net}`;

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
    const wanted = await analyticsFigures(tx, from, to);
    const have = await currentFigures(tx, from, to);
    const batches: number[] = [];
    let changed = 0;
    const parts: string[] = [];
    for (const source of ['console_iap', 'console_ads'] as const) {
      const keys = new Set([...wanted.keys(), ...have.keys()].filter((k) => k.startsWith(`${source}|`)));
      const changedKeys = [...keys].filter((k) => (wanted.get(k) ?? []).map((f) => line(f.os, f.network, f.gross, f.net)).sort().join(';') !== (have.get(k) ?? ''));
      if (changedKeys.length === 0) continue;
      const revenue = changedKeys.flatMap((k) => wanted.get(k) ?? []);
      const usd = revenue.reduce((n, f) => n + f.grossUsd, 0) / 1e6;
      const summary = `${changedKeys.length} app-day(s) changed, ${revenue.length} row(s), ${formatUsd(usd)} gross`;
      const result = await writeBatch(tx, {
        source,
        createdBy: 'finance_refresh',
        summary,
        covers: { unit: 'day', keys: changedKeys.map((k) => ({ appId: k.split('|')[1]!, period: k.split('|')[2]! })) },
        revenue,
      });
      batches.push(result.batchId);
      changed += changedKeys.length;
      parts.push(`${source === 'console_iap' ? 'IAP' : 'ad revenue'}: ${summary}`);
    }
    const message = changed === 0 ? `finance ${from}..${to}: no change from analytics` : `finance ${from}..${to}: ${parts.join('; ')}`;
    return { from, to, changedAppDays: changed, batches, message };
  });
}
