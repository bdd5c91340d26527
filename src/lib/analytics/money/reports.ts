import type { Db, Sql } from '../../server/db';
import { nowMs } from '../../time/clock';
import { addDays, daysBetween, daysOf, reportDay } from '../../time/day';
import { metricPerDay, num, refresh, scopeWhere, type ReportScope } from '../reports';
import { everyDay, sumsOf } from '../sums';
import { columnStore } from '../store/column-store';
import * as fromStore from '../store/money-reports';
import { daysBucket, DAYS_SINCE_INSTALL_BUCKETS, LEVEL_BANDS, levelBand, NO_INSTALL_BUCKET } from './metrics';
import {
  CVR_WINDOWS, type AdImpressionRow, type AdsImpressionGroup, type AdViewDayRow, type AdViewGroup, type AdViewGroupRow, type AppMeasurementLine, type CvrCohort,
  type CvrGoal, type FirstIapGroup, type FirstIapRow, type InappDayRow, type InappProductRow, type SubscriptionRow,
} from './rows';

/**
 * The ads and money report queries (docs/metrics.md "Ads and money"). Each first rolls up the pending
 * app-days of its range (as the other reports do), then reads the rollup tables of migration 0041 for
 * the apps the account may see. On a column store (EVENT_STORE=chdb|clickhouse) each reads the raw events
 * instead (../store/money-reports.ts), with nothing pending.
 */

/** Only the apps of the scope (facts whose history before the range matters: first purchases, subscriptions). */
const appsOnly = (scope: ReportScope, params: unknown[], column = 'app_id') => `${column} IN (SELECT jsonb_array_elements_text($${params.push(JSON.stringify(scope.apps))}::jsonb))`;

// ---------------------------------------------------------------- ad funnel

/** The ad funnel's figures over ad_view_daily; rewarded shows are the shows of the rewarded format. */
const FUNNEL = sumsOf({
  requests: 'sum(requests)',
  shows: 'sum(shows)',
  clicks: 'sum(clicks)',
  rewards: 'sum(rewards)',
  rewardedShows: "sum(shows) FILTER (WHERE format = 'rewarded')",
  failures: 'sum(failures)',
});

/** The ad funnel per day of the range (all formats or one). */
export async function adviewOverview(db: Db, scope: ReportScope, format: string): Promise<{ rows: AdViewDayRow[]; pending: number }> {
  const store = columnStore();
  if (store) {
    const byDay = scope.apps.length ? await fromStore.adviewDays(db, await store, scope, format) : new Map<string, AdViewDayRow>();
    return { rows: everyDay(daysOf(scope.from, scope.to), byDay, FUNNEL.zero), pending: 0 };
  }
  const pending = await refresh(db, scope);
  const byDay = new Map<string, AdViewDayRow>();
  if (scope.apps.length) {
    const params: unknown[] = [];
    let where = scopeWhere(scope, params, 'day');
    if (format !== 'all') where += ` AND format = $${params.push(format)}`;
    const rows = await db.query<Record<string, unknown>>(`SELECT day::text AS day, ${FUNNEL.select} FROM ad_view_daily WHERE ${where} GROUP BY day`, params);
    for (const r of rows) byDay.set(String(r.day), { day: String(r.day), ...FUNNEL.read(r) });
  }
  return { rows: everyDay(daysOf(scope.from, scope.to), byDay, FUNNEL.zero), pending };
}

const ADVIEW_COLUMN: Record<AdViewGroup, string> = { placement: 'placement', network: 'network', format: 'format', reason: 'reason' };

