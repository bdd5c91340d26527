import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayStart, reportDay } from '../../src/lib/time/day';
import { simulateStudio } from '../../src/lib/analytics/simulator';
import { stuckGameScreen } from '../../src/lib/analytics/stuck/screens';
import { testPlayerMarkContract } from '../../src/lib/testing/contract';
import { nowMs } from '../../src/lib/time/clock';
// The console's one percentile (type 7): the report must agree with it on the same events.
import { percentile } from '../../src/lib/reports/percentile';
import { newPlayer } from './game-players';
import { ownAccount, raw, signedInAs } from './helpers';
import { type SentEvent, newTelemetryApp, sendEvents, wire, rollUpEverything as rollUpAll } from './telemetry-kit';

/**
 * Stuck Game (docs/metrics.md "Stuck Game") against an independent recomputation from the raw events this
 * suite sends (plain TypeScript, not the rollups' SQL): a hand-made set (resent events, another app, a pass
 * whose fail and win straddle a UTC+7 midnight, fails after the pass, a player who first reached a level
 * before the range, mini-game plays) and a simulated studio.
 */

type Root = Awaited<ReturnType<typeof signedInAs>>;
let root: Root;

type Sent = SentEvent;

const newApp = (id: string) => newTelemetryApp(root, id, 'Stuck');

const send = sendEvents;


const rollUpEverything = () => rollUpAll(root);

// ---------------------------------------------------------------- the recomputation

const byTime = (a: Sent, b: Sent) => a.time - b.time || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function recompute(sentEvents: readonly Sent[], f: { from: string; to: string; os?: number; countries?: string[] }, inactiveDays: number, today: string) {
  const events = [...new Map(sentEvents.map((e) => [e.id, e])).values()].sort(byTime);
  const plays = events.filter((e) => ['level_start', 'level_complete', 'level_fail'].includes(e.name) && e.params.mode === 'main');
  const lastDay = new Map<string, string>();
  for (const e of events) lastDay.set(e.userId, reportDay(e.time));
  const highest = new Map<string, number>();
  for (const e of plays) highest.set(e.userId, Math.max(highest.get(e.userId) ?? 0, Number(e.params.level)));
  const byPlayerLevel = new Map<string, Sent[]>();
  for (const e of plays) byPlayerLevel.set(`${e.userId}|${e.params.level}`, [...(byPlayerLevel.get(`${e.userId}|${e.params.level}`) ?? []), e]);
  const first = new Map([...byPlayerLevel].map(([key, list]) => [key, list[0]!]));
  const arrivals = [...first.values()].filter((e) => reportDay(e.time) >= f.from && reportDay(e.time) <= f.to && (!f.os || e.os === f.os) && (!f.countries?.length || f.countries.includes(e.country)));
  const levels = [...new Set(arrivals.map((e) => Number(e.params.level)))].sort((a, b) => a - b);
  return levels.map((level) => {
    const users = arrivals.filter((e) => Number(e.params.level) === level).map((e) => e.userId);
    const mine = (u: string) => byPlayerLevel.get(`${u}|${level}`) ?? [];
    const attempts: number[] = [];
    const seconds: number[] = [];
    for (const u of users) {
      const list = mine(u);
      const win = list.findIndex((e) => e.name === 'level_complete');
      if (win < 0) continue;
      attempts.push(Number(list[win]!.params.attempts));
      seconds.push(list.slice(0, win + 1).filter((e) => e.name !== 'level_start').reduce((n, e) => n + Number(e.params.duration), 0));
    }
    return {
      level,
      reached: users.length,
      stuck: users.filter((u) => highest.get(u) === level && lastDay.get(u)! <= addDays(today, -inactiveDays)).length,
      fails: users.reduce((n, u) => n + mine(u).filter((e) => e.name === 'level_fail').length, 0),
      completes: users.reduce((n, u) => n + mine(u).filter((e) => e.name === 'level_complete').length, 0),
      passed: attempts.length,
      attemptsMedian: percentile(attempts, 0.5),
      attemptsP90: percentile(attempts, 0.9),
      secondsMedian: percentile(seconds, 0.5),
      secondsP90: percentile(seconds, 0.9),
    };
  });
}

