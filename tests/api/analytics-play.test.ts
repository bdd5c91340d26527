import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayStart, daysBetween, daysOf, reportDay } from '../../src/lib/time/day';
import { formatDay } from '../../src/lib/time/format';
import {
  counterHorizontalScreen,
  counterVerticalScreen,
  funnelScreen,
  measurementScreen,
  resourceEarnScreen,
  resourceOverviewScreen,
  resourceSpendScreen,
  taskQuestScreen,
} from '../../src/lib/analytics/play/screens';
import { simulateStudio } from '../../src/lib/analytics/simulator';
import { exportGrid } from '../../src/lib/reports/table';
import { median } from '../../src/lib/reports/percentile';
import { analyticNoteContract, analyticNoteDeleteContract, analyticNoteListContract } from '../../src/lib/analytics/play/notes-contract';
import { accountLogContract } from '../../src/lib/logs/contract';
import { nowMs } from '../../src/lib/time/clock';
import { ownAccount, raw, rejection, signedInAs } from './helpers';
import { type SentEvent, newTelemetryApp, rollUpEverything, sendEvents, wire } from './telemetry-kit';

/**
 * The gameplay and custom-event reports (docs/metrics.md "Gameplay and custom events") against an
 * independent recomputation from the raw events this suite sends: plain TypeScript over the events, not
 * the rollups' SQL. A hand-made set covers the edge cases (resent events, another app's events, the UTC+7
 * day boundary, attributes of a user's last event of the day, funnel order and window), a simulated one
 * the everyday shapes.
 */

type Root = Awaited<ReturnType<typeof signedInAs>>;
let root: Root;

type Sent = SentEvent;

interface Filters {
  from: string;
  to: string;
  os?: number;
  version?: string;
  countries?: string[];
}

const newApp = (id: string) => newTelemetryApp(root, id, 'Play');

const send = sendEvents;

// ---------------------------------------------------------------- the recomputation (docs/metrics.md)

const DAY_MS = 86_400_000;
const byTime = (a: Sent, b: Sent) => a.time - b.time || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** A user's attributes of a day: those of their last event that day. */
function dayAttributes(events: readonly Sent[]): Map<string, Sent> {
  const last = new Map<string, Sent>();
  for (const e of [...events].sort(byTime)) last.set(`${e.userId}|${reportDay(e.time)}`, e);
  return last;
}

const passes = (f: Filters, a: { os: number; appVersion: string; country: string }) =>
  (!f.os || a.os === f.os) && (!f.version || f.version === 'all' || a.appVersion === f.version) && (!f.countries?.length || f.countries.includes(a.country));

/** Events of the range whose user-day passes the filters (activity figures). */
function activity(events: readonly Sent[], f: Filters): Sent[] {
  const attrs = dayAttributes(events);
  return events.filter((e) => {
    const day = reportDay(e.time);
    return day >= f.from && day <= f.to && passes(f, attrs.get(`${e.userId}|${day}`)!);
  });
}

const distinct = (events: readonly Sent[]) => new Set(events.map((e) => e.userId)).size;
const sumOf = (events: readonly Sent[], field: string) => events.reduce((n, e) => n + Number(e.params[field]), 0);
/** Sum over the days of a per-day figure. */
const overDays = (events: readonly Sent[], perDay: (ofDay: Sent[]) => number) => {
  const days = new Map<string, Sent[]>();
  for (const e of events) days.set(reportDay(e.time), [...(days.get(reportDay(e.time)) ?? []), e]);
  return [...days.values()].reduce((n, list) => n + perDay(list), 0);
};

const STATES = { start: 'started', progress: 'progressed', complete: 'completed', claim: 'claimed', fail: 'failed' } as const;

function expectedQuests(events: readonly Sent[], f: Filters) {
  const quests = activity(events, f).filter((e) => e.name === 'task_quest');
  const counts = (list: Sent[]) =>
    Object.fromEntries(Object.entries(STATES).map(([state, key]) => [key, overDays(list.filter((e) => e.params.state === state), distinct)])) as Record<(typeof STATES)[keyof typeof STATES], number>;
  const ids = [...new Set(quests.map((e) => String(e.params.questId)))].sort();
  return {
    quests: ids.map((questId) => ({ questId, ...counts(quests.filter((e) => e.params.questId === questId)) })),
    // A day's line adds up its quests: a player who started two quests that day counts twice.
    days: daysOf(f.from, f.to).map((day) => {
      const perQuest = ids.map((id) => counts(quests.filter((e) => reportDay(e.time) === day && e.params.questId === id)));
      return { day, ...Object.fromEntries(Object.values(STATES).map((key) => [key, perQuest.reduce((n, c) => n + c[key], 0)])) };
    }),
  };
}