/** The ad funnel over the range per placement, network or format; or the failures per reason. */
export async function adview(db: Db, scope: ReportScope, by: AdViewGroup): Promise<{ groups: AdViewGroupRow[]; pending: number }> {
  const store = columnStore();
  if (store) return { groups: scope.apps.length ? await fromStore.adviewGroups(db, await store, scope, by) : [], pending: 0 };
  const pending = await refresh(db, scope);
  if (scope.apps.length === 0) return { groups: [], pending };
  const params: unknown[] = [];
  const column = ADVIEW_COLUMN[by];
  const rows = await db.query<Record<string, unknown>>(
    `SELECT ${column} AS key, ${FUNNEL.select} FROM ad_view_daily WHERE ${scopeWhere(scope, params, 'day')} ${by === 'reason' ? 'AND failures > 0' : ''}
      GROUP BY ${column} ORDER BY sum(requests) DESC, sum(failures) DESC, ${column}`,
    params,
  );
  return { groups: rows.map((r) => ({ key: String(r.key), ...FUNNEL.read(r) })), pending };
}

// ---------------------------------------------------------------- ad impressions

const IMPRESSION_COLUMN: Record<Exclude<AdsImpressionGroup, 'day'>, string> = { network: 'network', format: 'format', placement: 'placement' };

/** Impressions and revenue per day, network, format or placement, with DAU (daily_metrics) for the per-DAU figure. */
export async function adsImpression(db: Db, scope: ReportScope, by: AdsImpressionGroup): Promise<{ rows: AdImpressionRow[]; dauDays: number; pending: number }> {
  const store = columnStore();
  const pending = store ? 0 : await refresh(db, scope);
  const empty = by === 'day' ? daysOf(scope.from, scope.to).map((day) => ({ key: day, impressions: 0, revenue: 0, dau: 0 })) : [];
  if (scope.apps.length === 0) return { rows: empty, dauDays: 0, pending };
  const stored = store ? await fromStore.adImpressions(db, await store, scope, by) : null;
  const dauOf = stored?.dauOf ?? (await metricPerDay(db, scope, 'dau'));
  const dauDays = [...dauOf.values()].reduce((s, n) => s + n, 0);
  const params: unknown[] = [];
  const column = by === 'day' ? 'day::text' : IMPRESSION_COLUMN[by];
  const rows =
    stored?.rows ??
    (await db.query<{ key: string; impressions: number; revenue: string }>(
      `SELECT ${column} AS key, sum(impressions)::int AS impressions, sum(revenue)::text AS revenue
         FROM ad_impression_daily WHERE ${scopeWhere(scope, params, 'day')} GROUP BY 1 ORDER BY sum(revenue) DESC, 1`,
      params,
    ));
  if (by === 'day') {
    const byDay = new Map(rows.map((r) => [r.key, r]));
    return { rows: empty.map((e) => ({ ...e, impressions: num(byDay.get(e.key)?.impressions), revenue: num(byDay.get(e.key)?.revenue), dau: dauOf.get(e.key) ?? 0 })), dauDays, pending };
  }
  return { rows: rows.map((r) => ({ key: r.key, impressions: num(r.impressions), revenue: num(r.revenue), dau: dauDays })), dauDays, pending };
}

// ---------------------------------------------------------------- in-app purchases

/** Each user's first purchase ever (per app), with what the reports need of it; restricted to the scope afterwards. */
const FIRST_PURCHASES = (appsWhere: string) =>
  `SELECT DISTINCT ON (app_id, user_id) app_id, user_id, day, event_time, os, app_version, country, product_id, revenue, before_level
     FROM iap_purchases WHERE ${appsWhere} ORDER BY app_id, user_id, event_time, event_id`;

/** A day's purchases (one row per transaction), revenue and distinct payers. */
const INAPP_DAY = sumsOf({ revenue: 'sum(revenue)', purchases: 'count(*)', payers: 'count(DISTINCT (app_id, user_id))' });