/** The Wilson 95 % lower bound, written out from its textbook form (for the score). */
function wilson(k: number, n: number) {
  const z = 1.959964;
  const p = k / n;
  const centre = p + (z * z) / (2 * n);
  const spread = z * Math.sqrt((p * (1 - p) + (z * z) / (4 * n)) / n);
  return (centre - spread) / (1 + (z * z) / n);
}

// ---------------------------------------------------------------- a hand-made set

describe('Stuck Game on a hand-made event set', () => {
  const APP = 'com.test.stuck';
  const OTHER = 'com.test.stuckother';
  const sent: Sent[] = [];
  let today: string;
  let range: { apps: string[]; from: string; to: string };
  let seq = 0;

  beforeAll(async () => {
    root = await signedInAs('root');
    today = reportDay(nowMs());
    const [EARLY, A, B, Q] = [addDays(today, -20), addDays(today, -10), addDays(today, -9), addDays(today, -2)];
    range = { apps: [APP], from: A, to: addDays(today, -1) };
    const keys = await newApp(APP);
    const other = await newApp(OTHER);
    const noon = (day: string, seconds = 0) => dayStart(day) + 12 * 3_600_000 + seconds * 1000;
    const ev = (os: number, name: string, userId: string, time: number, params: Record<string, unknown> = {}, extra: Partial<Sent> = {}): Sent => ({
      id: `stk-${++seq}`, name, userId, time, appVersion: '1.0', os, country: 'VN', params, ...extra,
    });
    const play = (level: number, duration?: number, attempts?: number) => ({ level, mode: 'main', ...(duration === undefined ? {} : { duration, attempts }) });
    const android = [
      // p1: passes level 1 on the third try (30 + 40 + 50 s), fails level 2 once and has not played since day A.
      ev(1, 'level_start', 'p1', noon(A), play(1)),
      ev(1, 'level_fail', 'p1', noon(A, 1), play(1, 30, 1)),
      ev(1, 'level_fail', 'p1', noon(A, 2), play(1, 40, 2)),
      ev(1, 'level_complete', 'p1', noon(A, 3), play(1, 50, 3)),
      ev(1, 'level_start', 'p1', noon(A, 4), play(2)),
      ev(1, 'level_fail', 'p1', noon(A, 5), play(2, 20, 1)),
      // p2: passes level 1 at once (60 s) and replays it failing on B (after the pass: a fail, not time to pass);
      // fails level 2 in the last millisecond of B and wins it in the first of B + 1 (25 + 35 s, 2 attempts);
      // reaches level 3 on Q, two days ago.
      ev(1, 'level_start', 'p2', noon(A, 10), play(1)),
      ev(1, 'level_complete', 'p2', noon(A, 11), play(1, 60, 1)),
      ev(1, 'level_fail', 'p2', noon(B), play(1, 10, 1)),
      ev(1, 'level_fail', 'p2', dayStart(addDays(B, 1)) - 1, play(2, 25, 1)),
      ev(1, 'level_complete', 'p2', dayStart(addDays(B, 1)), play(2, 35, 2)),
      ev(1, 'level_start', 'p2', noon(Q), play(3)),
      // p4 first played level 1 before the range: not one of its arrivals; mini-game levels never count.
      ev(1, 'level_start', 'p4', noon(EARLY), play(1)),
      ev(1, 'level_fail', 'p4', noon(A, 20), play(1, 99, 1)),
      ev(1, 'level_fail', 'p4', noon(A, 21), { level: 2, mode: 'minigame', duration: 5, attempts: 1 }),
    ];
    const ios = [
      // p3 (iOS): fails level 1 once on B and is gone.
      ev(2, 'level_fail', 'p3', noon(B, 30), play(1, 15, 1)),
    ];
    await send(keys.android, android.map(wire));
    await send(keys.ios, ios.map(wire));
    expect(await send(keys.ios, ios.map(wire))).toMatchObject({ duplicates: 1 });
    await send(other.android, android.map(wire));
    sent.push(...android, ...ios);
    await rollUpEverything();
  }, 120_000);

  it('per level: arrivals, stuck players, fails, and what passing took (median, p90)', async () => {
    const { data } = await root(stuckGameScreen.contract, range);
    expect(data.inactiveDays).toBe(3);
    expect(data.levels).toEqual(recompute(sent, range, 3, today));
    expect(data.levels).toEqual([
      { level: 1, reached: 3, stuck: 1, fails: 4, completes: 2, passed: 2, attemptsMedian: 2, attemptsP90: 2.8, secondsMedian: 90, secondsP90: 114 },
      { level: 2, reached: 2, stuck: 1, fails: 2, completes: 1, passed: 1, attemptsMedian: 2, attemptsP90: 2, secondsMedian: 60, secondsP90: 60 },
      { level: 3, reached: 1, stuck: 0, fails: 0, completes: 0, passed: 0, attemptsMedian: null, attemptsP90: null, secondsMedian: null, secondsP90: null },
    ]);
  });

  it('N days: a player two days away is stuck for N = 1, not for N = 3', async () => {
    const { data } = await root(stuckGameScreen.contract, { ...range, inactiveDays: 1 });
    expect(data.levels).toEqual(recompute(sent, range, 1, today));
    expect(data.levels.map((l) => l.stuck)).toEqual([1, 1, 1]);
  });

  it('the table: quit rate, fail rate and the stuck score (the quit rate\'s Wilson lower bound), sortable', async () => {
    const { data } = await root(stuckGameScreen.contract, range);
    const table = stuckGameScreen.table(data, { ...range, inactiveDays: 3 } as never);
    expect(table.sortable).toBe(true);
    expect(table.columns.map((c) => c.label)).toEqual([
      'Level', 'Players reached', 'Stuck players', 'Quit rate', 'Fail rate', 'Attempts to pass (median)', 'Attempts to pass (p90)', 'Time to pass (median)', 'Time to pass (p90)', 'Stuck score',
    ]);
    const r2 = (v: number) => Math.round(v * 100) / 100;
    expect(table.rows[0]).toEqual([1, 3, 1, 33.33, 66.67, 2, 2.8, 90, 114, r2(wilson(1, 3) * 100)]);
    expect(table.rows[2]).toEqual([3, 1, 0, 0, null, null, null, null, null, 0]);
  });

  it('filters by the first play\'s OS', async () => {
    const ios = { ...range, os: 2 };
    const { data } = await root(stuckGameScreen.contract, ios);
    expect(data.levels).toEqual(recompute(sent, ios, 3, today));
    expect(data.levels.map((l) => [l.level, l.reached, l.stuck])).toEqual([[1, 1, 1]]);
  });

  it('refuses N outside 1..90, a range over 366 days and an app the account may not see', async () => {
    const token = { token: root.tokens.accessToken };
    const bad = await raw('GET', `/api/stuck_game?apps=${APP}&inactiveDays=0`, token);
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain('inactiveDays');
    const long = await raw('GET', `/api/stuck_game?apps=${APP}&from=${addDays(today, -400)}&to=${today}`, token);
    expect(long.status).toBe(400);
    expect(long.json.message).toContain('366');
    const outsider = await ownAccount('stuck-outsider', { paths: ['/gsm/stuck_game'], listApp: ['com.gsm.blockpuzzle'] });
    const refused = await raw('GET', `/api/stuck_game?apps=${APP}`, { token: outsider.tokens.accessToken });
    expect([refused.status, refused.json.message]).toEqual([403, 'Permission invalid']);
  });
});