function expectedResourceDays(events: readonly Sent[], f: Filters, resource: string) {
  const act = activity(events, f);
  return daysOf(f.from, f.to).map((day) => {
    const ofDay = act.filter((e) => reportDay(e.time) === day);
    const earn = ofDay.filter((e) => e.name === 'resource_earn' && e.params.resource === resource);
    const spend = ofDay.filter((e) => e.name === 'resource_spend' && e.params.resource === resource);
    return { day, earned: sumOf(earn, 'amount'), spent: sumOf(spend, 'amount'), earnEvents: earn.length, spendEvents: spend.length, earners: distinct(earn), spenders: distinct(spend), dau: distinct(ofDay) };
  });
}

function expectedChannels(events: readonly Sent[], f: Filters, resource: string, flow: 'earn' | 'spend') {
  const field = flow === 'earn' ? 'source' : 'sink';
  const of = activity(events, f).filter((e) => e.name === `resource_${flow}` && e.params.resource === resource);
  const channels = [...new Set(of.map((e) => String(e.params[field])))];
  return channels
    .map((channel) => {
      const list = of.filter((e) => e.params[field] === channel);
      return { channel, amount: sumOf(list, 'amount'), events: list.length, userDays: overDays(list, distinct) };
    })
    .sort((a, b) => b.amount - a.amount || (a.channel < b.channel ? -1 : 1));
}

function expectedCounters(events: readonly Sent[], f: Filters) {
  const of = activity(events, f).filter((e) => e.name === 'counter');
  const cells = new Map<string, Sent[]>();
  for (const e of of) cells.set(`${reportDay(e.time)}|${e.params.name}`, [...(cells.get(`${reportDay(e.time)}|${e.params.name}`) ?? []), e]);
  return [...cells.entries()]
    .map(([key, list]) => ({ day: key.split('|')[0]!, name: String(list[0]!.params.name), total: sumOf(list, 'value'), events: list.length, users: distinct(list) }))
    .sort((a, b) => (a.day + '|' + a.name < b.day + '|' + b.name ? -1 : 1));
}

/** percentile_disc: the first value whose cumulative share reaches p. */
const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]! : null);

/** Every funnel path: entry at the first step 0; step n at the first step-n event after step n-1, within 7 days of entry. */
function expectedFunnel(events: readonly Sent[], f: Filters, funnel: string) {
  const of = events.filter((e) => e.name === 'funnel_step' && e.params.funnel === funnel);
  const paths: { reached: number; secs: number[] }[] = [];
  for (const user of new Set(of.map((e) => e.userId))) {
    const mine = of.filter((e) => e.userId === user).sort(byTime);
    const entry = mine.find((e) => e.params.step === 0);
    if (!entry || reportDay(entry.time) < f.from || reportDay(entry.time) > f.to || !passes(f, entry)) continue;
    const times = [entry.time];
    for (let n = 1; ; n++) {
      const candidates = mine.filter((e) => e.params.step === n && e.time >= times[n - 1]! && e.time <= entry.time + 7 * DAY_MS).map((e) => e.time);
      if (!candidates.length) break;
      times.push(Math.min(...candidates));
    }
    paths.push({ reached: times.length, secs: times.map((t, i) => (i === 0 ? 0 : Math.round((t - times[i - 1]!) / 1000))) });
  }
  const maxStep = Math.max(...of.map((e) => Number(e.params.step)));
  return Array.from({ length: maxStep + 1 }, (_, n) => {
    const at = paths.filter((p) => p.reached > n);
    const names = of.filter((e) => e.params.step === n).map((e) => String(e.params.stepName ?? '')).sort();
    return { step: n, name: names.at(-1) ?? '', users: at.length, medianSecs: n === 0 ? null : median(at.map((p) => p.secs[n]!)) };
  });
}

function stats(key: string, values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return { key, count: values.length, mean: values.length ? values.reduce((n, v) => n + v, 0) / values.length : null, p50: percentile(sorted, 0.5), p90: percentile(sorted, 0.9), p99: percentile(sorted, 0.99) };
}

const OS_NAMES: Record<number, string> = { 1: 'Android', 2: 'iOS', 3: 'WebGL' };

/**
 * Measurements under each event's own attributes: lines by version (most measured first), OS or day (in
 * day order), the All line, and the chart's daily p50 of the five most measured versions.
 */
function expectedMeasurements(events: readonly Sent[], f: Filters, name: string, by: 'version' | 'os' | 'day' = 'version') {
  const of = events.filter((e) => e.name === 'measurement' && e.params.name === name && reportDay(e.time) >= f.from && reportDay(e.time) <= f.to && passes(f, e));
  const keyOf = (e: Sent) => (by === 'version' ? e.appVersion : by === 'os' ? OS_NAMES[e.os]! : reportDay(e.time));
  const keys = [...new Set(of.map(keyOf))];
  const rows = keys.map((k) => stats(k, of.filter((e) => keyOf(e) === k).map((e) => Number(e.params.value))))
    .sort(by === 'day' ? (a, b) => (a.key < b.key ? -1 : 1) : (a, b) => b.count - a.count || (a.key < b.key ? -1 : 1));
  const versions = [...new Set(of.map((e) => e.appVersion))]
    .map((v) => ({ v, n: of.filter((e) => e.appVersion === v).length }))
    .sort((a, b) => b.n - a.n || (a.v < b.v ? -1 : 1))
    .slice(0, 5)
    .map((x) => x.v);
  const trend = versions.map((version) => ({
    version,
    p50: daysOf(f.from, f.to).map((day) => stats(day, of.filter((e) => e.appVersion === version && reportDay(e.time) === day).map((e) => Number(e.params.value))).p50),
  }));
  return { rows, all: stats('All', of.map((e) => Number(e.params.value))), trend };
}

