import { beforeAll, describe, expect, it } from 'vitest';
import {
  levelContract,
  levelRetentionContract,
  mainDataContract,
  retentionContract,
  rollupNowContract,
  type MainDataRow,
} from '../../src/lib/analytics/contract';
import { jobRunsContract } from '../../src/lib/jobs/contract';
import { levelMiniGameScreen } from '../../src/lib/analytics/screens';
import { addDays, dayStart, daysOf, reportDay } from '../../src/lib/time/day';
import { formatDay } from '../../src/lib/time/format';
import { levelRetentionTable, levelTable, mainDataTable, retentionTable, type ExportTable } from '../support/report-tables';
import { nowMs } from '../../src/lib/time/clock';
import { simulateStudio, type SimEvent } from '../../src/lib/analytics/simulator';
import { createAccountContract } from '../../src/lib/accounts/contract';
import { saveRoleContract } from '../../src/lib/roles/contract';
import { appDetailContract, appVersionsContract, createAppContract } from '../../src/lib/apps/contract';
import { csvRows, xlsxRows } from '../support/unzip';
import { baseUrl, ownAccount, raw, rejection, signedInAs } from './helpers';
import { ingest } from './game-players';
import { rollUpEverything } from './telemetry-kit';

/**
 * The SDK ingestion and the first analytics reports, through HTTP on the suite's server (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL). Each group works on apps it creates, so the demo studio's data
 * never mixes into the figures.
 */

type Keys = { android: string; ios: string };
let root: Awaited<ReturnType<typeof signedInAs>>;

async function newApp(id: string): Promise<Keys> {
  await root(createAppContract, {
    id,
    name: `Telemetry ${id}`,
    os: [
      { os: 1, packageId: `${id}.android` },
      { os: 2, packageId: `${id}.ios` },
    ],
  });
  const { data } = await root(appDetailContract, { appId: id });
  return { android: data.os.find((o) => o.os === 1)!.sdkAppKey, ios: data.os.find((o) => o.os === 2)!.sdkAppKey };
}

function send(key: string | null, events: unknown[], rawBody?: string) {
  // Raw only for a body that is not a batch on purpose (the typed client would refuse to send it).
  if (rawBody !== undefined) return raw('POST', '/api/sdk/v1/events', { body: rawBody, headers: key === null ? {} : { 'x-sdk-key': key } });
  return ingest(key, events, { legacy: true });
}

interface Answer {
  accepted: number;
  duplicates: number;
  rejected: { index: number; reason: string }[];
  clamped: { index: number; flag: string }[];
}
async function sendOk(key: string, events: unknown[]): Promise<Answer> {
  const response = await send(key, events);
  expect(response.status, response.text).toBe(200);
  return response.json.data as Answer;
}

let seq = 0;
/** Today (UTC+7) on the console's clock, read when a test needs it (the suite may run across midnight). */
const today = () => reportDay(nowMs());
/** Noon (UTC+7) of a day, plus some seconds. */
const noon = (day: string, seconds = 0) => dayStart(day) + 12 * 3_600_000 + seconds * 1000;
/** Noon (UTC+7) of the day `back` days before today, plus some seconds. */
const at = (back: number, seconds = 0) => noon(addDays(today(), -back), seconds);
function ev(name: string, userId: string, time: number, params: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  return { id: `ev-${++seq}-${Math.random().toString(36).slice(2, 8)}`, name, userId, time, appVersion: '1.0', sdkVersion: '4.0.0-test', country: 'VN', params, ...extra };
}
const iap = (micros: number) => ({ productId: 'coins', priceMicros: micros, currency: 'USD', revenueUsdMicros: micros, transactionId: `t-${++seq}`, store: 'google_play' });

beforeAll(async () => {
  root = await signedInAs('root');
});