// ---------------------------------------------------------------- a simulated set

describe('Stuck Game equals the raw recomputation on a simulated studio', () => {
  const APP = 'com.test.stucksim';
  const sent: Sent[] = [];

  beforeAll(async () => {
    root ??= await signedInAs('root');
    const keys = await newApp(APP);
    const versions = [{ version: '1.0.0', sdkVersion: '0.9.0' }];
    const app = { appId: APP, platforms: [{ os: 1 as const, key: keys.android, share: 2 }, { os: 2 as const, key: keys.ios, share: 1 }], versions: { 1: versions, 2: versions } };
    for (const batch of simulateStudio({ apps: [app], users: 80, days: 14, seed: 31 })) {
      await send(batch.key, batch.events);
      sent.push(...batch.events);
    }
    await rollUpEverything();
  }, 180_000);

  it('every level, for N = 3 and N = 1, all platforms, Android, iOS and one country', async () => {
    const today = reportDay(nowMs());
    const days = sent.map((e) => reportDay(e.time)).sort();
    const range = { apps: [APP], from: days[0]!, to: days.at(-1)! };
    const expected = recompute(sent, range, 3, today);
    expect(expected.some((l) => l.stuck > 0 && l.passed > 1)).toBe(true);
    const { data } = await root(stuckGameScreen.contract, range);
    expect(data.pending).toBe(0);
    expect(data.levels).toEqual(expected);
    expect((await root(stuckGameScreen.contract, { ...range, inactiveDays: 1 })).data.levels).toEqual(recompute(sent, range, 1, today));
    const later = { ...range, from: addDays(range.from, 5), os: 1 };
    expect((await root(stuckGameScreen.contract, later)).data.levels).toEqual(recompute(sent, later, 3, today));
    // The OS filter reads the sums kept by OS; a country filter reads the per-attribute counts (0171, 0189).
    const ios = { ...range, os: 2 };
    expect((await root(stuckGameScreen.contract, ios)).data.levels).toEqual(recompute(sent, ios, 3, today));
    const counts = new Map<string, number>();
    for (const e of sent) counts.set(e.country, (counts.get(e.country) ?? 0) + 1);
    const country = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
    const one = { ...range, countries: [country] };
    const inCountry = recompute(sent, one, 3, today);
    expect(inCountry.some((l) => l.passed > 1)).toBe(true);
    expect((await root(stuckGameScreen.contract, one)).data.levels).toEqual(inCountry);
  }, 120_000);
});