/** Means are floating point: compare them to 6 decimals. */
const roundMeans = <T extends { mean: number | null }>(s: T) => ({ ...s, mean: s.mean === null ? null : Number(s.mean.toFixed(6)) });

// ---------------------------------------------------------------- the hand-made set

describe('gameplay reports on a hand-made event set', () => {
  const APP = 'com.test.play';
  const OTHER = 'com.test.playother';
  const sent: Sent[] = [];
  let Z: string, A: string, B: string;
  let range: { apps: string[]; from: string; to: string };
  let seq = 0;

  beforeAll(async () => {
    root = await signedInAs('root');
    const today = reportDay(nowMs());
    [Z, A, B] = [addDays(today, -9), addDays(today, -5), addDays(today, -4)];
    range = { apps: [APP], from: Z, to: B };
    const noon = (day: string, seconds = 0) => dayStart(day) + 12 * 3_600_000 + seconds * 1000;
    const keys = await newApp(APP);
    const other = await newApp(OTHER);
    const ev = (os: number, name: string, userId: string, time: number, params: Record<string, unknown>, extra: Partial<Sent> = {}): Sent => ({
      id: `play-${++seq}`, name, userId, time, appVersion: '1.0', os, country: 'VN', params, ...extra,
    });
    const us = { country: 'US' };
    const android = [
      // u1 (VN, 1.0) on day A: a whole quest, coins in and out, two counters, three tutorial steps, two load times.
      ev(1, 'session_start', 'u1', noon(A), {}),
      ev(1, 'task_quest', 'u1', noon(A, 1), { questId: 'q1', state: 'start' }),
      ev(1, 'task_quest', 'u1', noon(A, 2), { questId: 'q1', state: 'progress' }),
      ev(1, 'task_quest', 'u1', noon(A, 3), { questId: 'q1', state: 'progress' }),
      ev(1, 'task_quest', 'u1', noon(A, 4), { questId: 'q1', state: 'complete' }),
      ev(1, 'task_quest', 'u1', noon(A, 5), { questId: 'q1', state: 'claim' }),
      ev(1, 'resource_earn', 'u1', noon(A, 6), { resource: 'coins', amount: 100, source: 'level_reward' }),
      ev(1, 'resource_earn', 'u1', noon(A, 7), { resource: 'coins', amount: 50, source: 'quest' }),
      ev(1, 'resource_spend', 'u1', noon(A, 8), { resource: 'coins', amount: 30, sink: 'booster' }),
      ev(1, 'counter', 'u1', noon(A, 9), { name: 'hints', value: 2 }),
      ev(1, 'counter', 'u1', noon(A, 10), { name: 'hints', value: 3 }),
      ev(1, 'funnel_step', 'u1', noon(A, 20), { funnel: 'tutorial', step: 0, stepName: 'open' }),
      ev(1, 'funnel_step', 'u1', noon(A, 30), { funnel: 'tutorial', step: 1, stepName: 'move' }),
      ev(1, 'funnel_step', 'u1', noon(A, 60), { funnel: 'tutorial', step: 2, stepName: 'win' }),
      ev(1, 'measurement', 'u1', noon(A, 61), { name: 'load_time', value: 1000, unit: 'ms' }),
      ev(1, 'measurement', 'u1', noon(A, 62), { name: 'load_time', value: 2000.5, unit: 'ms' }),
      // u2 (US, then GB by their last event of day A): quests, coins, gems; a step 1 before entering the funnel.
      ev(1, 'task_quest', 'u2', noon(A, 1), { questId: 'q1', state: 'start' }, us),
      ev(1, 'task_quest', 'u2', noon(A, 2), { questId: 'q1', state: 'fail' }, us),
      ev(1, 'task_quest', 'u2', noon(A, 2) + 500, { questId: 'q1', state: 'fail' }, us), // failed twice: one player
      ev(1, 'task_quest', 'u2', noon(A, 3), { questId: 'q2', state: 'start' }, us),
      ev(1, 'resource_earn', 'u2', noon(A, 4), { resource: 'coins', amount: 20, source: 'level_reward' }, us),
      ev(1, 'resource_earn', 'u2', noon(A, 5), { resource: 'gems', amount: 5, source: 'iap' }, us),
      ev(1, 'funnel_step', 'u2', noon(A, 10), { funnel: 'tutorial', step: 1, stepName: 'move' }, us),
      ev(1, 'funnel_step', 'u2', noon(A, 15), { funnel: 'tutorial', step: 0, stepName: 'open' }, us),
      ev(1, 'funnel_step', 'u2', noon(A, 16), { funnel: 'tutorial', step: 2, stepName: 'win' }, us),
      // u2's step 1 comes 40 s after their entry (u1's came after 10 s): the step's median is 25, not the lower middle 10.
      ev(1, 'funnel_step', 'u2', noon(A, 55), { funnel: 'tutorial', step: 1, stepName: 'move' }, us),
      ev(1, 'measurement', 'u2', noon(A, 17), { name: 'load_time', value: 3000, unit: 'ms' }, us),
      ev(1, 'funnel_step', 'u2', noon(A, 18), { funnel: 'solo', step: 0, stepName: 'only' }, us),
      // The last millisecond of day A (UTC+7) is still day A.
      ev(1, 'counter', 'u2', dayStart(B) - 1, { name: 'hints', value: 1 }, { country: 'GB' }),
      // Day B from its first millisecond: u1 again, on version 1.2.
      ev(1, 'task_quest', 'u1', dayStart(B), { questId: 'q1', state: 'start' }, { appVersion: '1.2' }),
      ev(1, 'resource_spend', 'u1', dayStart(B) + 1, { resource: 'coins', amount: 70, sink: 'shop' }, { appVersion: '1.2' }),
      ev(1, 'counter', 'u1', dayStart(B) + 2, { name: 'hints', value: 4 }, { appVersion: '1.2' }),
      ev(1, 'funnel_step', 'u1', dayStart(B) + 3, { funnel: 'tutorial', step: 3, stepName: 'reward' }, { appVersion: '1.2' }),
      ev(1, 'measurement', 'u1', dayStart(B) + 4, { name: 'load_time', value: 4000, unit: 'ms' }, { appVersion: '1.2' }),
    ];
    const ios = [
      // u3 (iOS 1.1, US) entered the tutorial on day Z; their step 1 comes a second after the 7-day window.
      ev(2, 'funnel_step', 'u3', noon(Z), { funnel: 'tutorial', step: 0, stepName: 'open' }, { appVersion: '1.1', ...us }),
      ev(2, 'funnel_step', 'u3', noon(Z) + 7 * DAY_MS + 1000, { funnel: 'tutorial', step: 1, stepName: 'move' }, { appVersion: '1.1', ...us }),
      ev(2, 'measurement', 'u3', noon(A, 100), { name: 'load_time', value: 500, unit: 'ms' }, { appVersion: '1.1', ...us }),
      ev(2, 'counter', 'u3', noon(A, 101), { name: 'level_ups', value: 7 }, { appVersion: '1.1', ...us }),
    ];
        await send(keys.android, android.map(wire));
    await send(keys.ios, ios.map(wire));
    // Resent: acknowledged as duplicates, stored once.
    expect(await send(keys.android, android.map(wire))).toMatchObject({ accepted: android.length, duplicates: android.length });
    // Another app's events (same ids and players) never reach this app's figures.
    await send(other.android, android.map(wire));
    sent.push(...android, ...ios);
  });

  it('taskQuest: players per quest and state, counted once per day, by the user-day attributes', async () => {
    const { data } = await root(taskQuestScreen.contract, range);
    expect(data.pending).toBe(0);
    const byQuest = [...data.quests].sort((a, b) => (a.questId < b.questId ? -1 : 1));
    expect(byQuest).toEqual([
      { questId: 'q1', started: 3, progressed: 1, completed: 1, claimed: 1, failed: 1 },
      { questId: 'q2', started: 1, progressed: 0, completed: 0, claimed: 0, failed: 0 },
    ]);
    expect(byQuest).toEqual(expectedQuests(sent, range).quests);
    expect(data.days).toEqual(expectedQuests(sent, range).days);
    expect(data.days.find((d) => d.day === B)).toMatchObject({ started: 1 });
    // u2's day A counts under GB, the country of their last event that day.
    const us = (await root(taskQuestScreen.contract, { ...range, countries: ['US'] })).data;
    expect(us.quests).toEqual([]);
    const gb = (await root(taskQuestScreen.contract, { ...range, countries: ['GB'] })).data;
    expect(gb.quests.map((q) => [q.questId, q.started, q.failed])).toEqual([['q1', 1, 1], ['q2', 1, 0]]);
    // The table: completion = completed ÷ started, claim = claimed ÷ completed; Total from the sums.
    const grid = exportGrid(taskQuestScreen.table(data, { view: 'quest' } as never));
    expect(grid.header).toEqual(['Quest', 'Started', 'Progressed', 'Completed', 'Claimed', 'Failed', 'Completion rate (%)', 'Claim rate (%)']);
    expect(grid.rows).toEqual([['q1', 3, 1, 1, 1, 1, 33.33, 100], ['q2', 1, 0, 0, 0, 0, 0, null], ['Total', 4, 1, 1, 1, 1, 25, 100],
      // The rates' Totals are ratios of the sums, and the file says so under the Total, as the screen does in the cells.
      ['Total formed as', 'Sum', 'Sum', 'Sum', 'Sum', 'Sum', 'Ratio of sums', 'Ratio of sums']]);
  });

  it('resourceOverview: earned, spent, net, per DAU, earners and spenders per day', async () => {
    const { data } = await root(resourceOverviewScreen.contract, range);
    expect(data.resource).toBe('coins'); // the busiest resource when none is asked
    expect(data.resources).toEqual(['coins', 'gems']);
    expect(data.rows).toEqual(expectedResourceDays(sent, range, 'coins'));
    expect(data.rows.find((r) => r.day === A)).toEqual({ day: A, earned: 170, spent: 30, earnEvents: 3, spendEvents: 1, earners: 2, spenders: 1, dau: 3 });
    expect(data.rows.find((r) => r.day === B)).toEqual({ day: B, earned: 0, spent: 70, earnEvents: 0, spendEvents: 1, earners: 0, spenders: 1, dau: 1 });
    const gems = (await root(resourceOverviewScreen.contract, { ...range, resource: 'gems' })).data;
    expect(gems.rows).toEqual(expectedResourceDays(sent, range, 'gems'));
    const [total, kinds] = exportGrid(resourceOverviewScreen.table(data, {} as never)).rows.slice(-2);
    // Earned 170, spent 100, net 70; per DAU over the sum of daily DAU (Z 1, A 3, B 1); daily averages over 6 days.
    expect(total).toEqual(['Total', 170, 100, 70, 34, 20, 0.3, 0.3, 0.8]);
    expect(kinds).toEqual(['Total formed as', 'Sum', 'Sum', null, 'Ratio of sums', 'Ratio of sums', 'Average', 'Average', 'Average']);
  });

  it('resourceEarn and resourceSpend: amount, share, transactions and players per source or sink', async () => {
    const earn = (await root(resourceEarnScreen.contract, range)).data;
    expect(earn.channels).toEqual(expectedChannels(sent, range, 'coins', 'earn'));
    expect(earn.channels).toEqual([
      { channel: 'level_reward', amount: 120, events: 2, userDays: 2 },
      { channel: 'quest', amount: 50, events: 1, userDays: 1 },
    ]);
    const grid = exportGrid(resourceEarnScreen.table(earn, {} as never));
    expect(grid.header).toEqual(['Source', 'Amount', 'Share (%)', 'Transactions', 'Avg per transaction', 'Players per day', 'Per DAU']);
    expect(grid.rows).toEqual([['level_reward', 120, 70.59, 2, 60, 0.3, 24], ['quest', 50, 29.41, 1, 50, 0.2, 10], ['Total', 170, 100, 3, 56.67, null, 34],
      ['Total formed as', 'Sum', null, 'Sum', 'Ratio of sums', null, null]]);
    const spend = (await root(resourceSpendScreen.contract, range)).data;
    expect(spend.channels).toEqual(expectedChannels(sent, range, 'coins', 'spend'));
    expect(spend.channels.map((c) => c.channel)).toEqual(['shop', 'booster']);
    // By version: u1's day B counts under 1.2 (their last event of the day).
    const v12 = (await root(resourceSpendScreen.contract, { ...range, version: '1.2' })).data;
    expect(v12.channels).toEqual([{ channel: 'shop', amount: 70, events: 1, userDays: 1 }]);
  });

  it('funnel: steps in order from the first step 0, within the 7-day window; medians between steps', async () => {
    const { data } = await root(funnelScreen.contract, { ...range, funnel: 'tutorial' });
    expect(data.windowDays).toBe(7);
    expect(data.funnels).toEqual(expect.arrayContaining(['tutorial', 'solo']));
    const lastGap = Math.round((dayStart(B) + 3 - (dayStart(A) + 12 * 3_600_000 + 60_000)) / 1000);
    expect(data.steps).toEqual([
      { step: 0, name: 'open', users: 3, medianSecs: null },
      { step: 1, name: 'move', users: 2, medianSecs: 25 },
      { step: 2, name: 'win', users: 1, medianSecs: 30 },
      { step: 3, name: 'reward', users: 1, medianSecs: lastGap },
    ]);
    expect(data.steps).toEqual(expectedFunnel(sent, range, 'tutorial'));
    // Entries count under the entry event's attributes: u3 entered on iOS 1.1.
    const v11 = (await root(funnelScreen.contract, { ...range, funnel: 'tutorial', version: '1.1' })).data;
    expect(v11.steps.map((s) => s.users)).toEqual([1, 0, 0, 0]);
    const grid = exportGrid(funnelScreen.table(data, {} as never));
    expect(grid.rows[1]).toEqual([1, 'move', 2, 66.67, 66.67, 33.33, 25]);
  });

  it('counters: sum, events and players per day and counter, in both layouts', async () => {
    const { data } = await root(counterVerticalScreen.contract, range);
    expect(data.counters).toEqual(['hints', 'level_ups']);
    expect(data.cells).toEqual(expectedCounters(sent, range));
    expect(data.cells.filter((c) => c.name === 'hints')).toEqual([
      { day: A, name: 'hints', total: 6, events: 3, users: 2 },
      { day: B, name: 'hints', total: 4, events: 1, users: 1 },
    ]);
    const vertical = exportGrid(counterVerticalScreen.table(data, { measure: 'sum' } as never));
    expect(vertical.header).toEqual(['Day (UTC+7)', 'hints', 'level_ups']);
    expect(vertical.rows.at(-1)).toEqual(['Total', 10, 7]);
    const avg = exportGrid(counterVerticalScreen.table(data, { measure: 'avg' } as never));
    // Exports write days as the table shows them (DD-MM-YYYY).
    expect(avg.rows.find((r) => r[0] === formatDay(A))).toEqual([formatDay(A), 3, 7]);
    expect(avg.rows.slice(-2)).toEqual([['Total', 3.33, 7], ['Total formed as', 'Ratio of sums', 'Ratio of sums']]);
    const horizontal = (await root(counterHorizontalScreen.contract, { ...range, counter: 'hints', measure: 'users' })).data;
    const grid = exportGrid(counterHorizontalScreen.table(horizontal, { measure: 'users' } as never));
    expect(grid.header).toEqual(['Counter', 'Total', ...daysOf(Z, B).map(formatDay)]);
    expect(grid.rows).toEqual([['hints', 0.5, 0, 0, 0, 0, 2, 1]]);
  });

  it('measurement: count, mean and exact percentiles per version, by each event\'s own attributes', async () => {
    const { data } = await root(measurementScreen.contract, range);
    expect(data.name).toBe('load_time');
    expect(data.unit).toBe('ms');
    const expected = expectedMeasurements(sent, range, 'load_time');
    expect(data.rows.map(roundMeans)).toEqual(expected.rows.map(roundMeans));
    expect(roundMeans(data.all)).toEqual(roundMeans(expected.all));
    expect(roundMeans(data.all)).toEqual({ key: 'All', count: 5, mean: 2100.1, p50: 2000.5, p90: 4000, p99: 4000 });
    expect(roundMeans(data.rows.find((r) => r.key === '1.0')!)).toEqual({ key: '1.0', count: 3, mean: 2000.166667, p50: 2000.5, p90: 3000, p99: 3000 });
    const byOs = (await root(measurementScreen.contract, { ...range, by: 'os' })).data;
    expect(byOs.rows.map((r) => [r.key, r.count])).toEqual([['Android', 4], ['iOS', 1]]);
    // The chart's trend holds the p50 of each day per version.
    expect(data.trend.find((t) => t.version === '1.2')!.p50[daysBetween(Z, B)]).toBe(4000);
  });

  it('unknown names answer an empty report that says so', async () => {
    const funnel = (await root(funnelScreen.contract, { ...range, funnel: 'nope' })).data;
    expect([funnel.known, funnel.steps]).toEqual([false, []]);
    expect(funnelScreen.isEmpty(funnel)).toBe(true);
    expect(funnelScreen.emptyText!(funnel)).toMatch(/^No funnel named "nope" in this range \(there are "/);
    const counter = (await root(counterVerticalScreen.contract, { ...range, counter: 'nope' })).data;
    expect([counter.known, counter.cells]).toEqual([false, []]);
    expect(counterVerticalScreen.emptyText!(counter)).toBe('No counter named "nope" in this range (there are "hints", "level_ups").');
    const resource = (await root(resourceEarnScreen.contract, { ...range, resource: 'nope' })).data;
    expect([resource.known, resource.channels]).toEqual([false, []]);
    const measurement = (await root(measurementScreen.contract, { ...range, name: 'nope' })).data;
    expect([measurement.known, measurement.all.count]).toEqual([false, 0]);
  });

  it('refuses a one-step funnel, a range over 366 days and an app the account may not see', async () => {
    const solo = await raw('GET', `/api/analytic/funnel?apps=${APP}&from=${Z}&to=${B}&funnel=solo`, { token: root.tokens.accessToken });
    expect([solo.status, solo.json.message]).toEqual([400, 'funnel: "solo" has only one step; a funnel needs at least two (steps 0, 1, …)']);
    const long = await raw('GET', `/api/analytic/taskQuest?apps=${APP}&from=${addDays(B, -366)}&to=${B}`, { token: root.tokens.accessToken });
    expect(long.status).toBe(400);
    expect(long.json.message).toContain('366');
    const outsider = await ownAccount('play-outsider', { paths: ['/gsm/analytic/funnel', '/gsm/analytic/measurement'], listApp: ['com.gsm.blockpuzzle'] });
    for (const path of ['/api/analytic/funnel', '/api/analytic/measurement']) {
      const refused = await raw('GET', `${path}?apps=${APP}`, { token: outsider.tokens.accessToken });
      expect([refused.status, refused.json.message], path).toEqual([403, 'Permission invalid']);
    }
    const bad = await raw('GET', `/api/analytic/counter/vertical?apps=${APP}&measure=median`, { token: root.tokens.accessToken });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain('measure');
  });
});

// ---------------------------------------------------------------- a simulated set

describe('gameplay reports equal the raw recomputation on a simulated studio', () => {
  const APP = 'com.test.playsim';
  const sent: Sent[] = [];
  let range: { apps: string[]; from: string; to: string };

  beforeAll(async () => {
    root ??= await signedInAs('root');
    const keys = await newApp(APP);
    const versions = [{ version: '1.0.0', sdkVersion: '0.9.0' }, { version: '1.1.0', sdkVersion: '0.9.1' }];
    const app = { appId: APP, platforms: [{ os: 1 as const, key: keys.android, share: 2 }, { os: 2 as const, key: keys.ios, share: 1 }], versions: { 1: versions, 2: versions } };
    for (const batch of simulateStudio({ apps: [app], users: 60, days: 10, seed: 13 })) {
      await send(batch.key, batch.events);
      sent.push(...batch.events);
    }
    const days = sent.map((e) => reportDay(e.time)).sort();
    range = { apps: [APP], from: days[0]!, to: days.at(-1)! };
    // Roll everything up now: a report's own on-demand rollup is bounded (1.5 s) on a busy server.
    await rollUpEverything(root);
  }, 120_000);

  it('has every event kind these reports read', () => {
    for (const name of ['task_quest', 'resource_earn', 'resource_spend', 'funnel_step', 'counter', 'measurement']) expect(sent.some((e) => e.name === name), name).toBe(true);
  });

  it('taskQuest, resources and counters', async () => {
    const quests = (await root(taskQuestScreen.contract, range)).data;
    expect(quests.pending).toBe(0);
    expect([...quests.quests].sort((a, b) => (a.questId < b.questId ? -1 : 1))).toEqual(expectedQuests(sent, range).quests);
    expect(quests.days).toEqual(expectedQuests(sent, range).days);
    const android = { ...range, os: 1 };
    expect((await root(taskQuestScreen.contract, android)).data.days).toEqual(expectedQuests(sent, android).days);
    for (const resource of ['coins', 'gems', 'energy']) {
      const overview = (await root(resourceOverviewScreen.contract, { ...range, resource })).data;
      expect(overview.rows, resource).toEqual(expectedResourceDays(sent, range, resource));
      expect((await root(resourceEarnScreen.contract, { ...range, resource })).data.channels, resource).toEqual(expectedChannels(sent, range, resource, 'earn'));
      expect((await root(resourceSpendScreen.contract, { ...range, resource })).data.channels, resource).toEqual(expectedChannels(sent, range, resource, 'spend'));
    }
    const counters = (await root(counterHorizontalScreen.contract, range)).data;
    expect(counters.cells).toEqual(expectedCounters(sent, range));
    const version = { ...range, version: '1.1.0' };
    expect((await root(counterVerticalScreen.contract, version)).data.cells).toEqual(expectedCounters(sent, version));
  });

  it('funnels and measurements', async () => {
    for (const funnel of ['tutorial', 'shop']) {
      const { data } = await root(funnelScreen.contract, { ...range, funnel });
      expect(data.steps, funnel).toEqual(expectedFunnel(sent, range, funnel));
      expect(data.steps[0]!.users, funnel).toBeGreaterThan(0);
    }
    for (const name of ['load_time', 'fps', 'memory_mb']) {
      const { data } = await root(measurementScreen.contract, { ...range, name });
      const expected = expectedMeasurements(sent, range, name);
      expect(data.rows.map(roundMeans), name).toEqual(expected.rows.map(roundMeans));
      expect(roundMeans(data.all), name).toEqual(roundMeans(expected.all));
      expect(data.trend, name).toEqual(expected.trend);
    }
    // The lines by OS and by day, and the chart beside them, come from the same one-scan statement.
    for (const by of ['os', 'day'] as const) {
      const { data } = await root(measurementScreen.contract, { ...range, name: 'load_time', by });
      const expected = expectedMeasurements(sent, range, 'load_time', by);
      expect(data.rows.map(roundMeans), by).toEqual(expected.rows.map(roundMeans));
      expect(roundMeans(data.all), by).toEqual(roundMeans(expected.all));
      expect(data.trend, by).toEqual(expected.trend);
    }
    const filtered = { ...range, os: 1, version: '1.1.0' };
    const { data } = await root(measurementScreen.contract, { ...filtered, name: 'fps', by: 'day' });
    expect(data.rows.map(roundMeans)).toEqual(expectedMeasurements(sent, filtered, 'fps', 'day').rows.map(roundMeans));
  });
});

// ---------------------------------------------------------------- chart annotations

describe('chart annotations (POST api/common/analytic_note)', () => {
  const APP = 'com.gsm.blockpuzzle';
  const HIDDEN = 'com.gsm.idleminer';
  const day = () => addDays(reportDay(nowMs()), -3);

  it('marks a day, lists the marks of the apps in view, changes and removes one, each audited', async () => {
    root ??= await signedInAs('root');
    const analyst = await ownAccount('note-analyst', { paths: ['/gsm/analytic/main_data'], privateActions: ['analytic_note_edit'], listApp: [APP] });
    const { data: created } = await analyst(analyticNoteContract, { appId: APP, day: day(), note: '  2.4 released ' });
    expect(created).toMatchObject({ appId: APP, day: day(), note: '2.4 released', createdBy: analyst.username });
    const other = (await root(analyticNoteContract, { appId: HIDDEN, day: day(), note: 'UA campaign start' })).data;
    // The analyst sees the marks of its own apps only; root sees both.
    const seen = (await analyst(analyticNoteListContract, { apps: [], from: addDays(day(), -1), to: day() })).data;
    expect(seen.map((n) => n.id)).toContain(created.id);
    expect(seen.map((n) => n.id)).not.toContain(other.id);
    const all = (await root(analyticNoteListContract, { apps: [APP, HIDDEN], from: day(), to: day() })).data.map((n) => n.id);
    expect(all).toEqual(expect.arrayContaining([created.id, other.id]));
    expect((await root(analyticNoteListContract, { apps: [APP], from: addDays(day(), 1), to: addDays(day(), 2) })).data.map((n) => n.id)).not.toContain(created.id);
    const { data: changed } = await analyst(analyticNoteContract, { id: created.id, appId: APP, day: addDays(day(), -1), note: '2.4.1 released' });
    expect(changed).toMatchObject({ id: created.id, day: addDays(day(), -1), note: '2.4.1 released' });
    expect(await analyst(analyticNoteDeleteContract, { id: created.id })).toMatchObject({ data: { id: created.id } });
    expect((await analyst(analyticNoteListContract, { apps: [APP], from: addDays(day(), -1), to: day() })).data.map((n) => n.id)).not.toContain(created.id);
    const log = (await root(accountLogContract, { entity: 'analytic_note', username: analyst.username })).data;
    expect(log.map((e) => e.action).sort()).toEqual(['analytic_note_create', 'analytic_note_delete', 'analytic_note_update']);
    expect(log.find((e) => e.action === 'analytic_note_update')).toMatchObject({ before: { note: '2.4 released' }, after: { note: '2.4.1 released' } });
    await root(analyticNoteDeleteContract, { id: other.id });
  });

  it('needs analytic_note_edit to mark or remove, and the app in the account\'s list', async () => {
    const reader = await ownAccount('note-reader', { paths: ['/gsm/analytic/main_data'], listApp: [APP] });
    const refused = await rejection(reader(analyticNoteContract, { appId: APP, day: day(), note: 'x' }));
    expect([refused.status, refused.message]).toEqual([403, 'Permission invalid']);
    expect((await reader(analyticNoteListContract, { apps: [APP], from: day(), to: day() })).data).toBeInstanceOf(Array);
    const editor = await ownAccount('note-editor', { paths: [], privateActions: ['analytic_note_edit'], listApp: [APP] });
    const hidden = await rejection(editor(analyticNoteContract, { appId: HIDDEN, day: day(), note: 'x' }));
    expect(hidden.status).toBe(403);
    expect((await rejection(editor(analyticNoteListContract, { apps: [HIDDEN], from: day(), to: day() }))).status).toBe(403);
    const mark = (await root(analyticNoteContract, { appId: HIDDEN, day: day(), note: 'root only' })).data;
    expect((await rejection(editor(analyticNoteDeleteContract, { id: mark.id }))).status).toBe(403);
    expect((await rejection(reader(analyticNoteDeleteContract, { id: mark.id }))).status).toBe(403);
    await root(analyticNoteDeleteContract, { id: mark.id });
    expect((await rejection(root(analyticNoteDeleteContract, { id: mark.id }))).status).toBe(404);
  });

  it('refuses bad input with 400 naming the field', async () => {
    for (const [body, field] of [
      [{ appId: APP, day: day(), note: '   ' }, 'note'],
      [{ appId: APP, day: day(), note: 'x'.repeat(121) }, 'note'],
      [{ appId: APP, day: '2026-02-30', note: 'x' }, 'day'],
      [{ day: day(), note: 'x' }, 'appId'],
    ] as const) {
      const response = await raw('POST', '/api/common/analytic_note', { token: root.tokens.accessToken, body: JSON.stringify(body) });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.json.message).toContain(field);
    }
    const unknownApp = await raw('POST', '/api/common/analytic_note', { token: root.tokens.accessToken, body: JSON.stringify({ appId: 'com.no.such', day: day(), note: 'x' }) });
    expect(unknownApp.status).toBe(404);
    const long = await raw('GET', `/api/common/analytic_note/list?from=2020-01-01&to=${day()}`, { token: root.tokens.accessToken });
    expect([long.status, long.json.message]).toEqual([400, 'the range may span at most 366 days']);
  });
});
