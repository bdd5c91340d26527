import type { Sql } from '../server/db';
import { addDays, reportDay } from './day';
import { nowMs } from '../time/clock';

/** An app's key figures on the dashboard (from the daily rollups; money in USD micros). */
export interface AppFigures {
  /** Whether any game data has arrived for the app at all. */
  hasData: boolean;
  installsToday: number;
  installsYesterday: number;
  dauYesterday: number;
  revenueYesterday: number;
}

/** Installs today and yesterday, DAU and revenue (ads + IAP) yesterday, per app, days cut in UTC+7. */
export async function dashboardFigures(db: Sql, appIds: readonly string[], now = nowMs()): Promise<Map<string, AppFigures>> {
  const figures = new Map<string, AppFigures>();
  if (appIds.length === 0) return figures;
  const today = reportDay(now);
  const yesterday = addDays(today, -1);
  const rows = await db.query<{ app_id: string; has_data: boolean; it: string; iy: string; dy: string; ry: string }>(
    `SELECT a.app_id, EXISTS (SELECT 1 FROM daily_metrics x WHERE x.app_id = a.app_id) AS has_data,
            coalesce(sum(m.installs) FILTER (WHERE m.day = $2::date), 0)::text AS it,
            coalesce(sum(m.installs) FILTER (WHERE m.day = $3::date), 0)::text AS iy,
            coalesce(sum(m.dau) FILTER (WHERE m.day = $3::date), 0)::text AS dy,
            coalesce(sum(m.ad_revenue + m.iap_revenue) FILTER (WHERE m.day = $3::date), 0)::text AS ry
       FROM (SELECT jsonb_array_elements_text($1::jsonb) AS app_id) a
       LEFT JOIN daily_metrics m ON m.app_id = a.app_id AND m.day BETWEEN $3::date AND $2::date
      GROUP BY a.app_id`,
    [JSON.stringify(appIds), today, yesterday],
  );
  for (const r of rows) {
    figures.set(r.app_id, { hasData: r.has_data, installsToday: Number(r.it), installsYesterday: Number(r.iy), dauYesterday: Number(r.dy), revenueYesterday: Number(r.ry) });
  }
  return figures;
}
