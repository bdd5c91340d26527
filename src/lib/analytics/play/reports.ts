import { declaredNames } from '../../config-data/tracking-plan';
import { OS_NAMES } from '../../platform';
import type { Db } from '../../server/db';
import { percentileOfRuns, runsOf } from '../../reports/percentile';
import { badRequest } from '../../server/errors';
import { addDays, daysBetween, daysOf } from '../../time/day';
import { metricPerDay, num, refresh, scopeWhere, type ReportScope } from '../reports';
import { FUNNEL_WINDOW_DAYS } from '../rollups/funnel';
import { QUEST_STATES, type CounterCell, type FunnelStepRow, type MeasurementStats, type QuestDayRow, type QuestRow, type ResourceChannelRow, type ResourceDayRow } from './rows';
import { floatsOf, measurementStats, ValueSets } from './measurement-stats';
import { columnSums, everyDay, sumsOf } from '../sums';
import { columnStore } from '../store/column-store';
import * as fromStore from '../store/play-reports';

/**
 * The SQL of the gameplay and custom-event reports: rollup tables only (./rollups), for the scope's apps,
 * after the on-demand rollup of the range's pending app-days; on a column store, the raw events
 * (../store/play-reports.ts), with nothing pending.
 */

/** The refresh of the rollups, or nothing pending on a column store. */
const pendingAfterRefresh = (db: Db, scope: ReportScope, extraDays = 0) => (columnStore() ? Promise.resolve(0) : refresh(db, scope, extraDays));

/** The names a rollup table has in the scope (for the screen's dropdown), most used first. */
async function namesOf(db: Db, scope: ReportScope, table: string, column: string, weight: string, range = 'day', extra = ''): Promise<string[]> {
  if (scope.apps.length === 0) return [];
  const params: unknown[] = [];
  const rows = await db.query<{ name: string }>(
    `SELECT ${column} AS name FROM ${table} WHERE ${scopeWhere(scope, params, range)} ${extra} GROUP BY ${column} ORDER BY sum(${weight}) DESC, ${column}`,
    params,
  );
  return rows.map((r) => r.name);
}

// ---------------------------------------------------------------- task quests

/** A quest's funnel over quest_daily. */
const QUEST = columnSums(...QUEST_STATES);

export async function taskQuests(db: Db, scope: ReportScope): Promise<{ quests: QuestRow[]; days: QuestDayRow[]; pending: number }> {
  const pending = await pendingAfterRefresh(db, scope);
  const byDay = new Map<string, QuestDayRow>();
  let quests: QuestRow[] = [];
  if (scope.apps.length) {
    const store = columnStore();
    const params: unknown[] = [];
    const rows: Record<string, string>[] = store
      ? (await fromStore.questDays(db, await store, scope)).map((r) => ({ ...r, day: r.d! }))
      : await db.query<Record<string, string>>(
          `SELECT quest_id, day::text AS day, ${QUEST.select} FROM quest_daily WHERE ${scopeWhere(scope, params, 'day')} GROUP BY quest_id, day`,
          params,
        );
    const byQuest = new Map<string, QuestRow>();
    for (const r of rows) {
      const counts = QUEST.read(r);
      const q = byQuest.get(r.quest_id!) ?? { questId: r.quest_id!, ...QUEST.zero };
      const d = byDay.get(r.day!) ?? { day: r.day!, ...QUEST.zero };
      for (const k of Object.keys(counts) as (keyof typeof counts)[]) {
        q[k] += counts[k];
        d[k] += counts[k];
      }
      byQuest.set(q.questId, q);
      byDay.set(d.day, d);
    }
    quests = [...byQuest.values()].sort((a, b) => b.started - a.started || (a.questId < b.questId ? -1 : 1));
  }
  return { quests, days: everyDay(daysOf(scope.from, scope.to), byDay, QUEST.zero), pending };
}

// ---------------------------------------------------------------- resources

/** The resource to show: the one asked for, or the scope's busiest; `known` is false for an unknown name. */
async function pickResource(db: Db, scope: ReportScope, asked: string) {
  // The per-resource table is a fraction of the per-source one; busiest = most earner- and spender-days.
  const store = columnStore();
  const resources =
    store && scope.apps.length ? await fromStore.resourceNames(db, await store, scope) : await namesOf(db, scope, 'resource_users_daily', 'resource', 'earners + spenders');
  const resource = asked || resources[0] || '';
  return { resource, resources, known: !asked || resources.includes(asked) };
}

