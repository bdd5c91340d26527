import { addDays, daysOf, reportDay } from '../../src/lib/time/day';

/**
 * The ads and money figures of docs/metrics.md ("Ads and money") computed directly from the events an
 * SDK sent — plain loops over the raw events, none of the console's SQL — for the API suite to compare
 * with the reports. Answers have the reports' shapes (without pending/meta) so a test compares them whole.
 */

export interface RawEvent {
  id: string;
  app: string;
  os: number;
  name: string;
  userId: string;
  time: number;
  appVersion: string;
  country: string;
  params: Record<string, unknown>;
}

export interface Scope {
  apps: string[];
  from: string;
  to: string;
  os?: number;
  version?: string;
  countries?: string[];
}

const n = (v: unknown) => Number(v ?? 0);
const dayOf = (e: RawEvent) => reportDay(e.time);
const byTime = (a: RawEvent, b: RawEvent) => a.time - b.time || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
/** Attributes pass the OS, version and country filters. */
const passes = (s: Scope, a: { os: number; appVersion: string; country: string }) =>
  (!s.os || a.os === s.os) && (!s.version || s.version === 'all' || a.appVersion === s.version) && (!s.countries?.length || s.countries.includes(a.country));
const inRange = (s: Scope, day: string) => day >= s.from && day <= s.to;