/** Purchases (one per transaction), revenue, payers and first-time payers per day. */
export async function inappOverview(db: Db, scope: ReportScope): Promise<{ rows: InappDayRow[]; pending: number }> {
  const store = columnStore();
  if (store) {
    const byDay = scope.apps.length ? await fromStore.purchaseDays(db, await store, scope) : new Map<string, InappDayRow>();
    return { rows: everyDay(daysOf(scope.from, scope.to), byDay, { ...INAPP_DAY.zero, firstPayers: 0 }), pending: 0 };
  }
  const pending = await refresh(db, scope);
  const byDay = new Map<string, InappDayRow>();
  if (scope.apps.length) {
    const params: unknown[] = [];
    const rows = await db.query<Record<string, unknown>>(
      `SELECT day::text AS day, ${INAPP_DAY.select} FROM iap_purchases WHERE ${scopeWhere(scope, params, 'day')} GROUP BY day`,
      params,
    );
    for (const r of rows) byDay.set(String(r.day), { day: String(r.day), ...INAPP_DAY.read(r), firstPayers: 0 });
    const firstParams: unknown[] = [];
    const apps = appsOnly(scope, firstParams);
    const firsts = await db.query<{ day: string; n: number }>(
      `SELECT day::text AS day, count(*)::int AS n FROM (${FIRST_PURCHASES(`${apps} AND day <= $${firstParams.push(scope.to)}::date`)}) f
        WHERE ${scopeWhere(scope, firstParams, 'day')} GROUP BY day`,
      firstParams,
    );
    for (const f of firsts) byDay.get(f.day)!.firstPayers = num(f.n);
  }
  return { rows: everyDay(daysOf(scope.from, scope.to), byDay, { ...INAPP_DAY.zero, firstPayers: 0 }), pending };
}

/** Purchases, buyers and revenue per product over the range; buyers: the distinct buyers of the range. */
export async function inappProducts(db: Db, scope: ReportScope): Promise<{ products: InappProductRow[]; buyers: number; pending: number }> {
  const store = columnStore();
  if (store) return { ...(scope.apps.length ? await fromStore.purchaseProducts(db, await store, scope) : { products: [], buyers: 0 }), pending: 0 };
  const pending = await refresh(db, scope);
  if (scope.apps.length === 0) return { products: [], buyers: 0, pending };
  const params: unknown[] = [];
  const where = scopeWhere(scope, params, 'day');
  const rows = await db.query<Record<string, unknown>>(
    `SELECT product_id, count(*)::int AS purchases, count(DISTINCT (app_id, user_id))::int AS buyers, sum(revenue)::text AS revenue
       FROM iap_purchases WHERE ${where} GROUP BY product_id ORDER BY sum(revenue) DESC, product_id`,
    params,
  );
  const all = await db.one<{ n: number }>(`SELECT count(DISTINCT (app_id, user_id))::int AS n FROM iap_purchases WHERE ${where}`, params);
  return {
    products: rows.map((r) => ({ productId: String(r.product_id), purchases: num(r.purchases), buyers: num(r.buyers), revenue: num(r.revenue) })),
    buyers: num(all?.n),
    pending,
  };
}

/** One payer's first purchase: product, days since install (null without one) and the level reached before it. */
export interface FirstPurchase {
  productId: string;
  revenue: number;
  daysSinceInstall: number | null;
  levelBefore: number;
}

/** First purchases in the range (by the first purchase's day and attributes). */
export async function firstPurchases(db: Sql, scope: ReportScope): Promise<FirstPurchase[]> {
  if (scope.apps.length === 0) return [];
  const store = columnStore();
  if (store) return fromStore.firstPurchaseFacts(db, await store, scope);
  const params: unknown[] = [];
  const apps = appsOnly(scope, params);
  const rows = await db.query<Record<string, unknown>>(
    `SELECT f.product_id, f.revenue::text AS revenue, (f.day - u.install_day)::int AS days,
            greatest(f.before_level, coalesce((SELECT max(r.level) FROM level_reach r
                                                WHERE r.app_id = f.app_id AND r.user_id = f.user_id AND r.mode = 'main' AND r.day < f.day), 0)) AS level
       FROM (SELECT * FROM (${FIRST_PURCHASES(`${apps} AND day <= $${params.push(scope.to)}::date`)}) x WHERE ${scopeWhere(scope, params, 'day')}) f
       LEFT JOIN app_users u ON u.app_id = f.app_id AND u.user_id = f.user_id`,
    params,
  );
  return rows.map((r) => ({ productId: String(r.product_id), revenue: num(r.revenue), daysSinceInstall: r.days === null ? null : num(r.days), levelBefore: num(r.level) }));
}

