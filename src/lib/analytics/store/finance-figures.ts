import type { Sql } from '../../server/db';
import type { ColumnStore } from './types';
import { liveEvents } from './schema';
import { storeContext } from './scope';
import { baseParams } from './reports';
import { appDays, transactions } from './money-reports';

/**
 * Finance's reads of game events (src/lib/finance/refresh.ts, reconciliation-query.ts) on the column store,
 * from raw events with the definitions of the rollups they read on PostgreSQL:
 * - IAP revenue per app, day and platform = iap_purchases: each store transaction once, on its earliest
 *   non-refused event, under that event's platform (the Inapp reports' purchases);
 * - ad revenue per app, day, platform and network = ad_impression_daily: every ad_impression under its own attributes;
 * - the SDK side of reconciliation = daily_metrics: the user-days' ad and IAP revenue (every non-refused
 *   purchase event), under the user-day's platform (Main Data's rule).
 * Test players are left out, as analytics_events leaves them out of the rollups.
 */

const num = (v: unknown) => Number(v ?? 0);

/** IAP and ad revenue (USD micros) of the apps over the days, as finance's refresh books its estimates. */
export async function estimatedRevenue(
  db: Sql,
  store: ColumnStore,
  apps: readonly string[],
  from: string,
  to: string,
): Promise<{ iap: { app_id: string; day: string; os: number; gross: number }[]; ads: { app_id: string; day: string; os: number; network: string; revenue: number }[] }> {
  if (apps.length === 0) return { iap: [], ads: [] };
  const params = baseParams({ apps: [...apps], from, to }, await storeContext(db, apps));
  const [iap, ads] = await Promise.all([
    store.query<{ app_id: string; d: string; os: string; gross: string }>(
      `SELECT app_id, toString(day) AS d, os, sum(revenue) AS gross FROM (${transactions(store)})
        WHERE day >= {from:Date} GROUP BY app_id, day, os HAVING gross > 0 ORDER BY app_id, day, os`,
      params,
    ),
    store.query<{ app_id: string; d: string; os: string; network: string; rev: string }>(
      `SELECT app_id, toString(day) AS d, os, simpleJSONExtractString(params, 'network') AS network, sum(revenue) AS rev
         FROM ${liveEvents(store, "app_id IN {apps:Array(String)} AND day BETWEEN {from:Date} AND {to:Date} AND name = 'ad_impression'")}
        GROUP BY app_id, day, os, network HAVING rev > 0 ORDER BY app_id, day, os, network`,
      params,
    ),
  ]);
  return {
    iap: iap.map((r) => ({ app_id: r.app_id, day: r.d, os: num(r.os), gross: num(r.gross) })),
    ads: ads.map((r) => ({ app_id: r.app_id, day: r.d, os: num(r.os), network: r.network, revenue: num(r.rev) })),
  };
}

/** Reconciliation's SDK side: per app and day with money, the ad and IAP revenue of Main Data (platform filter on the user-day). */
export async function sdkRevenueDays(db: Sql, store: ColumnStore, scope: { apps: string[]; from: string; to: string; os: number }): Promise<{ app_id: string; day: string; ads: number; iap: number }[]> {
  const days = await appDays(db, store, { ...scope, version: 'all', countries: [] });
  return days
    .map((r) => ({ app_id: String(r.app_id), day: String(r.day), ads: num(r.ad_revenue), iap: num(r.iap_revenue) }))
    .filter((r) => r.ads !== 0 || r.iap !== 0);
}
