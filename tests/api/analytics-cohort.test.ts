import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayStart, reportDay } from '../../src/lib/time/day';
import { simulateStudio } from '../../src/lib/analytics/simulator';
import {
  cohortAvgTimeScreen,
  cohortEngScreen,
  cohortImpressionScreen,
  cohortLevelScreen,
  cohortRevenueScreen,
  cohortSessionScreen,
} from '../../src/lib/analytics/cohort/screens';
import { nowMs } from '../../src/lib/time/clock';
import { median } from '../../src/lib/reports/percentile';
import { ownAccount, raw, signedInAs } from './helpers';
import { type SentEvent, newTelemetryApp, sendEvents, wire, rollUpEverything as rollUpAll } from './telemetry-kit';

/**
 * The cohort views (docs/metrics.md "Cohort views") against an independent recomputation from the raw
 * events this suite sends: plain TypeScript over the events, not the rollups' SQL. A hand-made set covers
 * the edge cases (resent events, another app's events, the first and last millisecond of a UTC+7 day, a
 * second first_open, activity before the install, mini-game levels, cohorts whose days are not over, D60),
 * a simulated studio the everyday shapes.
 */

type Root = Awaited<ReturnType<typeof signedInAs>>;
let root: Root;

type Sent = SentEvent;

interface Filters {
  from: string;
  to: string;
  os?: number;
  countries?: string[];
}

const newApp = (id: string) => newTelemetryApp(root, id, 'Cohort');

const send = sendEvents;


const rollUpEverything = () => rollUpAll(root);

// ---------------------------------------------------------------- the recomputation (docs/metrics.md)

const byTime = (a: Sent, b: Sent) => a.time - b.time || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const LEVEL_NAMES = ['level_start', 'level_complete', 'level_fail'];

/** The columns a range shows: D0..D30, D60 and D90 once the range's first install day has lived them. */
const shown = (from: string, today: string) => [...Array.from({ length: 31 }, (_, n) => n), 60, 90].filter((n) => n <= 30 || addDays(from, n) < today);

function recompute(sentEvents: readonly Sent[], f: Filters, today: string) {
  const events = [...new Map(sentEvents.map((e) => [e.id, e])).values()].sort(byTime);
  const installs = new Map<string, Sent>();
  for (const e of events) if (e.name === 'first_open' && !installs.has(e.userId)) installs.set(e.userId, e);
  const ofUserDay = new Map<string, Sent[]>();
  for (const e of events) {
    const key = `${e.userId}|${reportDay(e.time)}`;
    ofUserDay.set(key, [...(ofUserDay.get(key) ?? []), e]);
  }
  const days = shown(f.from, today);
  const inCohort = (day: string) =>
    [...installs.values()].filter((i) => reportDay(i.time) === day && (!f.os || i.os === f.os) && (!f.countries?.length || f.countries.includes(i.country))).map((i) => i.userId);
  // A store transaction counts once, on its first report (a purchase resent under a new event id is dropped).
  const firstReports = new Set<string>();
  const seenTransactions = new Set<string>();
  for (const e of events.filter((x) => x.name === 'iap_purchase')) {
    if (seenTransactions.has(String(e.params.transactionId))) continue;
    seenTransactions.add(String(e.params.transactionId));
    firstReports.add(e.id);
  }
  const counted = (e: Sent) => e.name !== 'iap_purchase' || firstReports.has(e.id);
  const sumOf = (list: readonly Sent[], name: string, field?: string) => list.filter((e) => e.name === name && counted(e)).reduce((n, e) => n + (field ? Number(e.params[field]) : 1), 0);
  const highest = (user: string, by: string) =>
    Math.max(0, ...events.filter((e) => e.userId === user && LEVEL_NAMES.includes(e.name) && e.params.mode === 'main' && reportDay(e.time) <= by).map((e) => Number(e.params.level)));
  const activity = [];
  const level: { installDay: string; installs: number; cells: ({ users: number; levelSum: number; median: number | null } | null)[] }[] = [];
  const allLevels = days.map(() => [] as number[]);
  for (let c = f.from; c <= f.to; c = addDays(c, 1)) {
    const users = inCohort(c);
    const cells = [];
    const levelCells = [];
    for (const [i, n] of days.entries()) {
      const day = addDays(c, n);
      if (day >= today) {
        cells.push(null);
        levelCells.push(null);
        continue;
      }
      const active = users.filter((u) => ofUserDay.has(`${u}|${day}`));
      const ofDay = active.flatMap((u) => ofUserDay.get(`${u}|${day}`)!);
      const upTo = users.flatMap((u) => Array.from({ length: n + 1 }, (_, k) => ofUserDay.get(`${u}|${addDays(c, k)}`) ?? []).flat());
      cells.push({
        users: active.length,
        sessions: sumOf(ofDay, 'session_start'),
        seconds: sumOf(ofDay, 'session_end', 'duration'),
        impressions: sumOf(ofDay, 'ad_impression'),
        ads: sumOf(ofDay, 'ad_impression', 'revenueUsdMicros'),
        iap: sumOf(ofDay, 'iap_purchase', 'revenueUsdMicros'),
        cumAds: sumOf(upTo, 'ad_impression', 'revenueUsdMicros'),
        cumIap: sumOf(upTo, 'iap_purchase', 'revenueUsdMicros'),
      });
      const levels = active.map((u) => highest(u, day));
      allLevels[i]!.push(...levels);
      levelCells.push({ users: levels.length, levelSum: levels.reduce((a, b) => a + b, 0), median: median(levels) });
    }
    activity.push({ installDay: c, installs: users.length, cells });
    level.push({ installDay: c, installs: users.length, cells: levelCells });
  }
  const over = (i: number) => level.some((l) => l.cells[i] !== null);
  const all = allLevels.map((levels, i) => (over(i) ? { users: levels.length, levelSum: levels.reduce((a, b) => a + b, 0), median: median(levels) } : null));
  return { days, activity, level, all };
}