/** First purchases grouped by product, days since install (buckets) or level before (bands). */
export async function firstIap(db: Db, scope: ReportScope, by: FirstIapGroup): Promise<{ rows: FirstIapRow[]; pending: number }> {
  const pending = columnStore() ? 0 : await refresh(db, scope);
  const groups = new Map<string, FirstIapRow>();
  // Buckets and bands are listed in order even when empty; products by payers.
  if (by === 'daysSinceInstall') for (const b of [...DAYS_SINCE_INSTALL_BUCKETS.map((b) => b.key), NO_INSTALL_BUCKET]) groups.set(b, emptyFirst(b));
  if (by === 'level') for (const b of LEVEL_BANDS) groups.set(b.key, emptyFirst(b.key));
  for (const p of await firstPurchases(db, scope)) {
    const key = by === 'product' ? p.productId : by === 'level' ? levelBand(p.levelBefore) : daysBucket(p.daysSinceInstall);
    const g = groups.get(key) ?? emptyFirst(key);
    groups.set(key, g);
    g.payers++;
    g.revenue += p.revenue;
    g.levelSum += p.levelBefore;
    if (p.daysSinceInstall !== null && p.daysSinceInstall >= 0) {
      g.withInstall++;
      g.daysSum += p.daysSinceInstall;
    }
  }
  const rows = [...groups.values()];
  if (by === 'product') rows.sort((a, b) => b.payers - a.payers || (a.key < b.key ? -1 : 1));
  if (by === 'daysSinceInstall' && groups.get(NO_INSTALL_BUCKET)!.payers === 0) rows.pop();
  return { rows: rows.some((r) => r.payers > 0) ? rows : [], pending };
}
const emptyFirst = (key: string): FirstIapRow => ({ key, payers: 0, revenue: 0, withInstall: 0, daysSum: 0, levelSum: 0 });

// ---------------------------------------------------------------- subscriptions

interface SubEvent {
  app_id: string;
  user_id: string;
  product_id: string;
  action: string;
  day: string;
  revenue: string;
  os: number;
  app_version: string;
  country: string;
}

/** Whether an event's attributes pass the scope's OS, version and country filters. */
const matches = (scope: ReportScope, e: { os: number; app_version: string; country: string }) =>
  (!scope.os || num(e.os) === scope.os) && (!scope.version || scope.version === 'all' || e.app_version === scope.version) && (!scope.countries.length || scope.countries.includes(e.country));

/**
 * Starts, renewals, cancellations and revenue of the range, and the subscriptions active at the end of
 * each day: a user's subscription to a product is active from a start or renew until a cancel, and is
 * counted under the attributes of the event that last made it active.
 */