describe('SDK ingestion', () => {
  let keys: Keys;
  beforeAll(async () => {
    keys = await newApp('com.test.ingest');
  });

  it('refuses a missing or unknown SDK key with 401', async () => {
    const event = ev('session_start', 'u1', at(1));
    expect((await send(null, [event])).status).toBe(401);
    const unknown = await send('gsm_not-a-key', [event]);
    expect(unknown.status).toBe(401);
    expect(unknown.json.message).toMatch(/Unknown SDK key/);
  });

  it('refuses batches over 500 events or 1 MB with 413', async () => {
    const many = Array.from({ length: 501 }, (_, i) => ev('session_start', `u${i}`, at(1)));
    expect((await send(keys.android, many)).status).toBe(413);
    const padding = 'x'.repeat(1024 * 1024);
    expect((await send(keys.android, [], JSON.stringify({ events: [], padding }))).status).toBe(413);
  });

  it('stores the valid events of a batch and names each refused one with its index and reason', async () => {
    const day = addDays(today(), -2);
    const at = (_back: number) => noon(day);
    const batch = [
      ev('session_start', 'p1', at(2)),
      ev('no_such_event', 'p1', at(2)),
      ev('level_complete', 'p1', at(2), { level: 1, duration: 30 }),
      { ...ev('session_start', 'p1', at(2)), userId: '' },
      ev('ad_view', 'p1', at(2), { action: 'failed', format: 'banner', placement: 'home' }),
      ev('session_start', 'p1', at(2), {}, { os: 2 }),
      ev('ad_impression', 'p1', at(2), { format: 'rewarded', network: 'admob', placement: 'continue', revenueUsdMicros: 12_000 }),
      ev('session_end', 'p1', at(2), { duration: 12.5 }),
      'not an event',
    ];
    const answer = await sendOk(keys.android, batch);
    expect(answer.accepted).toBe(2);
    expect(answer.duplicates).toBe(0);
    expect(answer.rejected).toEqual([
      { index: 1, reason: 'name: unknown event name "no_such_event"' },
      { index: 2, reason: 'params.attempts: is required' },
      { index: 3, reason: 'userId: is required' },
      { index: 4, reason: 'params.reason: is required when action is failed' },
      { index: 5, reason: 'os: 2 does not match the platform of the SDK key (1)' },
      { index: 7, reason: 'params.duration: must be whole seconds' },
      { index: 8, reason: 'event: must be an object' },
    ]);
    const { data } = await root(mainDataContract, { apps: ['com.test.ingest'], from: day, to: day });
    expect(data.rows[0]).toMatchObject({ dau: 1, sessions: 1, adImpressions: 1, adRevenue: 12_000 });
  });

  it('is idempotent: a resent batch is acknowledged again and stores nothing twice', async () => {
    const day = addDays(today(), -3);
    const at = (_back: number, seconds = 0) => noon(day, seconds);
    const batch = [ev('first_open', 'q1', at(3)), ev('session_start', 'q1', at(3, 1)), ev('session_start', 'q2', at(3, 2))];
    const first = await sendOk(keys.android, batch);
    expect(first).toMatchObject({ accepted: 3, duplicates: 0, rejected: [] });
    const again = await sendOk(keys.android, batch);
    expect(again).toMatchObject({ accepted: 3, duplicates: 3, rejected: [] });
    // The same id twice in one batch is stored once, too.
    const twice = await sendOk(keys.android, [batch[1], batch[1]]);
    expect(twice).toMatchObject({ accepted: 2, duplicates: 2 });
    const { data } = await root(mainDataContract, { apps: ['com.test.ingest'], from: day, to: day });
    expect(data.rows[0]).toMatchObject({ installs: 1, dau: 2, sessions: 2 });
  });

  it('clamps future and ancient device times to the receive time and flags them', async () => {
    const day = today();
    const before = (await root(mainDataContract, { apps: ['com.test.ingest'], from: day, to: day })).data.rows[0]!;
    const batch = [
      ev('session_start', 'c1', nowMs() + 3 * 86_400_000),
      ev('session_start', 'c2', '2001-01-01T00:00:00Z' as unknown as number),
      ev('session_start', 'c3', nowMs() - 60_000),
    ];
    const answer = await sendOk(keys.android, batch);
    expect(answer.accepted).toBe(3);
    expect(answer.clamped).toEqual([
      { index: 0, flag: 'future' },
      { index: 1, flag: 'ancient' },
    ]);
    // All three count today (UTC+7): the clamped ones at their receive time.
    const after = (await root(mainDataContract, { apps: ['com.test.ingest'], from: day, to: day })).data.rows[0]!;
    expect(after.sessions - before.sessions).toBe(3);
    expect(after.dau - before.dau).toBe(3);
    // A resent clamped event is still recognised (its day depends on the receive time, the dedupe key does not).
    expect(await sendOk(keys.android, [batch[0]])).toMatchObject({ accepted: 1, duplicates: 1 });
  });

  it('records each app version the SDK reports into the app versions (source sdk)', async () => {
    await sendOk(keys.ios, [ev('session_start', 'v1', at(1), {}, { appVersion: '2.4.0', sdkVersion: '0.9.1' })]);
    const { data } = await root(appVersionsContract, { appId: 'com.test.ingest', os: 2 });
    expect(data).toEqual(expect.arrayContaining([expect.objectContaining({ version: '2.4.0', sdkVersion: '0.9.1', source: 'sdk' })]));
  });
});

describe('SDK ingestion: one bad event never fails the batch', () => {
  it('refuses a time in microseconds, a year past 9999 and an unpaired surrogate per event, and stores the good ones', async () => {
    const keys = await newApp('com.test.badevents');
    const day = addDays(today(), -1);
    const good = (user: string, seconds: number) => ev('session_start', user, noon(day, seconds));
    const batch = [
      good('b1', 1),
      ev('session_start', 'b2', noon(day, 2) * 1000),
      ev('session_start', 'b3', '+010000-01-01T00:00:00Z' as unknown as number),
      ev('session_start', 'b4', 253_402_300_800_000),
      ev('first_open', 'b5', noon(day, 5), { source: 'store\uD800' }),
      { ...good('b6', 6), userId: 'player\uDFFF' },
      good('b7', 7),
    ];
    const answer = await sendOk(keys.android, batch);
    expect(answer.rejected).toEqual([
      { index: 1, reason: 'time: must be epoch milliseconds before the year 10000 (was it sent in microseconds?)' },
      { index: 2, reason: 'time: must be before the year 10000' },
      { index: 3, reason: 'time: must be epoch milliseconds before the year 10000 (was it sent in microseconds?)' },
      { index: 4, reason: 'params.source: must not contain an unpaired UTF-16 surrogate (broken text encoding)' },
      { index: 5, reason: 'userId: must not contain an unpaired UTF-16 surrogate (broken text encoding)' },
    ]);
    expect(answer).toMatchObject({ accepted: 2, duplicates: 0 });
    // The two good events were stored: sent again, both are duplicates, and the day counts them.
    expect(await sendOk(keys.android, [batch[0], batch[6]])).toMatchObject({ accepted: 2, duplicates: 2 });
    const { data } = await root(mainDataContract, { apps: ['com.test.badevents'], from: day, to: day });
    expect(data.rows[0]).toMatchObject({ dau: 2, sessions: 2 });
  });
});