/** A resource's flows per day (resource_flow_daily) and the users who earned or spent it (resource_users_daily). */
const FLOWS = sumsOf({
  earned: "sum(amount) FILTER (WHERE flow = 'earn')",
  spent: "sum(amount) FILTER (WHERE flow = 'spend')",
  earnEvents: "sum(events) FILTER (WHERE flow = 'earn')",
  spendEvents: "sum(events) FILTER (WHERE flow = 'spend')",
});
const USERS = columnSums('earners', 'spenders');

/** DAU per day of the scope, from the rollups or the column store. */
async function dauOf(db: Db, scope: ReportScope): Promise<Map<string, number>> {
  const store = columnStore();
  return store && scope.apps.length ? fromStore.dauPerDay(db, await store, scope) : metricPerDay(db, scope, 'dau');
}

export async function resourceOverview(db: Db, scope: ReportScope, asked: string) {
  const pending = await pendingAfterRefresh(db, scope);
  const picked = await pickResource(db, scope, asked);
  const dau = await dauOf(db, scope);
  const byDay = new Map<string, Omit<ResourceDayRow, 'day' | 'dau'>>();
  const store = columnStore();
  if (store && scope.apps.length && picked.known && picked.resource) {
    for (const r of await fromStore.resourceDays(db, await store, scope, picked.resource)) byDay.set(r.d!, { ...FLOWS.read(r), ...USERS.read(r) });
  } else if (scope.apps.length && picked.known && picked.resource) {
    const params: unknown[] = [];
    const where = scopeWhere(scope, params, 'day');
    const resource = `$${params.push(picked.resource)}`;
    const flows = await db.query<Record<string, string>>(
      `SELECT day::text AS day, ${FLOWS.select} FROM resource_flow_daily WHERE ${where} AND resource = ${resource} GROUP BY day`,
      params,
    );
    const users = await db.query<Record<string, string>>(
      `SELECT day::text AS day, ${USERS.select} FROM resource_users_daily WHERE ${where} AND resource = ${resource} GROUP BY day`,
      params,
    );
    const usersOf = new Map(users.map((u) => [u.day!, u]));
    for (const f of flows) byDay.set(f.day!, { ...FLOWS.read(f), ...USERS.read(usersOf.get(f.day!) ?? {}) });
  }
  const zero = { ...FLOWS.zero, ...USERS.zero };
  const rows: ResourceDayRow[] = daysOf(scope.from, scope.to).map((day) => ({ day, ...(byDay.get(day) ?? zero), dau: dau.get(day) ?? 0 }));
  return { ...picked, rows, pending };
}

export async function resourceChannels(db: Db, scope: ReportScope, asked: string, flow: 'earn' | 'spend') {
  const pending = await pendingAfterRefresh(db, scope);
  const picked = await pickResource(db, scope, asked);
  const dau = await dauOf(db, scope);
  let channels: ResourceChannelRow[] = [];
  const store = columnStore();
  if (store && scope.apps.length && picked.known && picked.resource) {
    channels = await fromStore.resourceChannelRows(db, await store, scope, picked.resource, flow);
  } else if (scope.apps.length && picked.known && picked.resource) {
    const params: unknown[] = [];
    const where = scopeWhere(scope, params, 'day');
    params.push(picked.resource, flow);
    const rows = await db.query<Record<string, string>>(
      `SELECT channel, sum(amount)::text AS amount, sum(events)::text AS events, sum(users)::text AS user_days
         FROM resource_flow_daily WHERE ${where} AND resource = $${params.length - 1} AND flow = $${params.length}
        GROUP BY channel ORDER BY sum(amount) DESC, channel`,
      params,
    );
    channels = rows.map((r) => ({ channel: r.channel!, amount: num(r.amount), events: num(r.events), userDays: num(r.user_days) }));
  }
  return { ...picked, channels, days: daysBetween(scope.from, scope.to) + 1, dauSum: [...dau.values()].reduce((n, v) => n + v, 0), pending };
}

// ---------------------------------------------------------------- funnel