export async function subscriptions(db: Db, scope: ReportScope, by: 'day' | 'product'): Promise<{ rows: SubscriptionRow[]; pending: number }> {
  const store = columnStore();
  const pending = store ? 0 : await refresh(db, scope);
  const days = daysOf(scope.from, scope.to);
  const events: SubEvent[] = [];
  if (scope.apps.length && store) events.push(...(await fromStore.subscriptionEvents(db, await store, scope)));
  else if (scope.apps.length) {
    const params: unknown[] = [];
    events.push(
      ...(await db.query<SubEvent>(
        `SELECT app_id, user_id, product_id, action, day::text AS day, revenue::text AS revenue, os, app_version, country FROM subscription_events
          WHERE ${appsOnly(scope, params)} AND day <= $${params.push(scope.to)}::date ORDER BY app_id, user_id, product_id, event_time, event_id`,
        params,
      )),
    );
  }
  // Per product: the change of active subscriptions (matching the filters) at the end of each day, and the range's counts.
  const delta = new Map<string, Map<string, number>>();
  const rows = new Map<string, SubscriptionRow>();
  const rowOf = (key: string) => rows.get(key) ?? rows.set(key, { key, starts: 0, renewals: 0, cancellations: 0, revenue: 0, activeEnd: 0, activeBase: 0 }).get(key)!;
  const change = (product: string, day: string, by: number) => {
    const m = delta.get(product) ?? delta.set(product, new Map()).get(product)!;
    m.set(day, (m.get(day) ?? 0) + by);
  };
  let prev = null as { key: string; counted: boolean } | null;
  for (const e of events) {
    const key = `${e.app_id}|${e.user_id}|${e.product_id}`;
    if (prev?.key !== key) prev = { key, counted: false };
    // counted: the subscription is active and its activating event matches the filters.
    const counted = e.action !== 'cancel' && matches(scope, e);
    if (counted !== prev.counted) change(e.product_id, e.day, counted ? 1 : -1);
    prev.counted = counted;
    if (e.day >= scope.from && matches(scope, e)) {
      const r = rowOf(by === 'day' ? e.day : e.product_id);
      if (e.action === 'start') r.starts++;
      else if (e.action === 'renew') r.renewals++;
      else r.cancellations++;
      r.revenue += num(e.revenue);
    }
  }
  // Active at the end of each day (and of the day before the range), per product.
  for (const [product, changes] of delta) {
    let active = 0;
    for (const [day, n] of changes) if (day < scope.from) active += n;
    for (const day of days) {
      const base = active;
      active += changes.get(day) ?? 0;
      const r = rowOf(by === 'day' ? day : product);
      r.activeBase += base;
      if (by === 'day') r.activeEnd += active;
      else if (day === scope.to) r.activeEnd = active;
    }
  }
  if (by === 'day') return { rows: days.map((day) => rowOf(day)), pending };
  return { rows: [...rows.values()].filter((r) => r.starts + r.renewals + r.cancellations + r.activeEnd + r.activeBase > 0).sort((a, b) => (a.key < b.key ? -1 : 1)), pending };
}

// ---------------------------------------------------------------- CVR

/** Install cohorts of the range and, per window, how many had first reached the goal by install day + N (null until that day is over). */
export async function cvr(db: Db, scope: ReportScope, goal: CvrGoal, now = nowMs()): Promise<{ cohorts: CvrCohort[]; pending: number }> {
  const last = CVR_WINDOWS[CVR_WINDOWS.length - 1]!;
  const store = columnStore();
  const pending = store ? 0 : await refresh(db, scope, last);
  const today = reportDay(now);
  const fromColumns = store && scope.apps.length ? await fromStore.cvrCells(db, await store, scope, goal, last) : null;
  const sizes = fromColumns?.sizes ?? new Map<string, number>();
  const reached = fromColumns?.reached ?? new Map<string, number>();
  if (scope.apps.length && !store) {
    const params: unknown[] = [];
    const where = scopeWhere(scope, params, 'install_day');
    for (const r of await db.query<{ day: string; n: number }>(`SELECT install_day::text AS day, count(*)::int AS n FROM app_users WHERE ${where} GROUP BY install_day`, params)) {
      sizes.set(r.day, num(r.n));
    }
    const rows = await db.query<{ day: string; after: number; n: number }>(
      `SELECT install_day::text AS day, (day - install_day)::int AS after, sum(users)::int AS n FROM cvr_cohort
        WHERE ${where} AND kind = $${params.push(goal)} AND day <= install_day + ${last} GROUP BY 1, 2`,
      params,
    );
    for (const r of rows) reached.set(`${r.day}|${num(r.after)}`, num(r.n));
  }
  const cohorts = daysOf(scope.from, scope.to).map((day) => {
    let running = 0;
    const byAfter: number[] = [];
    for (let n = 0; n <= last; n++) byAfter.push((running += reached.get(`${day}|${n}`) ?? 0));
    return { installDay: day, installs: sizes.get(day) ?? 0, converted: CVR_WINDOWS.map((n) => (addDays(day, n) >= today ? null : byAfter[n]!)) };
  });
  return { cohorts, pending };
}