// ---------------------------------------------------------------- a first play that arrives late

describe('Stuck Game after a late event moves a player\'s first play of a level', () => {
  const APP = 'com.test.stucklate';
  const sent: Sent[] = [];
  let today: string;
  let keys: { android: string; ios: string };

  beforeAll(async () => {
    root ??= await signedInAs('root');
    today = reportDay(nowMs());
    keys = await newApp(APP);
    const noon = (day: string, seconds = 0) => dayStart(day) + 12 * 3_600_000 + seconds * 1000;
    let n = 0;
    const ev = (name: string, userId: string, time: number, params: Record<string, unknown>, country: string): Sent => ({
      id: `stl-${++n}`, name, userId, time, appVersion: '1.0', os: 1, country, params,
    });
    // First pass: m1 and m2 first play level 1 on day −5 (Vietnam); m1 passes it, m2 fails it.
    const first = [
      ev('level_fail', 'm1', noon(addDays(today, -5)), { level: 1, mode: 'main', duration: 30, attempts: 1 }, 'VN'),
      ev('level_complete', 'm1', noon(addDays(today, -5), 1), { level: 1, mode: 'main', duration: 20, attempts: 2 }, 'VN'),
      ev('level_fail', 'm2', noon(addDays(today, -5), 2), { level: 1, mode: 'main', duration: 10, attempts: 1 }, 'VN'),
    ];
    sent.push(...first);
    await send(keys.android, first.map(wire));
    await rollUpEverything();
  }, 120_000);

  it('the arrival, its plays and its pass leave the day and attributes it no longer has', async () => {
    const recent = { apps: [APP], from: addDays(today, -5), to: addDays(today, -1) };
    expect((await root(stuckGameScreen.contract, recent)).data.levels).toEqual(recompute(sent, recent, 3, today));
    // Sent late: m1's real first play of level 1, a fail on day −7 from the United States. Their arrival at
    // level 1 moves to day −7 with that country, and the fail counts towards time to pass.
    const late = { id: 'stl-late', name: 'level_fail', userId: 'm1', time: dayStart(addDays(today, -7)) + 3_600_000, appVersion: '1.0', os: 1, country: 'US', params: { level: 1, mode: 'main', duration: 40, attempts: 1 } };
    sent.push(late);
    await send(keys.android, [wire(late)]);
    await rollUpEverything();
    const all = { apps: [APP], from: addDays(today, -7), to: addDays(today, -1) };
    const early = { apps: [APP], from: addDays(today, -7), to: addDays(today, -6) };
    for (const range of [recent, all, early, { ...recent, os: 1 }, { ...all, os: 1 }]) {
      expect((await root(stuckGameScreen.contract, range)).data.levels).toEqual(recompute(sent, range, 3, today));
    }
    expect((await root(stuckGameScreen.contract, recent)).data.levels.map((l) => [l.level, l.reached, l.passed])).toEqual([[1, 1, 0]]);
    expect((await root(stuckGameScreen.contract, early)).data.levels).toMatchObject([{ level: 1, reached: 1, passed: 1, secondsMedian: 90, attemptsMedian: 2 }]);
  }, 120_000);
});