const round = (v: number, d: number) => Math.round(v * 10 ** d) / 10 ** d;

// ---------------------------------------------------------------- a hand-made set

describe('cohort views on a hand-made event set', () => {
  const APP = 'com.test.cohort';
  const OTHER = 'com.test.cohortother';
  const sent: Sent[] = [];
  let today: string;
  let C1: string, C2: string, OLD: string;
  let seq = 0;

  beforeAll(async () => {
    root = await signedInAs('root');
    today = reportDay(nowMs());
    [OLD, C1, C2] = [addDays(today, -70), addDays(today, -12), addDays(today, -11)];
    const keys = await newApp(APP);
    const other = await newApp(OTHER);
    const noon = (day: string, seconds = 0) => dayStart(day) + 12 * 3_600_000 + seconds * 1000;
    const ev = (os: number, name: string, userId: string, time: number, params: Record<string, unknown> = {}, extra: Partial<Sent> = {}): Sent => ({
      id: `coh-${++seq}`, name, userId, time, appVersion: '1.0', os, country: 'VN', params, ...extra,
    });
    const ad = (revenueUsdMicros: number) => ({ format: 'interstitial', network: 'admob', placement: 'level_end', revenueUsdMicros });
    const iap = (revenueUsdMicros: number, transactionId: string) => ({ productId: 'gems_100', priceMicros: revenueUsdMicros, currency: 'USD', revenueUsdMicros, transactionId, store: 'google_play' });
    const main = (level: number, extra: Record<string, unknown> = {}) => ({ level, mode: 'main', ...extra });
    const android = [
      // u1 installs on C1 (VN): a session, an ad, levels 1-2; on C1+1 a purchase and a fail on level 3;
      // an ad in the last millisecond of C1+3 (still C1+3 in UTC+7); a mini-game level 9 never counts.
      ev(1, 'first_open', 'u1', noon(C1)),
      ev(1, 'session_start', 'u1', noon(C1, 1)),
      ev(1, 'level_start', 'u1', noon(C1, 2), main(1)),
      ev(1, 'level_complete', 'u1', noon(C1, 3), main(1, { duration: 30, attempts: 1 })),
      ev(1, 'level_start', 'u1', noon(C1, 4), main(2)),
      ev(1, 'ad_impression', 'u1', noon(C1, 5), ad(2_000)),
      ev(1, 'session_end', 'u1', noon(C1, 100), { duration: 100 }),
      ev(1, 'session_start', 'u1', noon(addDays(C1, 1))),
      ev(1, 'iap_purchase', 'u1', noon(addDays(C1, 1), 1), iap(990_000, 't-1')),
      // The store's purchase t-1 reported again (a new event id) two days later: one transaction, counted once.
      ev(1, 'iap_purchase', 'u1', noon(addDays(C1, 3), 1), iap(990_000, 't-1')),
      ev(1, 'level_fail', 'u1', noon(addDays(C1, 1), 2), main(3, { duration: 40, attempts: 1 })),
      ev(1, 'level_start', 'u1', noon(addDays(C1, 1), 3), { level: 9, mode: 'minigame' }),
      ev(1, 'session_end', 'u1', noon(addDays(C1, 1), 60), { duration: 60 }),
      ev(1, 'ad_impression', 'u1', dayStart(addDays(C1, 4)) - 1, ad(3_500)),
      // u3 opens twice: the first first_open (C1) is the install; the second on C2 is only activity.
      ev(1, 'first_open', 'u3', noon(C1, 10), {}, { country: 'US' }),
      ev(1, 'first_open', 'u3', noon(C2, 10), {}, { country: 'US' }),
      ev(1, 'level_start', 'u3', noon(C2, 11), main(5), { country: 'US' }),
      // u4 plays on C1 before installing on C2: the C1 activity belongs to no cohort day.
      ev(1, 'ad_impression', 'u4', noon(C1, 20), ad(9_000)),
      ev(1, 'first_open', 'u4', noon(C2, 20)),
      ev(1, 'session_start', 'u4', noon(C2, 21)),
      ev(1, 'level_start', 'u4', noon(C2, 22), main(2)),
      ev(1, 'level_start', 'u4', noon(addDays(C2, 2)), main(4)),
      // u6 installed 70 days ago: revenue on D45 counts in D60's cumulative revenue; active on D60.
      ev(1, 'first_open', 'u6', noon(OLD)),
      ev(1, 'ad_impression', 'u6', noon(addDays(OLD, 45)), ad(7_000)),
      ev(1, 'session_start', 'u6', noon(addDays(OLD, 60))),
      // u7 installs yesterday: D0 is over, D1 (today) is not.
      ev(1, 'first_open', 'u7', noon(addDays(today, -1))),
      ev(1, 'level_start', 'u7', noon(addDays(today, -1), 1), main(1)),
    ];
    const ios = [
      // u2 installs in the first millisecond of C2 (iOS, US 1.1); plays no level (highest 0); on C2+1, a
      // session in its last millisecond.
      ev(2, 'first_open', 'u2', dayStart(C2), {}, { country: 'US', appVersion: '1.1' }),
      ev(2, 'session_start', 'u2', dayStart(addDays(C2, 2)) - 1, {}, { country: 'US', appVersion: '1.1' }),
      ev(2, 'iap_purchase', 'u2', dayStart(addDays(C2, 2)) - 1, iap(4_990_000, 't-2'), { country: 'US', appVersion: '1.1' }),
    ];
    await send(keys.android, android.map(wire));
    await send(keys.ios, ios.map(wire));
    // Resent: acknowledged as duplicates, stored once.
    expect(await send(keys.android, android.map(wire))).toMatchObject({ duplicates: android.length });
    // Another app's events (same ids and players) never reach this app's figures.
    await send(other.android, android.map(wire));
    sent.push(...android, ...ios);
    await rollUpEverything();
  }, 120_000);

  it('activity and revenue of each cohort day by day equal the recomputation, D0..D30', async () => {
    const range = { apps: [APP], from: C1, to: addDays(today, -1) };
    const { data } = await root(cohortRevenueScreen.contract, range);
    const expected = recompute(sent, range, today);
    expect(data.days).toEqual(Array.from({ length: 31 }, (_, n) => n));
    expect(data.cohorts).toEqual(expected.activity);
    // Spot checks the reader can follow: C1 has u1 and u3 (both active on D0 and D1); u1's revenue $0.002,
    // then $0.99, then $0.0035 on D3 (its last millisecond).
    const c1 = data.cohorts[0]!;
    expect([c1.installs, c1.cells[0]!.users, c1.cells[1]!.users, c1.cells[3]!.cumAds, c1.cells[3]!.cumIap]).toEqual([2, 2, 2, 5_500, 990_000]);
    expect(data.cohorts.at(-1)!.cells.slice(0, 2)).toEqual([{ users: 1, sessions: 0, seconds: 0, impressions: 0, ads: 0, iap: 0, cumAds: 0, cumIap: 0 }, null]);
  });

  it('the tables: Rev/user, Rev/Eng.user, Avg Time, Session and Impression per cell and the All line', async () => {
    const range = { apps: [APP], from: C1, to: C2 };
    const expected = recompute(sent, range, today).activity;
    const [c1, c2] = expected;
    const rev = await root(cohortRevenueScreen.contract, range);
    const revTable = cohortRevenueScreen.table(rev.data, { ...range, revenue: 'total', chart: 'newest' } as never);
    // Rows are [install day, installs, D0, D1, ...]; LTV = revenue of days 0..N over installs.
    expect(revTable.rows[0]!.slice(0, 5)).toEqual([C1, 2, round(0.002 / 2, 4), round(0.992 / 2, 4), round(0.992 / 2, 4)]);
    expect(revTable.total!.slice(0, 4)).toEqual(['All', 4, round((c1!.cells[0]!.cumAds + c2!.cells[0]!.cumAds) / 1e6 / 4, 4), round((0.992 + 4.99) / 4, 4)]);
    const iapOnly = cohortRevenueScreen.table((await root(cohortRevenueScreen.contract, { ...range, revenue: 'iap' })).data, { ...range, revenue: 'iap', chart: 'newest' } as never);
    expect(iapOnly.rows[1]!.slice(2, 5)).toEqual([0, 2.495, 2.495]);
    const eng = cohortEngScreen.table((await root(cohortEngScreen.contract, { ...range, revenue: 'ads' })).data, { ...range, revenue: 'ads', chart: 'newest' } as never);
    // Rev/Eng.user D0 of C1: $0.002 over 2 active users; D2 of C1: nobody active, so no ratio.
    expect(eng.rows[0]!.slice(2, 5)).toEqual([0.001, 0, null]);
    const time = cohortAvgTimeScreen.table((await root(cohortAvgTimeScreen.contract, range)).data, { ...range, chart: 'newest' } as never);
    expect(time.rows[0]!.slice(2, 4)).toEqual([50, 30]);
    expect(time.total!.slice(2, 4)).toEqual([round(100 / 4, 1), round(60 / 3, 1)]);
    const sessions = cohortSessionScreen.table((await root(cohortSessionScreen.contract, range)).data, { ...range, chart: 'newest' } as never);
    expect(sessions.rows[1]!.slice(2, 5)).toEqual([0.5, 1, 0]);
    const impressions = cohortImpressionScreen.table((await root(cohortImpressionScreen.contract, range)).data, { ...range, chart: 'newest' } as never);
    expect(impressions.rows[0]!.slice(2, 6)).toEqual([0.5, 0, null, 1]);
  });

  it('filters by the install\'s OS and country', async () => {
    for (const f of [{ os: 2 }, { countries: ['US'] }, { countries: ['VN'], os: 1 }]) {
      const range = { apps: [APP], from: C1, to: C2, ...f };
      expect((await root(cohortSessionScreen.contract, range)).data.cohorts, JSON.stringify(f)).toEqual(recompute(sent, range, today).activity);
    }
  });

  it('Level: mean and median highest main level reached by the active users, and the All line', async () => {
    const range = { apps: [APP], from: C1, to: C2 };
    const { data } = await root(cohortLevelScreen.contract, range);
    const expected = recompute(sent, range, today);
    expect(data.cohorts).toEqual(expected.level);
    expect(data.all).toEqual(expected.all);
    // C1 on D0: u1 reached 2, u3 nothing yet (0): mean 1, median 1. On D1: u1 3, u3 5 (mean and median 4).
    expect(data.cohorts[0]!.cells.slice(0, 2)).toEqual([{ users: 2, levelSum: 2, median: 1 }, { users: 2, levelSum: 8, median: 4 }]);
    const median = cohortLevelScreen.table(data, { ...range, stat: 'median', chart: 'all' } as never);
    expect(median.rows[1]!.slice(2, 5)).toEqual([1, 0, 4]);
  });

  it('D60 appears once the range\'s first cohort has lived it, with the revenue of every day before it', async () => {
    const range = { apps: [APP], from: OLD, to: addDays(OLD, 1) };
    const { data } = await root(cohortRevenueScreen.contract, range);
    expect(data.days).toEqual([...Array.from({ length: 31 }, (_, n) => n), 60]);
    expect(data.cohorts).toEqual(recompute(sent, range, today).activity);
    expect(data.cohorts[0]!.cells.at(-1)).toMatchObject({ users: 1, sessions: 1, cumAds: 7_000 });
  });

  it('refuses a range over 366 days, an unknown choice and an app the account may not see', async () => {
    const long = await raw('GET', `/api/cohort/cohort?apps=${APP}&from=${addDays(today, -400)}&to=${today}`, { token: root.tokens.accessToken });
    expect(long.status).toBe(400);
    expect(long.json.message).toContain('366');
    const bad = await raw('GET', `/api/cohort/cohort?apps=${APP}&revenue=gems`, { token: root.tokens.accessToken });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain('revenue');
    const outsider = await ownAccount('cohort-outsider', { paths: ['/gsm/cohort/cohort', '/gsm/cohort/level'], listApp: ['com.gsm.blockpuzzle'] });
    for (const path of ['/api/cohort/cohort', '/api/cohort/level']) {
      const refused = await raw('GET', `${path}?apps=${APP}`, { token: outsider.tokens.accessToken });
      expect([refused.status, refused.json.message], path).toEqual([403, 'Permission invalid']);
    }
  });
});