// ---------------------------------------------------------------- App Measurement

/** Every app of the scope with data in the range, side by side (Main Data's and Retention's rollups). */
export async function appMeasurement(db: Db, scope: ReportScope, now = nowMs()): Promise<{ lines: AppMeasurementLine[]; pending: number }> {
  const store = columnStore();
  const pending = store ? 0 : await refresh(db, scope, 7);
  if (scope.apps.length === 0) return { lines: [], pending };
  const today = reportDay(now);
  const days = daysOf(scope.from, scope.to);
  const params: unknown[] = [];
  const where = scopeWhere(scope, params, 'day');
  const daily = store
    ? await fromStore.appDays(db, await store, scope)
    : await db.query<Record<string, unknown>>(
        `SELECT app_id, day::text AS day, sum(installs)::int AS installs, sum(dau)::int AS dau, sum(sessions)::int AS sessions, sum(ad_revenue)::text AS ad_revenue,
                sum(iap_revenue)::text AS iap_revenue, sum(payers)::int AS payers
           FROM daily_metrics WHERE ${where} GROUP BY app_id, day`,
        params,
      );
  const retParams: unknown[] = [];
  const retained = store
    ? await fromStore.appRetainedD1D7(db, await store, scope, today)
    : await db.query<{ app_id: string; install_day: string; n: number; users: number }>(
        `SELECT app_id, install_day::text AS install_day, (day - install_day)::int AS n, sum(users)::int AS users FROM retention_daily
          WHERE ${scopeWhere(scope, retParams, 'install_day')} AND day - install_day IN (1, 7) AND day < $${retParams.push(today)}::date GROUP BY 1, 2, 3`,
        retParams,
      );
  const names = await db.query<{ id: string; name: string }>('SELECT id, name FROM apps WHERE id IN (SELECT jsonb_array_elements_text($1::jsonb))', [JSON.stringify(scope.apps)]);
  const lines = new Map<string, AppMeasurementLine>();
  const lineOf = (appId: string) =>
    lines.get(appId) ??
    lines
      .set(appId, {
        appId, name: names.find((n) => n.id === appId)?.name ?? appId, installs: 0, dauSum: 0, days: days.length, sessions: 0, adRevenue: 0, iapRevenue: 0, payersSum: 0,
        d1Users: 0, d1Base: 0, d7Users: 0, d7Base: 0, dauByDay: days.map(() => 0),
      })
      .get(appId)!;
  const installs = new Map<string, number>();
  for (const r of daily) {
    const l = lineOf(String(r.app_id));
    l.installs += num(r.installs);
    l.dauSum += num(r.dau);
    l.sessions += num(r.sessions);
    l.adRevenue += num(r.ad_revenue);
    l.iapRevenue += num(r.iap_revenue);
    l.payersSum += num(r.payers);
    l.dauByDay[daysBetween(scope.from, String(r.day))] = num(r.dau);
    installs.set(`${r.app_id}|${r.day}`, num(r.installs));
  }
  // Bases: the installs of the cohorts whose day 1 / day 7 is over.
  for (const l of lines.values()) {
    for (const day of days) {
      const n = installs.get(`${l.appId}|${day}`) ?? 0;
      if (addDays(day, 1) < today) l.d1Base += n;
      if (addDays(day, 7) < today) l.d7Base += n;
    }
  }
  for (const r of retained) {
    const l = lines.get(r.app_id);
    if (!l) continue;
    if (num(r.n) === 1) l.d1Users += num(r.users);
    else l.d7Users += num(r.users);
  }
  return { lines: [...lines.values()].sort((a, b) => b.adRevenue + b.iapRevenue - (a.adRevenue + a.iapRevenue) || (a.name < b.name ? -1 : 1)), pending };
}