describe('Stuck Game orders plays sent in the same millisecond by their event ids', () => {
  const APP = 'com.test.stucktie';
  const sent: Sent[] = [];
  let today: string;

  beforeAll(async () => {
    root ??= await signedInAs('root');
    today = reportDay(nowMs());
    const keys = await newApp(APP);
    const at = dayStart(addDays(today, -4)) + 12 * 3_600_000;
    const ev = (id: string, name: string, duration?: number, attempts?: number): Sent => ({
      id, name, userId: 't1', time: at, appVersion: '1.0', os: 1, country: 'VN', params: { level: 1, mode: 'main', ...(duration === undefined ? {} : { duration, attempts }) },
    });
    // All in one millisecond, so the ids decide (bytewise): "tie-a" < "tie-ab" < "tie-ac" < "tie-b". The fail
    // "tie-a" is a prefix of the pass "tie-ab" and comes before it; "tie-ac" (a fail) and "tie-b" (a completion)
    // come after. Time to pass: 7 + 11 = 18 s, at attempt 2; the later completion's 5 attempts and 99 s count for nothing.
    const plays = [ev('tie-0', 'level_start'), ev('tie-b', 'level_complete', 99, 5), ev('tie-ac', 'level_fail', 1000, 3), ev('tie-ab', 'level_complete', 11, 2), ev('tie-a', 'level_fail', 7, 1)];
    sent.push(...plays);
    await send(keys.android, plays.map(wire));
    await rollUpEverything();
  }, 120_000);

  it('the first completion is the least id, and only the fails before it count towards time to pass', async () => {
    const range = { apps: [APP], from: addDays(today, -5), to: addDays(today, -1) };
    const { data } = await root(stuckGameScreen.contract, range);
    expect(data.levels).toEqual(recompute(sent, range, 3, today));
    expect(data.levels).toEqual([
      { level: 1, reached: 1, stuck: 1, fails: 2, completes: 2, passed: 1, attemptsMedian: 2, attemptsP90: 2, secondsMedian: 18, secondsP90: 18 },
    ]);
  }, 60_000);
});

describe('Stuck Game leaves out a player marked as a test player', () => {
  const APP = 'com.test.stucktester';
  const sent: Sent[] = [];
  let today: string;
  let tester: string;

  beforeAll(async () => {
    root ??= await signedInAs('root');
    today = reportDay(nowMs());
    const keys = await newApp(APP);
    // Marking applies to SDK players (the players table): the tester is one, the other player is plain.
    tester = (await newPlayer(keys.android)).playerId;
    const noon = (day: string, seconds = 0) => dayStart(day) + 12 * 3_600_000 + seconds * 1000;
    let n = 0;
    const ev = (name: string, userId: string, seconds: number, level: number): Sent => ({
      id: `stt-${++n}`, name, userId, time: noon(addDays(today, -5), seconds), appVersion: '1.0', os: 1, country: 'VN',
      params: { level, mode: 'main', duration: 20 + n, attempts: 1 },
    });
    sent.push(
      ev('level_complete', 'plain', 1, 1), ev('level_fail', 'plain', 2, 2),
      ev('level_complete', tester, 3, 1), ev('level_fail', tester, 4, 2), ev('level_fail', tester, 5, 2),
    );
    await send(keys.android, sent.map(wire));
    await rollUpEverything();
  }, 120_000);

  it('drops their arrivals, passes and stuck count, and brings them back when unmarked', async () => {
    const range = { apps: [APP], from: addDays(today, -6), to: addDays(today, -1) };
    const report = async () => (await root(stuckGameScreen.contract, range)).data.levels;
    expect(await report()).toEqual(recompute(sent, range, 3, today));
    expect((await report()).map((l) => [l.level, l.reached, l.stuck])).toEqual([[1, 2, 0], [2, 2, 2]]);

    await root(testPlayerMarkContract, { appId: APP, userId: tester, isTest: true });
    await rollUpEverything();
    const withoutTester = sent.filter((e) => e.userId !== tester);
    expect(await report()).toEqual(recompute(withoutTester, range, 3, today));
    expect((await report()).map((l) => [l.level, l.reached, l.stuck, l.fails])).toEqual([[1, 1, 0, 0], [2, 1, 1, 1]]);

    await root(testPlayerMarkContract, { appId: APP, userId: tester, isTest: false });
    await rollUpEverything();
    expect(await report()).toEqual(recompute(sent, range, 3, today));
  }, 120_000);
});