export async function funnel(db: Db, scope: ReportScope, asked: string) {
  // A path entered in the range may still advance during the window after it.
  const pending = await pendingAfterRefresh(db, scope, FUNNEL_WINDOW_DAYS);
  const store = columnStore();
  const funnels = store && scope.apps.length ? await fromStore.funnelNames(db, await store, scope) : await namesOf(db, scope, 'funnel_users', 'funnel', '1', 'entry_day');
  const name = asked || funnels[0] || '';
  const known = !asked || funnels.includes(asked);
  const base = { funnel: name, funnels, known, windowDays: FUNNEL_WINDOW_DAYS, pending, declared: await declaredNames(db, scope.apps, 'funnel_step') };
  if (!scope.apps.length || !known || !name) return { ...base, steps: [] as FunnelStepRow[] };
  // The steps: 0 .. the highest step number sent for the funnel around the range, with their names.
  const params: unknown[] = [JSON.stringify(scope.apps), scope.from, addDays(scope.to, FUNNEL_WINDOW_DAYS), name];
  const defined = store
    ? await fromStore.funnelStepNames(db, await store, scope, name)
    : await db.query<{ step: number; name: string | null }>(
        `SELECT step, max(step_name) AS name FROM funnel_events
          WHERE app_id IN (SELECT jsonb_array_elements_text($1::jsonb)) AND day BETWEEN $2::date AND $3::date AND funnel = $4 GROUP BY step`,
        params,
      );
  const maxStep = Math.max(0, ...defined.map((d) => Number(d.step)));
  if (maxStep < 1) throw badRequest(`funnel: "${name}" has only one step; a funnel needs at least two (steps 0, 1, …)`);
  const names = new Map(defined.map((d) => [Number(d.step), d.name ?? '']));
  const where: unknown[] = [];
  const scopeSql = scopeWhere(scope, where, 'entry_day');
  where.push(name, maxStep);
  // Players per step and seconds value; the median is taken here by the console's one percentile (type 7,
  // ../../reports/percentile.ts), from these runs, so it agrees with Cohort Level, Stuck Game and A/B.
  const rows = store
    ? funnelStepRows(await fromStore.funnelPaths(db, await store, scope, name), maxStep)
    : await db.query<{ n: number; secs: number | null; users: string }>(
        `SELECT s.n, f.step_secs[s.n]::float8 AS secs, count(*)::text AS users
           FROM funnel_users f JOIN generate_series(0, $${where.length}::int) AS s(n) ON f.reached > s.n
          WHERE ${scopeSql} AND f.funnel = $${where.length - 1}
          GROUP BY s.n, secs`,
        where,
      );
  const users = new Map<number, number>();
  const secs = new Map<number, Map<number, number>>();
  for (const r of rows) {
    const n = Number(r.n);
    users.set(n, (users.get(n) ?? 0) + num(r.users));
    if (r.secs === null) continue;
    const counts = secs.get(n) ?? new Map<number, number>();
    counts.set(Number(r.secs), (counts.get(Number(r.secs)) ?? 0) + num(r.users));
    secs.set(n, counts);
  }
  const steps = Array.from({ length: maxStep + 1 }, (_, n) => {
    const counts = secs.get(n);
    return { step: n, name: names.get(n) ?? '', users: users.get(n) ?? 0, medianSecs: n === 0 || !counts ? null : percentileOfRuns(runsOf(counts), 0.5) };
  });
  return { ...base, steps };
}

/** Players' paths as the funnel query's rows: per step 0..maxStep reached, the seconds from the step before (step 0: none). */
function funnelStepRows(paths: readonly { reached: number; stepSecs: number[] }[], maxStep: number): { n: number; secs: number | null; users: string }[] {
  const counts = new Map<string, { n: number; secs: number | null; users: number }>();
  for (const p of paths) {
    for (let n = 0; n <= maxStep && n < p.reached; n++) {
      const secs = n === 0 ? null : (p.stepSecs[n - 1] ?? null);
      const key = `${n}|${secs}`;
      const c = counts.get(key) ?? counts.set(key, { n, secs, users: 0 }).get(key)!;
      c.users++;
    }
  }
  return [...counts.values()].map((c) => ({ ...c, users: String(c.users) }));
}

// ---------------------------------------------------------------- counters

export async function counters(db: Db, scope: ReportScope, asked: string) {
  const pending = await pendingAfterRefresh(db, scope);
  const store = columnStore();
  const fromColumns = store && scope.apps.length ? await fromStore.counterCells(db, await store, scope, asked) : null;
  const names = fromColumns?.names ?? (await namesOf(db, scope, 'counter_daily', 'name', 'events'));
  const known = !asked || names.includes(asked);
  let cells: CounterCell[] = [];
  if (fromColumns && known && names.length) cells = fromColumns.cells;
  else if (scope.apps.length && known && names.length && !store) {
    const params: unknown[] = [];
    const where = scopeWhere(scope, params, 'day');
    const only = asked ? ` AND name = $${params.push(asked)}` : '';
    const rows = await db.query<Record<string, string>>(
      `SELECT day::text AS day, name, sum(total)::text AS total, sum(events)::text AS events, sum(users)::text AS users
         FROM counter_daily WHERE ${where}${only} GROUP BY day, name ORDER BY day, name`,
      params,
    );
    cells = rows.map((r) => ({ day: r.day!, name: r.name!, total: num(r.total), events: num(r.events), users: num(r.users) }));
  }
  return { counter: asked, counters: names, known, days: daysOf(scope.from, scope.to), cells, pending, declared: await declaredNames(db, scope.apps, 'counter') };
}