/** The events the console stores: one per (app, event id) — a resent event is the same event. */
export function stored(events: readonly RawEvent[]): RawEvent[] {
  const seen = new Set<string>();
  return events.filter((e) => {
    const key = `${e.app}|${e.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Events of the scope's apps and range whose own attributes pass the filters. */
const scoped = (events: readonly RawEvent[], s: Scope) => events.filter((e) => s.apps.includes(e.app) && inRange(s, dayOf(e)) && passes(s, e));

// ---------------------------------------------------------------- ad funnel

const funnelOf = (views: readonly RawEvent[]) => ({
  requests: views.filter((e) => e.params.action === 'request').length,
  shows: views.filter((e) => e.params.action === 'show').length,
  clicks: views.filter((e) => e.params.action === 'click').length,
  rewards: views.filter((e) => e.params.action === 'reward').length,
  rewardedShows: views.filter((e) => e.params.action === 'show' && e.params.format === 'rewarded').length,
  failures: views.filter((e) => e.params.action === 'failed').length,
});

export function adviewOverview(events: readonly RawEvent[], s: Scope, format = 'all') {
  const views = scoped(events, s).filter((e) => e.name === 'ad_view' && (format === 'all' || e.params.format === format));
  return daysOf(s.from, s.to).map((day) => ({ day, ...funnelOf(views.filter((e) => dayOf(e) === day)) }));
}

/** Groups sorted by key (the report's own order is checked apart). */
export function adview(events: readonly RawEvent[], s: Scope, by: 'placement' | 'network' | 'format' | 'reason') {
  const views = scoped(events, s).filter((e) => e.name === 'ad_view' && (by !== 'reason' || e.params.action === 'failed'));
  const keyOf = (e: RawEvent) => String(e.params[by] ?? '');
  return [...new Set(views.map(keyOf))].sort().map((key) => ({ key, ...funnelOf(views.filter((e) => keyOf(e) === key)) }));
}

// ---------------------------------------------------------------- ad impressions

/** DAU of a day under the filters: users whose last event of the day passes them. */
function dau(events: readonly RawEvent[], s: Scope, day: string): number {
  const last = new Map<string, RawEvent>();
  for (const e of events) {
    if (!s.apps.includes(e.app) || dayOf(e) !== day) continue;
    const key = `${e.app}|${e.userId}`;
    const prev = last.get(key);
    if (!prev || byTime(prev, e) < 0) last.set(key, e);
  }
  return [...last.values()].filter((e) => passes(s, e)).length;
}

export function adsImpression(events: readonly RawEvent[], s: Scope, by: 'day' | 'network' | 'format' | 'placement') {
  const imps = scoped(events, s).filter((e) => e.name === 'ad_impression');
  const days = daysOf(s.from, s.to);
  const dauOf = new Map(days.map((d) => [d, dau(events, s, d)]));
  const dauDays = [...dauOf.values()].reduce((a, b) => a + b, 0);
  const keyOf = (e: RawEvent) => (by === 'day' ? dayOf(e) : String(e.params[by]));
  const keys = by === 'day' ? days : [...new Set(imps.map(keyOf))].sort();
  const rows = keys.map((key) => {
    const of = imps.filter((e) => keyOf(e) === key);
    return { key, impressions: of.length, revenue: of.reduce((t, e) => t + n(e.params.revenueUsdMicros), 0), dau: by === 'day' ? dauOf.get(key)! : dauDays };
  });
  return { rows, dauDays };
}

// ---------------------------------------------------------------- in-app purchases

/** One purchase per (app, transaction id): its earliest event. */
export function transactions(events: readonly RawEvent[]): RawEvent[] {
  const first = new Map<string, RawEvent>();
  for (const e of events) {
    if (e.name !== 'iap_purchase') continue;
    const key = `${e.app}|${e.params.transactionId}`;
    const prev = first.get(key);
    if (!prev || byTime(e, prev) < 0) first.set(key, e);
  }
  return [...first.values()];
}

/** Each payer's first purchase (per app), whatever the range. */
function firstPurchases(events: readonly RawEvent[]): RawEvent[] {
  const first = new Map<string, RawEvent>();
  for (const e of transactions(events)) {
    const key = `${e.app}|${e.userId}`;
    const prev = first.get(key);
    if (!prev || byTime(e, prev) < 0) first.set(key, e);
  }
  return [...first.values()];
}

export function inappOverview(events: readonly RawEvent[], s: Scope) {
  const tx = scoped(transactions(events), s);
  const firsts = scoped(firstPurchases(events), s);
  return daysOf(s.from, s.to).map((day) => {
    const of = tx.filter((e) => dayOf(e) === day);
    return {
      day,
      revenue: of.reduce((t, e) => t + n(e.params.revenueUsdMicros), 0),
      purchases: of.length,
      payers: new Set(of.map((e) => `${e.app}|${e.userId}`)).size,
      firstPayers: firsts.filter((e) => dayOf(e) === day).length,
    };
  });
}

/** Products sorted by id. */
export function inapp(events: readonly RawEvent[], s: Scope) {
  const tx = scoped(transactions(events), s);
  const products = [...new Set(tx.map((e) => String(e.params.productId)))].sort().map((productId) => {
    const of = tx.filter((e) => e.params.productId === productId);
    return { productId, purchases: of.length, buyers: new Set(of.map((e) => `${e.app}|${e.userId}`)).size, revenue: of.reduce((t, e) => t + n(e.params.revenueUsdMicros), 0) };
  });
  return { products, buyers: new Set(tx.map((e) => `${e.app}|${e.userId}`)).size };
}

/** Install day per app|user: the day of the first first_open. */
function installs(events: readonly RawEvent[]): Map<string, RawEvent> {
  const first = new Map<string, RawEvent>();
  for (const e of events) {
    if (e.name !== 'first_open') continue;
    const key = `${e.app}|${e.userId}`;
    const prev = first.get(key);
    if (!prev || byTime(e, prev) < 0) first.set(key, e);
  }
  return first;
}

const daysFrom = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/** Each first purchase of the range: product, revenue, days since install (null without an install), highest main level played before it. */
export function firstIapFacts(events: readonly RawEvent[], s: Scope) {
  const install = installs(events);
  return scoped(firstPurchases(events), s).map((p) => {
    const i = install.get(`${p.app}|${p.userId}`);
    const levels = events.filter((e) => e.app === p.app && e.userId === p.userId && e.name.startsWith('level_') && (e.params.mode ?? 'main') === 'main' && e.time <= p.time);
    return {
      productId: String(p.params.productId),
      revenue: n(p.params.revenueUsdMicros),
      daysSinceInstall: i ? daysFrom(dayOf(i), dayOf(p)) : null,
      levelBefore: levels.reduce((m, e) => Math.max(m, n(e.params.level)), 0),
    };
  });
}

// ---------------------------------------------------------------- subscriptions

/** Per day (or product): starts, renewals, cancellations, revenue, active at the end, churn base. */
export function subscription(events: readonly RawEvent[], s: Scope, by: 'day' | 'product') {
  const subs = events.filter((e) => e.name === 'subscription' && s.apps.includes(e.app) && dayOf(e) <= s.to).sort(byTime);
  const days = daysOf(s.from, s.to);
  /** Subscriptions counted as active at the end of a day (per product): last event start/renew, and it passes the filters. */
  const activeAt = (day: string, product: string) => {
    const last = new Map<string, RawEvent>();
    for (const e of subs) if (dayOf(e) <= day && e.params.productId === product) last.set(`${e.app}|${e.userId}`, e);
    return [...last.values()].filter((e) => e.params.action !== 'cancel' && passes(s, e)).length;
  };
  const products = [...new Set(subs.map((e) => String(e.params.productId)))].sort();
  const counts = (of: RawEvent[]) => ({
    starts: of.filter((e) => e.params.action === 'start').length,
    renewals: of.filter((e) => e.params.action === 'renew').length,
    cancellations: of.filter((e) => e.params.action === 'cancel').length,
    revenue: of.reduce((t, e) => t + n(e.params.revenueUsdMicros), 0),
  });
  const inScope = subs.filter((e) => inRange(s, dayOf(e)) && passes(s, e));
  if (by === 'day') {
    return days.map((day) => ({
      key: day,
      ...counts(inScope.filter((e) => dayOf(e) === day)),
      activeEnd: products.reduce((t, p) => t + activeAt(day, p), 0),
      activeBase: products.reduce((t, p) => t + activeAt(addDays(day, -1), p), 0),
    }));
  }
  return products
    .map((p) => ({
      key: p,
      ...counts(inScope.filter((e) => e.params.productId === p)),
      activeEnd: activeAt(s.to, p),
      activeBase: days.reduce((t, d) => t + activeAt(addDays(d, -1), p), 0),
    }))
    .filter((r) => r.starts + r.renewals + r.cancellations + r.activeEnd + r.activeBase > 0);
}

// ---------------------------------------------------------------- CVR

const WINDOWS = [0, 1, 3, 7, 14, 30];

/** Per install cohort: installs and users whose first goal event is on or before install day + N (null until that day is over). */
export function cvr(events: readonly RawEvent[], s: Scope, goal: 'purchase' | 'rewarded' | 'level1', today: string) {
  const isGoal = (e: RawEvent) =>
    goal === 'purchase' ? e.name === 'iap_purchase' : goal === 'rewarded' ? e.name === 'ad_impression' && e.params.format === 'rewarded' : e.name === 'level_complete' && (e.params.mode ?? 'main') === 'main' && e.params.level === 1;
  const firstGoal = new Map<string, string>();
  for (const e of events) {
    if (!isGoal(e)) continue;
    const key = `${e.app}|${e.userId}`;
    if (!firstGoal.has(key) || dayOf(e) < firstGoal.get(key)!) firstGoal.set(key, dayOf(e));
  }
  const cohorts = [...installs(events)].filter(([key, e]) => s.apps.includes(key.split('|')[0]!) && passes(s, e) && inRange(s, dayOf(e)));
  return daysOf(s.from, s.to).map((installDay) => {
    const members = cohorts.filter(([, e]) => dayOf(e) === installDay).map(([key]) => key);
    return {
      installDay,
      installs: members.length,
      converted: WINDOWS.map((w) => (addDays(installDay, w) >= today ? null : members.filter((k) => firstGoal.has(k) && firstGoal.get(k)! <= addDays(installDay, w)).length)),
    };
  });
}

// ---------------------------------------------------------------- App Measurement

/** Per app with data: Main Data's sums over the range, D1/D7 retention of the cohorts whose day is over, DAU per day. */
export function appMeasurement(events: readonly RawEvent[], s: Scope, names: Record<string, string>, today: string) {
  const days = daysOf(s.from, s.to);
  const install = installs(events);
  const lines = [];
  for (const app of s.apps) {
    const own = events.filter((e) => e.app === app);
    const dauByDay = days.map((d) => dau(own, s, d));
    // Activity figures by the user-day's last event, as Main Data.
    const userDays = new Map<string, RawEvent[]>();
    for (const e of own) if (inRange(s, dayOf(e))) userDays.set(`${e.userId}|${dayOf(e)}`, [...(userDays.get(`${e.userId}|${dayOf(e)}`) ?? []), e]);
    let sessions = 0, adRevenue = 0, iapRevenue = 0, payersSum = 0;
    for (const list of userDays.values()) {
      const last = [...list].sort(byTime).at(-1)!;
      if (!passes(s, last)) continue;
      sessions += list.filter((e) => e.name === 'session_start').length;
      adRevenue += list.filter((e) => e.name === 'ad_impression').reduce((t, e) => t + n(e.params.revenueUsdMicros), 0);
      const buys = list.filter((e) => e.name === 'iap_purchase');
      iapRevenue += buys.reduce((t, e) => t + n(e.params.revenueUsdMicros), 0);
      if (buys.length) payersSum++;
    }
    const cohort = [...install].filter(([k, e]) => k.startsWith(`${app}|`) && passes(s, e) && inRange(s, dayOf(e)));
    const active = new Set(own.map((e) => `${e.userId}|${dayOf(e)}`));
    const ret = (w: number) => {
      const over = cohort.filter(([, e]) => addDays(dayOf(e), w) < today);
      return { users: over.filter(([k, e]) => active.has(`${k.split('|')[1]}|${addDays(dayOf(e), w)}`)).length, base: over.length };
    };
    const d1 = ret(1), d7 = ret(7);
    const line = {
      appId: app, name: names[app] ?? app, installs: cohort.length, dauSum: dauByDay.reduce((a, b) => a + b, 0), days: days.length, sessions, adRevenue, iapRevenue, payersSum,
      d1Users: d1.users, d1Base: d1.base, d7Users: d7.users, d7Base: d7.base, dauByDay,
    };
    if (line.dauSum + line.installs > 0) lines.push(line);
  }
  return lines;
}
