import { visibleAppCondition } from '../apps/service';
import type { SessionAccount } from '../auth/types';
import type { Sql } from '../server/db';
import { addDays, reportDay } from '../time/day';
import { nowMs } from '../time/clock';
import { columnStore, type ColumnStore } from './store/column-store';
import { dashboardFigures } from './store/reports';

/** An app the account sees, with its key figures on the dashboard (from the daily rollups; money in USD micros). */
export interface DashboardApp {
  id: string;
  name: string;
  team: string;
  /** Whether any game data has arrived for the app at all. */
  hasData: boolean;
  installsToday: number;
  installsYesterday: number;
  dauYesterday: number;
  revenueYesterday: number;
}

/**
 * The apps the account sees (by name) with installs today and yesterday, DAU and revenue (ads + IAP)
 * yesterday, days cut in UTC+7 — in one query: on the embedded database each query has a fixed cost of
 * about a millisecond of the server's thread, and the dashboard is the page everyone opens first.
 * "Any data" is a lateral LIMIT 1, a probe of the index per app. As an EXISTS the planner may turn it into
 * one hashed scan of the whole daily_metrics table per render (it did on the embedded database, which has
 * no autovacuum and so no statistics: all 2,745 rows read for 4 apps, a cost growing with history; the
 * query took 3.4 ms, now 1.6 ms), and PostgreSQL drops a LIMIT inside an EXISTS.
 */
export async function dashboardApps(db: Sql, account: SessionAccount, now = nowMs()): Promise<DashboardApp[]> {
  const today = reportDay(now);
  const store = columnStore();
  if (store) return dashboardFromStore(db, await store, account, today);
  const params: unknown[] = [today, addDays(today, -1)];
  const rows = await db.query<{ id: string; name: string; team: string; has_data: boolean; it: string; iy: string; dy: string; ry: string }>(
    `SELECT a.id, a.name, coalesce(t.name, '') AS team, h.found IS NOT NULL AS has_data,
            f.it, f.iy, f.dy, f.ry
       FROM apps a LEFT JOIN teams t ON t.id = a.team_id
       LEFT JOIN LATERAL (SELECT 1 AS found FROM daily_metrics x WHERE x.app_id = a.id LIMIT 1) h ON true
       CROSS JOIN LATERAL (
         SELECT coalesce(sum(m.installs) FILTER (WHERE m.day = $1::date), 0)::text AS it,
                coalesce(sum(m.installs) FILTER (WHERE m.day = $2::date), 0)::text AS iy,
                coalesce(sum(m.dau) FILTER (WHERE m.day = $2::date), 0)::text AS dy,
                coalesce(sum(m.ad_revenue + m.iap_revenue) FILTER (WHERE m.day = $2::date), 0)::text AS ry
           FROM daily_metrics m WHERE m.app_id = a.id AND m.day BETWEEN $2::date AND $1::date) f
      WHERE ${visibleAppCondition(account, params)}
      ORDER BY lower(a.name), a.id`,
    params,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    team: r.team,
    hasData: r.has_data,
    installsToday: Number(r.it),
    installsYesterday: Number(r.iy),
    dauYesterday: Number(r.dy),
    revenueYesterday: Number(r.ry),
  }));
}

/** EVENT_STORE=chdb or clickhouse: the apps from the console's database, their figures from the event store. */
async function dashboardFromStore(db: Sql, store: ColumnStore, account: SessionAccount, today: string): Promise<DashboardApp[]> {
  const params: unknown[] = [];
  const apps = await db.query<{ id: string; name: string; team: string }>(
    `SELECT a.id, a.name, coalesce(t.name, '') AS team FROM apps a LEFT JOIN teams t ON t.id = a.team_id
      WHERE ${visibleAppCondition(account, params)} ORDER BY lower(a.name), a.id`,
    params,
  );
  const figures = await dashboardFigures(db, store, apps.map((a) => a.id), today);
  return apps.map((a) => {
    const f = figures.get(a.id);
    return { id: a.id, name: a.name, team: a.team, hasData: f?.hasData ?? false, installsToday: f?.it ?? 0, installsYesterday: f?.iy ?? 0, dauYesterday: f?.dy ?? 0, revenueYesterday: f?.ry ?? 0 };
  });
}