// ---------------------------------------------------------------- measurements

const TREND_VERSIONS = 5;

export async function measurements(db: Db, scope: ReportScope, asked: string, by: 'version' | 'os' | 'day') {
  const pending = await pendingAfterRefresh(db, scope);
  const names = await measurementNames(db, scope);
  const name = asked || names[0] || '';
  const known = !asked || names.includes(asked);
  const days = daysOf(scope.from, scope.to);
  const none: MeasurementStats = { key: 'All', count: 0, mean: null, p50: null, p90: null, p99: null };
  const base = { name, names, known, days, pending, declared: await declaredNames(db, scope.apps, 'measurement') };
  if (!scope.apps.length || !known || !name) return { ...base, unit: '', rows: [], all: none, trend: [] };
  const params: unknown[] = [];
  const where = `${scopeWhere(scope, params, 'day', 'any')} AND name = $${params.push(name)}`;
  // The values of each (day, OS, version) as one list: the sets by version, OS or day, the All line and the
  // chart's (day, version) are unions of these, and their figures are taken here (./measurement-stats.ts).
  const store = columnStore();
  const lists: { day: string; os: number; ver: string; unit: string; vals: string | number[] }[] = store
    ? await fromStore.measurementValueLists(db, await store, scope, name)
    : await db.query<{ day: string; os: number; ver: string; unit: string; vals: string }>(
        `SELECT day::text AS day, os, app_version AS ver, max(unit) AS unit, string_agg(array_to_string(vals, ','), ',') AS vals
           FROM measurement_lists WHERE ${where} GROUP BY day, os, app_version`,
        params,
      );
  const lines = new ValueSets();
  const every = new ValueSets();
  const chartSets = new ValueSets();
  let unit = '';
  for (const l of lists) {
    const values = floatsOf(l.vals);
    lines.add(by === 'version' ? l.ver : by === 'os' ? String(l.os) : l.day, values);
    every.add('All', values);
    chartSets.add(`${l.day}|${l.ver}`, values);
    if (l.unit > unit) unit = l.unit;
  }
  const rows = lines.keys().map((key) => measurementStats(by === 'os' ? ((OS_NAMES as Record<number, string>)[Number(key)] ?? key) : key, lines.values(key)));
  rows.sort(by === 'day' ? (a, b) => (a.key < b.key ? -1 : 1) : (a, b) => b.count - a.count || (a.key < b.key ? -1 : 1));
  // Keys are `${day}|${version}`: the day has a fixed length, the version may hold anything.
  const chart = chartSets.keys().map((key) => ({ day: key.slice(0, 10), version: key.slice(11), stats: measurementStats(key, chartSets.values(key)) }));
  // The chart: p50 per day of the most measured versions.
  const perVersion = new Map<string, number>();
  for (const c of chart) perVersion.set(c.version, (perVersion.get(c.version) ?? 0) + c.stats.count);
  const versions = (by === 'version' ? rows.map((r) => ({ key: r.key, count: r.count })) : [...perVersion].map(([key, count]) => ({ key, count })))
    .sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : 1))
    .slice(0, TREND_VERSIONS)
    .map((r) => r.key);
  const p50 = new Map(chart.map((c) => [`${c.day}|${c.version}`, c.stats.p50]));
  const trend = versions.map((version) => ({ version, p50: days.map((day) => p50.get(`${day}|${version}`) ?? null) }));
  return { ...base, unit, rows, all: measurementStats('All', every.values('All')), trend };
}

/** The scope's measurement names, most sent first: from the per-name counts, not the values (migration 0151). */
const measurementNames = async (db: Db, scope: ReportScope) => {
  const store = columnStore();
  return store && scope.apps.length ? fromStore.measurementNameList(db, await store, scope) : namesOf(db, scope, 'measurement_counts', 'name', 'events');
};