describe('metrics on a hand-made event set (docs/metrics.md)', () => {
  const APP = 'com.test.metrics';
  /** Five, four and three days before the day the events were sent. */
  let A: string, B: string, C: string;
  let range: { apps: string[]; from: string; to: string };

  beforeAll(async () => {
    const sent = today();
    [A, B, C] = [addDays(sent, -5), addDays(sent, -4), addDays(sent, -3)];
    range = { apps: [APP], from: A, to: C };
    const at = (back: 3 | 4 | 5, seconds = 0) => noon(addDays(sent, -back), seconds);
    const keys = await newApp(APP);
    const us = { country: 'US' };
    const ios = { appVersion: '1.1', country: 'US' };
    await sendOk(keys.android, [
      // Day A: u1 (VN), u2 (US) install on Android
      ev('first_open', 'u1', at(5, 0)),
      ev('session_start', 'u1', at(5, 1)),
      ev('level_start', 'u1', at(5, 2), { level: 1 }),
      ev('level_complete', 'u1', at(5, 3), { level: 1, duration: 30, attempts: 1 }),
      ev('level_start', 'u1', at(5, 4), { level: 2 }),
      ev('level_fail', 'u1', at(5, 5), { level: 2, duration: 40, attempts: 1 }),
      ev('ad_impression', 'u1', at(5, 6), { format: 'banner', network: 'admob', placement: 'home', revenueUsdMicros: 1_000 }),
      ev('ad_impression', 'u1', at(5, 7), { format: 'interstitial', network: 'admob', placement: 'level_end', revenueUsdMicros: 20_000 }),
      ev('iap_purchase', 'u1', at(5, 8), iap(990_000)),
      ev('session_end', 'u1', at(5, 9), { duration: 100 }),
      ev('first_open', 'u2', at(5, 0), {}, us),
      ev('session_start', 'u2', at(5, 1), {}, us),
      ev('level_start', 'u2', at(5, 2), { level: 1 }, us),
      ev('level_fail', 'u2', at(5, 3), { level: 1, duration: 20, attempts: 1 }, us),
      ev('level_start', 'u2', at(5, 4), { level: 1 }, us),
      ev('level_complete', 'u2', at(5, 5), { level: 1, duration: 25, attempts: 2 }, us),
      ev('ad_impression', 'u2', at(5, 6), { format: 'rewarded', network: 'unity', placement: 'continue', revenueUsdMicros: 30_000 }, us),
      ev('session_start', 'u2', at(5, 600), {}, us),
      ev('session_end', 'u2', at(5, 800), { duration: 200 }, us),
      // Day B: u1 plays on; u4 shows up without an install event (counts in DAU only)
      ev('session_start', 'u1', at(4, 0)),
      ev('level_start', 'u1', at(4, 1), { level: 2 }),
      ev('level_complete', 'u1', at(4, 2), { level: 2, duration: 35, attempts: 2 }),
      ev('level_start', 'u1', at(4, 3), { level: 3 }),
      ev('ad_impression', 'u1', at(4, 4), { format: 'banner', network: 'admob', placement: 'home', revenueUsdMicros: 1_000 }),
      ev('session_end', 'u1', at(4, 50), { duration: 50 }),
      ev('session_start', 'u4', at(4, 0)),
      // Day C: u2 comes back
      ev('session_start', 'u2', at(3, 0), {}, us),
      ev('session_end', 'u2', at(3, 10), { duration: 10 }, us),
    ]);
    await sendOk(keys.ios, [
      ev('first_open', 'u3', at(5, 0), {}, ios),
      ev('session_start', 'u3', at(5, 1), {}, ios),
      ev('session_end', 'u3', at(5, 61), { duration: 60 }, ios),
      ev('session_start', 'u3', at(4, 0), {}, ios),
      ev('iap_purchase', 'u3', at(4, 1), iap(4_990_000), ios),
      ev('iap_purchase', 'u3', at(4, 2), iap(990_000), ios),
    ]);
  });

  it('Main Data: installs, DAU, sessions, session time, ads, IAP and paying users per day', async () => {
    const { data } = await root(mainDataContract, range);
    expect(data.pending).toBe(0);
    const zero = { installs: 0, dau: 0, sessions: 0, sessionEnds: 0, sessionSeconds: 0, adImpressions: 0, adRevenue: 0, iapPurchases: 0, iapRevenue: 0, payers: 0 };
    expect(data.rows).toEqual([
      { ...zero, day: A, installs: 3, dau: 3, sessions: 4, sessionEnds: 3, sessionSeconds: 360, adImpressions: 3, adRevenue: 51_000, iapPurchases: 1, iapRevenue: 990_000, payers: 1 },
      { ...zero, day: B, dau: 3, sessions: 3, sessionEnds: 1, sessionSeconds: 50, adImpressions: 1, adRevenue: 1_000, iapPurchases: 2, iapRevenue: 5_980_000, payers: 1 },
      { ...zero, day: C, dau: 1, sessions: 1, sessionEnds: 1, sessionSeconds: 10 },
    ]);
    // The derived columns, as the table and the exports show them.
    const table = mainDataTable(data.rows);
    expect(table.header).toEqual(['Day (UTC+7)', 'Installs', 'DAU', 'Sessions / DAU', 'Avg session time (s)', 'Ad impressions / DAU', 'Ad revenue (USD)', 'IAP revenue (USD)', 'Paying users', 'ARPDAU (USD)', 'ARPPU (USD)', 'Conversion (%)']);
    expect(table.rows[0]).toEqual([formatDay(A), 3, 3, 1.33, 120, 1, 0.05, 0.99, 1, 0.347, 0.99, 33.33]);
    expect(table.rows[1]).toEqual([formatDay(B), 0, 3, 1, 50, 0.33, 0, 5.98, 1, 1.9937, 5.98, 33.33]);
    expect(table.rows[2]).toEqual([formatDay(C), 0, 1, 1, 10, 0, 0, 0, 0, 0, null, 0]);
    // Total line: sums, with DAU and paying users as daily averages and ratios over the sums.
    expect(table.rows[3]).toEqual(['Total', 3, 2.3, 1.14, 84, 0.57, 0.05, 6.97, 0.7, 1.0031, 3.49, 28.57]);
  });

  it('filters by OS, country and version use the user-day (or install) attributes', async () => {
    const ios = (await root(mainDataContract, { ...range, os: 2 })).data.rows;
    expect(ios.map((r) => [r.installs, r.dau, r.iapRevenue])).toEqual([[1, 1, 0], [0, 1, 5_980_000], [0, 0, 0]]);
    const vn = (await root(mainDataContract, { ...range, countries: ['VN'] })).data.rows;
    expect(vn.map((r) => [r.installs, r.dau])).toEqual([[1, 1], [0, 2], [0, 0]]);
    const v11 = (await root(mainDataContract, { ...range, version: '1.1' })).data.rows;
    expect(v11.map((r) => [r.installs, r.dau])).toEqual([[1, 1], [0, 1], [0, 0]]);
  });

  it('Retention: a cohort user counts on day N when active on exactly install day + N (UTC+7)', async () => {
    const { data } = await root(retentionContract, range);
    const cohortA = data.cohorts.find((c) => c.installDay === A)!;
    expect(cohortA.installs).toBe(3);
    // A + 5 was the day the events were sent: in progress while it is today, over (0) once midnight passed.
    const d5 = addDays(A, 5) < today() ? 0 : null;
    expect(cohortA.retained).toEqual([3, 2, 1, 0, 0, d5, ...Array(25).fill(null)]);
    expect(data.cohorts.find((c) => c.installDay === B)).toMatchObject({ installs: 0 });
    const table = retentionTable(data.cohorts);
    expect(table.rows[0]!.slice(0, 6)).toEqual([formatDay(A), 3, 100, 66.67, 33.33, 0]);
  });

  it('Level: plays, outcomes, win rate, attempts, duration, players reaching and drop-off', async () => {
    const { data } = await root(levelContract, range);
    expect(data.levels).toEqual([
      { level: 1, starts: 3, completes: 2, fails: 1, attemptsSum: 3, durationSum: 75, reached: 2 },
      { level: 2, starts: 2, completes: 1, fails: 1, attemptsSum: 2, durationSum: 75, reached: 1 },
      { level: 3, starts: 1, completes: 0, fails: 0, attemptsSum: 0, durationSum: 0, reached: 1 },
    ]);
    const table = levelTable(data.levels);
    expect(table.header).toEqual(['Level', 'Starts', 'Completes', 'Fails', 'Win rate (%)', 'Avg attempts', 'Avg duration (s)', 'Players reaching', 'Drop-off to next (%)']);
    expect(table.rows).toEqual([
      [1, 3, 2, 1, 66.67, 1.5, 25, 2, 50],
      [2, 2, 1, 1, 50, 2, 37.5, 1, 0],
      [3, 1, 0, 0, null, null, null, 1, null],
    ]);
    // Players reaching counts first plays within the range: from B on, level 1 and 2 were reached before.
    const later = await root(levelContract, { ...range, from: B });
    expect(later.data.levels.map((l) => [l.level, l.reached])).toEqual([[2, 0], [3, 1]]);
  });

  it('Level retention: share of each install cohort that reached each level', async () => {
    const { data } = await root(levelRetentionContract, { ...range, maxLevel: 4 });
    expect(data.cohorts[0]).toEqual({ installDay: A, installs: 3, reached: [2, 1, 1, 0] });
    expect(data.cohorts[1]).toEqual({ installDay: B, installs: 0, reached: [0, 0, 0, 0] });
  });

  it('exports the table a screen shows, as CSV and as a real .xlsx', async () => {
    const { data } = await root(mainDataContract, range);
    const query = `apps=${APP}&from=${A}&to=${C}`;
    const csv = await download('/api/analytic/mainData/export', `${query}&format=csv`);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    // The file is named after the report, the app and the range, days as the table writes them.
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="main-data_${APP}_${formatDay(A)}_${formatDay(C)}.csv"`);
    const xlsx = await download('/api/analytic/mainData/export', `${query}&format=xlsx`);
    expect(xlsx.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const expected = mainDataTable(data.rows);
    expect(expected.rows).toHaveLength(5); // A, B, C, the Total line and the line naming how each Total is formed
    // The Total line says what each cell is, as the screen does in its cells: the words on a line of their own
    // (the cells stay numbers), from each column's aggregate.
    expect(expected.rows.slice(3)).toEqual([
      ['Total', 3, 2.3, 1.14, 84, 0.57, 0.05, 6.97, 0.7, 1.0031, 3.49, 28.57],
      ['Total formed as', 'Sum', 'Average', 'Ratio of sums', 'Ratio of sums', 'Ratio of sums', 'Sum', 'Sum', 'Average', 'Ratio of sums', 'Ratio of sums', 'Ratio of sums'],
    ]);
    expect((await csv.text()).split('\r\n').slice(4, 6)).toEqual([
      'Total,3,2.3,1.14,84,0.57,0.05,6.97,0.7,1.0031,3.49,28.57',
      'Total formed as,Sum,Average,Ratio of sums,Ratio of sums,Ratio of sums,Sum,Sum,Average,Ratio of sums,Ratio of sums,Ratio of sums',
    ]);
    await expectExportsEqual('/api/analytic/mainData/export', query, 'main-data', expected);
    // No app asked: every app the account sees, said as such.
    const everyApp = await download('/api/analytic/mainData/export', `from=${A}&to=${C}&format=xlsx`);
    expect(everyApp.headers.get('content-disposition')).toBe(`attachment; filename="main-data_all-apps_${formatDay(A)}_${formatDay(C)}.xlsx"`);
  });

  it('exports Retention, Level and Level retention with the rows of their JSON reports', async () => {
    const query = `apps=${APP}&from=${A}&to=${C}`;
    const retention = (await root(retentionContract, range)).data;
    expect(retention.cohorts.map((c) => c.installDay)).toEqual([A, B, C]);
    await expectExportsEqual('/api/cohort/retention/export', query, 'retention', retentionTable(retention.cohorts));
    const level = (await root(levelContract, range)).data;
    expect(level.levels.map((l) => l.level)).toEqual([1, 2, 3]);
    await expectExportsEqual('/api/analytic/level/export', query, 'level', levelTable(level.levels));
    const levelRetention = (await root(levelRetentionContract, { ...range, maxLevel: 4 })).data;
    expect(levelRetention.cohorts.map((c) => [c.installDay, c.installs, c.reached])).toEqual([[A, 3, [2, 1, 1, 0]], [B, 0, [0, 0, 0, 0]], [C, 0, [0, 0, 0, 0]]]);
    const table = levelRetentionTable(levelRetention.cohorts, 4);
    expect(table.rows.at(-1)).toEqual(['All', 3, 66.67, 33.33, 33.33, 0]);
    await expectExportsEqual('/api/analytic/levelRetention/export', `${query}&maxLevel=4`, 'level-retention', table);
  });

  it('refuses bad export filters with 400 naming the field', async () => {
    for (const [path, query, field] of [
      ['/api/analytic/mainData/export', 'format=pdf', 'format'],
      ['/api/cohort/retention/export', 'from=2026-02-30', 'from'],
      ['/api/analytic/level/export', 'mode=bonus', 'mode'],
      ['/api/analytic/levelRetention/export', 'maxLevel=0', 'maxLevel'],
      ['/api/analytic/levelRetention/export', `maxLevel=201`, 'maxLevel'],
    ] as const) {
      const response = await raw('GET', `${path}?${query}`, { token: root.tokens.accessToken });
      expect(response.status, `${path}?${query}`).toBe(400);
      expect(response.json.message, `${path}?${query}`).toContain(field);
    }
  });
});

/** An export downloaded as root. */
async function download(path: string, query: string) {
  const response = await fetch(`${baseUrl}${path}?${query}`, { headers: { authorization: `Bearer ${root.tokens.accessToken}` } });
  expect(response.status, `${path}?${query}`).toBe(200);
  return response;
}

/** The CSV and the .xlsx export of a report both hold exactly the table its JSON answer makes. */
async function expectExportsEqual(path: string, query: string, fileStem: string, expected: ExportTable) {
  const name = `${fileStem}_${new URLSearchParams(query).get('apps')}_${formatDay(new URLSearchParams(query).get('from')!)}_${formatDay(new URLSearchParams(query).get('to')!)}`;
  const csv = await download(path, `${query}&format=csv`);
  expect(csv.headers.get('content-type')).toContain('text/csv');
  expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="${name}.csv"`);
  const rows = csvRows(await csv.text());
  expect(rows[0], `${path} CSV header`).toEqual(expected.header);
  expect(rows.slice(1).map((r) => r.map((v) => (v === '' ? null : Number.isNaN(Number(v)) ? v : Number(v)))), `${path} CSV`).toEqual(expected.rows);
  const xlsx = await download(path, `${query}&format=xlsx`);
  expect(xlsx.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  expect(xlsx.headers.get('content-disposition')).toBe(`attachment; filename="${name}.xlsx"`);
  const sheet = await xlsxRows(new Uint8Array(await xlsx.arrayBuffer()));
  expect(sheet[0], `${path} .xlsx header`).toEqual(expected.header);
  expect(sheet.slice(1).map((r) => [...r, ...Array(expected.header.length - r.length).fill(null)]), `${path} .xlsx`).toEqual(expected.rows);
}

describe('rollups equal a recomputation from the raw events', () => {
  const APP = 'com.test.random';
  const events: (SimEvent & { key: string })[] = [];

  beforeAll(async () => {
    const keys = await newApp(APP);
    // SDK versions of their own (below the ones other suites assert on).
    const versions = [{ version: '1.0.0', sdkVersion: '0.9.0' }, { version: '1.1.0', sdkVersion: '0.9.1' }];
    const app = { appId: APP, platforms: [{ os: 1 as const, key: keys.android, share: 2 }, { os: 2 as const, key: keys.ios, share: 1 }], versions: { 1: versions, 2: versions } };
    const batches = [...simulateStudio({ apps: [app], users: 70, days: 10, seed: 7 })];
    for (const batch of batches) {
      const answer = await sendOk(batch.key, batch.events);
      expect(answer.rejected).toEqual([]);
      events.push(...batch.events.map((e) => ({ ...e, key: batch.key })));
    }
    // Roll everything up now: a report's own on-demand rollup is bounded (1.5 s) on a busy machine.
    await rollUpEverything(root);
  }, 60_000);

  /** The definitions of docs/metrics.md, computed directly from the events the SDK sent. */
  function recompute(day: string): Omit<MainDataRow, 'day'> {
    const firstOpen = new Map<string, string>();
    for (const e of events) if (e.name === 'first_open') firstOpen.set(e.userId, [firstOpen.get(e.userId), reportDay(e.time)].filter(Boolean).sort()[0]!);
    const ofDay = events.filter((e) => reportDay(e.time) === day);
    const users = new Set(ofDay.map((e) => e.userId));
    const sum = (name: string, field: string) => ofDay.filter((e) => e.name === name).reduce((s, e) => s + Number(e.params[field]), 0);
    const count = (name: string) => ofDay.filter((e) => e.name === name).length;
    return {
      installs: [...firstOpen.values()].filter((d) => d === day).length,
      dau: users.size,
      sessions: count('session_start'),
      sessionEnds: count('session_end'),
      sessionSeconds: sum('session_end', 'duration'),
      adImpressions: count('ad_impression'),
      adRevenue: sum('ad_impression', 'revenueUsdMicros'),
      iapPurchases: count('iap_purchase'),
      iapRevenue: sum('iap_purchase', 'revenueUsdMicros'),
      payers: new Set(ofDay.filter((e) => e.name === 'iap_purchase').map((e) => e.userId)).size,
    };
  }

  it('Main Data of a random day (and of every day) equals the raw recomputation', async () => {
    const days = [...new Set(events.map((e) => reportDay(e.time)))].sort();
    const { data } = await root(mainDataContract, { apps: [APP], from: days[0], to: days.at(-1) });
    // One row per day of the range, each equal to the recomputation: ten simulated days, the last of them
    // today, which holds no event yet just after midnight.
    expect(days.length).toBeGreaterThanOrEqual(9);
    expect(days[0]).toBe(addDays(today(), -9));
    expect(data.rows.map((r) => r.day)).toEqual(daysOf(days[0]!, days.at(-1)!));
    const random = days[Math.floor(Math.random() * days.length)]!;
    expect(data.rows.find((r) => r.day === random), `day ${random}`).toEqual({ day: random, ...recompute(random) });
    expect(data.rows).toEqual(data.rows.map((row) => ({ day: row.day, ...recompute(row.day) })));
    expect(data.rows.reduce((n, r) => n + r.sessions, 0)).toBe(events.filter((e) => e.name === 'session_start').length);
  });

  it('retention and levels equal the raw recomputation', async () => {
    const days = [...new Set(events.map((e) => reportDay(e.time)))].sort();
    const install = new Map<string, string>();
    for (const e of events) if (e.name === 'first_open' && (!install.has(e.userId) || reportDay(e.time) < install.get(e.userId)!)) install.set(e.userId, reportDay(e.time));
    const active = new Set(events.map((e) => `${e.userId}|${reportDay(e.time)}`));
    const { data } = await root(retentionContract, { apps: [APP], from: days[0], to: days.at(-1) });
    const now = today();
    // One cohort per day of the range; every cell is the recomputation, null exactly for days not over yet.
    expect(data.cohorts.map((c) => c.installDay)).toEqual(daysOf(days[0]!, days.at(-1)!));
    expect(data.cohorts.reduce((n, c) => n + c.installs, 0)).toBe(install.size);
    expect(install.size).toBeGreaterThan(0);
    expect(data.cohorts).toEqual(
      data.cohorts.map((cohort) => {
        const members = [...install].filter(([, d]) => d === cohort.installDay).map(([u]) => u);
        return {
          installDay: cohort.installDay,
          installs: members.length,
          retained: Array.from({ length: 31 }, (_, n) => {
            const day = addDays(cohort.installDay, n);
            return day >= now ? null : members.filter((u) => active.has(`${u}|${day}`)).length;
          }),
        };
      }),
    );
    // Level (main mode) and Level MiniGame (its own screen and API) from the same kind of recomputation.
    for (const [mode, contract] of [['main', levelContract], ['minigame', levelMiniGameScreen.contract]] as const) {
      const levels = (await root(contract, { apps: [APP], from: days[0], to: days.at(-1) })).data.levels;
      const plays = events.filter((e) => e.name.startsWith('level_') && e.params.mode === mode);
      // Exactly the levels played, in order, each with the recomputed figures.
      const played = [...new Set(plays.map((e) => Number(e.params.level)))].sort((a, b) => a - b);
      expect(played.length, mode).toBeGreaterThan(0);
      expect(levels.map((l) => l.level), mode).toEqual(played);
      for (const row of levels) {
        const of = plays.filter((e) => e.params.level === row.level);
        expect(row, `${mode} level ${row.level}`).toEqual({
          level: row.level,
          starts: of.filter((e) => e.name === 'level_start').length,
          completes: of.filter((e) => e.name === 'level_complete').length,
          fails: of.filter((e) => e.name === 'level_fail').length,
          attemptsSum: of.filter((e) => e.name === 'level_complete').reduce((s, e) => s + Number(e.params.attempts), 0),
          durationSum: of.filter((e) => e.name !== 'level_start').reduce((s, e) => s + Number(e.params.duration), 0),
          reached: new Set(of.map((e) => e.userId)).size,
        });
      }
    }
  });

  it('a late first_open moves the install to its day and updates the days that counted it', async () => {
    const keys = await newApp('com.test.late');
    const day = today();
    const at = (back: 5 | 6, seconds = 0) => noon(addDays(day, -back), seconds);
    const range = { apps: ['com.test.late'], from: addDays(day, -6), to: addDays(day, -5) };
    await sendOk(keys.android, [ev('session_start', 'late1', at(5)), ev('first_open', 'late1', at(5, 1))]);
    expect((await root(retentionContract, range)).data.cohorts[1]!.retained.slice(0, 1)).toEqual([1]);
    // The install event of the day before arrives later (an offline queue): the cohort moves to that day.
    await sendOk(keys.android, [ev('first_open', 'late1', at(6)), ev('level_start', 'late1', at(6, 1), { level: 1 })]);
    const { data } = await root(retentionContract, range);
    expect(data.cohorts.map((c) => [c.installDay, c.installs, c.retained[0], c.retained[1]])).toEqual([
      [addDays(day, -6), 1, 1, 1],
      [addDays(day, -5), 0, 0, 0],
    ]);
    const main = (await root(mainDataContract, range)).data.rows.map((r) => r.installs);
    expect(main).toEqual([1, 0]);
  });
});

describe('report access', () => {
  /**
   * Accounts and roles of this suite, shaped like the demo ones (other suites change the demo accounts'
   * passwords and count the accounts of the demo roles).
   */
  async function account(username: string, paths: string[], privateActions: string[], extra: { listApp?: string[]; canViewAllApp?: boolean } = {}) {
    const password = 'telemetry-passphrase-1';
    await root(saveRoleContract, { name: username, description: 'telemetry suite', paths, privateActions });
    await root(createAccountContract, { username, role: username, password, ...extra });
    return signedInAs(username, password);
  }
  const ANALYTICS = ['/dashboard', '/gsm/analytic/main_data', '/gsm/cohort/retention', '/gsm/analytic/level', '/gsm/analytic/levelRetention'];

  it('answers only the apps an account may see, and 403 for an app it may not see', async () => {
    const analyst = await account('tele_analyst', ANALYTICS, ['export_report'], { listApp: ['com.gsm.blockpuzzle', 'com.gsm.tilematch'] });
    const { data } = await analyst(mainDataContract, {});
    expect(data.apps).toEqual(['com.gsm.blockpuzzle', 'com.gsm.tilematch']);
    for (const contract of [mainDataContract, retentionContract, levelContract, levelRetentionContract]) {
      const refused = await raw('GET', `${contract.path}?apps=com.test.metrics`, { token: analyst.tokens.accessToken });
      expect(refused.status, contract.path).toBe(403);
      expect(refused.json.message).toBe('Permission invalid');
    }
    const exportRefused = await raw('GET', '/api/analytic/mainData/export?apps=com.test.metrics', { token: analyst.tokens.accessToken });
    expect(exportRefused.status).toBe(403);
  });

  it('needs the screen route, and export_report for exports', async () => {
    const designer = await account('tele_designer', ['/dashboard', '/gsm/analytic/level', '/gsm/analytic/levelRetention'], [], { listApp: ['com.gsm.wordquest'] }); // level screens only
    expect((await raw('GET', '/api/analytic/mainData', { token: designer.tokens.accessToken })).status).toBe(403);
    expect((await raw('GET', '/api/cohort/retention', { token: designer.tokens.accessToken })).status).toBe(403);
    const level = await designer(levelContract, {});
    expect(level.data.apps).toEqual(['com.gsm.wordquest']);
    const cache = await account('tele_cache', ['/dashboard', '/gsm/analytic/main_data'], [], { canViewAllApp: true }); // Main Data without export_report
    expect((await raw('GET', '/api/analytic/mainData', { token: cache.tokens.accessToken })).status).toBe(200);
    expect((await raw('GET', '/api/analytic/mainData/export?format=csv', { token: cache.tokens.accessToken })).status).toBe(403);
  });

  const EXPORTS = [
    ['/api/analytic/mainData', '/gsm/analytic/main_data'],
    ['/api/cohort/retention', '/gsm/cohort/retention'],
    ['/api/analytic/level', '/gsm/analytic/level'],
    ['/api/analytic/levelRetention', '/gsm/analytic/levelRetention'],
  ] as const;

  it('refuses every export without export_report, though the reports answer', async () => {
    const reader = await account('tele_reader', ANALYTICS, [], { canViewAllApp: true });
    for (const [report] of EXPORTS) {
      expect((await raw('GET', `${report}?apps=com.gsm.blockpuzzle`, { token: reader.tokens.accessToken })).status, report).toBe(200);
      const refused = await raw('GET', `${report}/export?apps=com.gsm.blockpuzzle&format=xlsx`, { token: reader.tokens.accessToken });
      expect(refused.status, `${report}/export`).toBe(403);
      expect(refused.json.message).toBe('Permission invalid');
    }
  });

  it('refuses each export without its screen route, export_report or not', async () => {
    for (const [report, route] of EXPORTS) {
      const name = `tele_x${EXPORTS.findIndex(([r]) => r === report)}`;
      const others = ANALYTICS.filter((p) => p !== route);
      const session = await account(name, others, ['export_report'], { canViewAllApp: true });
      const refused = await raw('GET', `${report}/export?apps=com.gsm.blockpuzzle&format=csv`, { token: session.tokens.accessToken });
      expect(refused.status, `${report}/export`).toBe(403);
      expect(refused.json.message).toBe('Permission invalid');
      // The same account exports a screen it has.
      const [allowed] = EXPORTS.find(([, r]) => r !== route)!;
      expect((await raw('GET', `${allowed}/export?apps=com.gsm.blockpuzzle&format=csv`, { token: session.tokens.accessToken })).status, `${allowed}/export`).toBe(200);
    }
  });
});

describe('POST /api/analytic/rollup', () => {
  const rollupRuns = async () => (await root(jobRunsContract, { name: 'analytics_rollup', limit: 1 })).totalRecord;

  // A column store keeps no rollups (its reports scan the events), so there is nothing to roll up there.
  it.skipIf(Boolean(process.env.TEST_EVENT_STORE))('rolls up exactly the pending app-days, then has nothing left to do', async () => {
    const APP = 'com.test.rollupnow';
    const keys = await newApp(APP);
    // The scheduler's own analytics_rollup may take some app-days between the calls: then try again.
    for (let attempt = 1; ; attempt++) {
      const drained = await root(rollupNowContract, { budgetMs: 15_000 });
      expect(drained.data.pending).toBe(0);
      const runsBefore = await rollupRuns();
      const [d1, d2] = [addDays(today(), -2), addDays(today(), -1)];
      await sendOk(keys.android, [ev('session_start', `r${attempt}a`, noon(d1)), ev('session_start', `r${attempt}b`, noon(d2)), ev('session_start', `r${attempt}c`, noon(d2, 5))]);
      const { data } = await root(rollupNowContract, { budgetMs: 15_000 });
      if ((await rollupRuns()) !== runsBefore && attempt < 3) continue;
      expect(data).toEqual({ appDays: 2, pending: 0 });
      expect((await root(rollupNowContract, {})).data).toEqual({ appDays: 0, pending: 0 });
      const report = (await root(mainDataContract, { apps: [APP], from: d1, to: d2 })).data;
      expect(report.pending).toBe(0);
      expect(report.rows.map((r) => [r.day, r.sessions])).toEqual([[d1, attempt], [d2, 2 * attempt]]);
      break;
    }
  });

  it('needs the job schedule route and job_run, and a budget of 100 ms to 30 s (a call can overrun it by one day of rollup, under the client 40 s timeout)', async () => {
    const noAction = await ownAccount('rollup-noaction', { paths: ['/job_schedule/index'] });
    const refused = await rejection(noAction(rollupNowContract, { budgetMs: 1000 }));
    expect([refused.status, refused.message]).toEqual([403, 'Permission invalid']);
    const noRoute = await ownAccount('rollup-noroute', { paths: ['/dashboard'], privateActions: ['job_run'] });
    expect((await rejection(noRoute(rollupNowContract, { budgetMs: 1000 }))).status).toBe(403);
    const runner = await ownAccount('rollup-runner', { paths: ['/job_schedule/index'], privateActions: ['job_run'] });
    expect((await runner(rollupNowContract, { budgetMs: 1000 })).data.pending).toBe(0);
    for (const budgetMs of [50, 30_001, 'soon'] as unknown as number[]) {
      const bad = await raw('POST', '/api/analytic/rollup', { token: runner.tokens.accessToken, body: JSON.stringify({ budgetMs }) });
      expect(bad.status, String(budgetMs)).toBe(400);
      expect(bad.json.message).toContain('budgetMs');
    }
  });
});