// ---------------------------------------------------------------- a simulated set

describe('cohort views equal the raw recomputation on a simulated studio', () => {
  const APP = 'com.test.cohortsim';
  const sent: Sent[] = [];

  beforeAll(async () => {
    root ??= await signedInAs('root');
    const keys = await newApp(APP);
    const versions = [{ version: '1.0.0', sdkVersion: '0.9.0' }, { version: '1.1.0', sdkVersion: '0.9.1' }];
    const app = { appId: APP, platforms: [{ os: 1 as const, key: keys.android, share: 2 }, { os: 2 as const, key: keys.ios, share: 1 }], versions: { 1: versions, 2: versions } };
    for (const batch of simulateStudio({ apps: [app], users: 80, days: 12, seed: 29 })) {
      await send(batch.key, batch.events);
      sent.push(...batch.events);
    }
    await rollUpEverything();
  }, 180_000);

  it('activity, revenue and levels of every cohort', async () => {
    const today = reportDay(nowMs());
    const days = sent.map((e) => reportDay(e.time)).sort();
    const range = { apps: [APP], from: days[0]!, to: days.at(-1)! };
    const expected = recompute(sent, range, today);
    expect(expected.activity.some((c) => c.cells[1] && c.cells[1].users > 0 && c.cells[1].cumAds > 0)).toBe(true);
    const activity = (await root(cohortImpressionScreen.contract, range)).data;
    expect(activity.pending).toBe(0);
    expect(activity.cohorts).toEqual(expected.activity);
    const level = (await root(cohortLevelScreen.contract, range)).data;
    expect(level.cohorts).toEqual(expected.level);
    expect(level.all).toEqual(expected.all);
    const android = { ...range, os: 1 };
    expect((await root(cohortEngScreen.contract, android)).data.cohorts).toEqual(recompute(sent, android, today).activity);
  });
});
