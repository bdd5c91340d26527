import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import type { LevelRetentionCohort, LevelRow, MainDataRow, RetentionCohort } from '../../src/lib/analytics/contract';
import { nowMs } from '../../src/lib/time/clock';
import { csvRows, xlsxRows } from '../support/unzip';
import { apiAs, plusDays, unique, utc7Day } from './api';
import { expect, open, signIn, test } from './fixtures';
import { type Cell, cellValue, reportReady, shownTotalKinds, splitTotalKinds, tableRows } from './report-table';

/**
 * The first analytics screens on the demo studio (seeded at server start): each table holds exactly the
 * figures of the report the screen asked for (recomputed here from the API's sums, per docs/metrics.md),
 * filters change the request and so the figures, and the exports hold the numbers the table shows.
 * Days follow the server's clock (the page head's gsm-server-now), so the suite passes at any hour.
 */

async function download(page: Page, testId: string): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  return readFileSync((await (file as Download).path())!);
}

async function pickOs(page: Page, os: 'All' | 'Android' | 'iOS' | 'WebGL') {
  await page.locator('.filter-os').click();
  await page.getByRole('option', { name: os, exact: true }).click();
}

/** "Today" (UTC+7) by the server's clock, as the page head handed it to the browser. */
async function serverToday(page: Page): Promise<string> {
  const serverNow = Number(await page.locator('meta[name="gsm-server-now"]').getAttribute('content'));
  // The server and this test process share one clock (scripts/test-at.mjs shifts both).
  expect(Math.abs(serverNow - nowMs())).toBeLessThan(120_000);
  return utc7Day(serverNow);
}

/**
 * Runs an action and returns the report request it makes (the query the screen sent) with the API's
 * answer; `match` picks the request by its query.
 */
async function reportCall<T>(page: Page, path: string, action: () => Promise<unknown>, match: (q: URLSearchParams) => boolean = () => true): Promise<{ query: URLSearchParams; data: T }> {
  const answered = page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname === path && r.request().method() === 'GET' && match(url.searchParams);
  });
  await action();
  const response = await answered;
  expect(response.status()).toBe(200);
  return { query: new URL(response.url()).searchParams, data: ((await response.json()) as { data: T }).data };
}

/**
 * Opens a report screen and returns the figures it shows: the server renders the first answer into the
 * page (no request), so the API is asked here with the query the screen wrote into its URL.
 */
async function shownReport<T>(page: Page, path: string, screen: string): Promise<{ query: URLSearchParams; data: T }> {
  await open(page, screen);
  await reportReady(page);
  const query = new URL(page.url()).searchParams;
  expect(query.get('from'), 'the screen writes its range into the URL').toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const response = await page.request.get(`${path}?${query.toString()}`);
  expect(response.status()).toBe(200);
  return { query, data: ((await response.json()) as { data: T }).data };
}

/** The report API asked directly with the page's session (cookies) for the given filters. */
async function report<T>(page: Page, path: string, params: Record<string, string | number>): Promise<T> {
  const response = await page.request.get(path, { params });
  expect(response.status(), `${path} ${JSON.stringify(params)}`).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

// ---------------------------------------------------------------- the figures, recomputed from the API's sums (docs/metrics.md)

const round = (v: number | null, decimals: number): number | null => (v === null || !Number.isFinite(v) ? null : Math.round(v * 10 ** decimals) / 10 ** decimals);
const over = (a: number, b: number): number | null => (b > 0 ? a / b : null);
const usd = (micros: number) => micros / 1_000_000;

/** Main Data: the Total line (sums; DAU and paying users as daily averages, 1 decimal) then the days, newest first. */
function mainDataExpected(rows: MainDataRow[]): Cell[][] {
  const line = (label: string, r: Omit<MainDataRow, 'day'>, days: number | null): Cell[] => [
    label,
    r.installs,
    days === null ? r.dau : round(r.dau / days, 1),
    round(over(r.sessions, r.dau), 2),
    round(over(r.sessionSeconds, r.sessionEnds), 1),
    round(over(r.adImpressions, r.dau), 2),
    round(usd(r.adRevenue), 2),
    round(usd(r.iapRevenue), 2),
    days === null ? r.payers : round(r.payers / days, 1),
    round(over(usd(r.adRevenue + r.iapRevenue), r.dau), 4),
    round(over(usd(r.iapRevenue), r.payers), 2),
    round(r.dau > 0 ? (100 * r.payers) / r.dau : null, 2),
  ];
  const keys = ['installs', 'dau', 'sessions', 'sessionEnds', 'sessionSeconds', 'adImpressions', 'adRevenue', 'iapPurchases', 'iapRevenue', 'payers'] as const;
  const sum = Object.fromEntries(keys.map((k) => [k, rows.reduce((s, r) => s + r[k], 0)])) as Omit<MainDataRow, 'day'>;
  return [line('Total', sum, Math.max(1, rows.length)), ...[...rows].reverse().map((r) => line(r.day, r, null))];
}

const pct = (users: number | null | undefined, base: number): number | null => (users === null || users === undefined || base === 0 ? null : Math.round((10_000 * users) / base) / 100);

/** Retention: the All line (per day N, retained users of the cohorts whose day N is over ÷ their installs), then cohorts newest first. */
function retentionExpected(cohorts: RetentionCohort[]): Cell[][] {
  const all: Cell[] = ['All', cohorts.reduce((s, c) => s + c.installs, 0)];
  for (let n = 0; n <= 30; n++) {
    const over = cohorts.filter((c) => c.retained[n] !== null);
    all.push(over.length === 0 ? null : pct(over.reduce((s, c) => s + c.retained[n]!, 0), over.reduce((s, c) => s + c.installs, 0)));
  }
  return [all, ...[...cohorts].reverse().map((c) => [c.installDay, c.installs, ...Array.from({ length: 31 }, (_, n) => pct(c.retained[n], c.installs))])];
}

/** Level: per level, plays, win rate, means, players reaching and drop-off to the next level. */
function levelExpected(levels: LevelRow[]): Cell[][] {
  const reached = new Map(levels.map((l) => [l.level, l.reached]));
  return levels.map((l) => {
    const next = reached.get(l.level + 1);
    return [
      l.level,
      l.starts,
      l.completes,
      l.fails,
      round(over(100 * l.completes, l.completes + l.fails), 2),
      round(over(l.attemptsSum, l.completes), 2),
      round(over(l.durationSum, l.completes + l.fails), 1),
      l.reached,
      next === undefined || l.reached === 0 ? null : round((100 * (l.reached - next)) / l.reached, 2),
    ];
  });
}

/** Level retention: the All line (cohorts added up), then cohorts newest first; share of installs reaching each level. */
function levelRetentionExpected(cohorts: LevelRetentionCohort[], maxLevel: number): Cell[][] {
  const line = (label: string, installs: number, reached: (level: number) => number): Cell[] => [label, installs, ...Array.from({ length: maxLevel }, (_, i) => pct(reached(i + 1), installs))];
  const total = line('All', cohorts.reduce((s, c) => s + c.installs, 0), (level) => cohorts.reduce((s, c) => s + (c.reached[level - 1] ?? 0), 0));
  return [total, ...[...cohorts].reverse().map((c) => line(c.installDay, c.installs, (level) => c.reached[level - 1] ?? 0))];
}

// ---------------------------------------------------------------- the screens

test.describe('analytics screens', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'root');
  });

  test('Main Data: chart and table, filters change the figures, exports match the table', async ({ page }) => {
    const first = await shownReport<{ rows: MainDataRow[]; apps: string[] }>(page, '/api/analytic/mainData', '/gsm/analytic/main_data');
    await reportReady(page);
    const today = await serverToday(page);
    // The default range is the last 30 days up to today, every app.
    expect(first.query.get('from')).toBe(plusDays(today, -29));
    expect(first.query.get('to')).toBe(today);
    expect(first.query.getAll('apps')).toEqual([]);
    expect(first.query.get('os') ?? '0').toBe('0'); // every platform: the default stays out of the URL
    expect(first.data.rows.map((r) => r.day)).toEqual(Array.from({ length: 30 }, (_, i) => plusDays(today, i - 29)));
    const table = page.getByTestId('report-table');
    await expect(table.locator('tbody tr')).toHaveCount(31); // Total + 30 days
    await page.screenshot({ path: '/tmp/analytics-main-data.png', fullPage: true });
    const all = mainDataExpected(first.data.rows);
    expect(all[0]![1] as number).toBeGreaterThan(50); // the demo studio has installs
    expect(await tableRows(table)).toEqual(all);

    // iOS only: the screen asks for os=2 and shows exactly that answer's figures.
    const ios = await reportCall<{ rows: MainDataRow[] }>(page, '/api/analytic/mainData', () => pickOs(page, 'iOS'), (q) => q.get('os') === '2');
    await expect(page).toHaveURL(/os=2/);
    expect(ios.query.get('from')).toBe(plusDays(today, -29));
    const iosTable = mainDataExpected(ios.data.rows);
    await expect.poll(() => tableRows(table)).toEqual(iosTable);
    expect(iosTable).not.toEqual(all);
    // Installs add up over the platforms (an independent check that the OS filter splits, not drops, users).
    const range = { from: plusDays(today, -29), to: today };
    const [android, webgl] = await Promise.all([1, 3].map((os) => report<{ rows: MainDataRow[] }>(page, '/api/analytic/mainData', { ...range, os })));
    expect(first.data.rows.map((r, i) => r.installs - ios.data.rows[i]!.installs - android!.rows[i]!.installs - webgl!.rows[i]!.installs)).toEqual(first.data.rows.map(() => 0));
    expect(ios.data.rows.reduce((s, r) => s + r.installs, 0)).toBeGreaterThan(0);

    // The exports hold the numbers of the table on screen (the table lists the total first, days newest first).
    const csv = csvRows((await download(page, 'export-csv')).toString('utf8'));
    const byDay = (rows: Cell[][]) => new Map(rows.map((r) => [String(r[0]), r.slice(1)]));
    const fromCsv = splitTotalKinds(csv.slice(1).map((r) => r.map((v) => cellValue(v))));
    expect(byDay(fromCsv.rows)).toEqual(byDay(iosTable));
    // Main Data's Total holds averages and ratios: both files say so under it, as the screen does in the cells.
    expect(fromCsv.kinds).toEqual(await shownTotalKinds(table));
    const sheet = await xlsxRows(await download(page, 'export-xlsx'));
    const width = sheet[0]!.length;
    const fromXlsx = splitTotalKinds(sheet.slice(1).map((r) => [...r, ...Array(width - r.length).fill(null)].map((v) => (typeof v === 'string' ? cellValue(v) : v))));
    expect(byDay(fromXlsx.rows)).toEqual(byDay(iosTable));
    expect(fromXlsx.kinds).toEqual(fromCsv.kinds);

    // Reloading keeps the filters (they live in the URL).
    await page.reload();
    await reportReady(page);
    expect(await tableRows(table)).toEqual(iosTable);
  });

  test('Retention: D0..D30 heat map and D1/D7/D30 trend; the range changes the cohorts', async ({ page }) => {
    const first = await shownReport<{ cohorts: RetentionCohort[] }>(page, '/api/cohort/retention', '/gsm/cohort/retention');
    await reportReady(page);
    const today = await serverToday(page);
    expect(first.query.get('from')).toBe(plusDays(today, -29));
    expect(first.query.get('to')).toBe(today);
    const table = page.getByTestId('report-table');
    await expect(table.locator('thead th')).toHaveCount(33); // install day, installs, D0..D30
    await expect(table.locator('tbody tr')).toHaveCount(31);
    await page.screenshot({ path: '/tmp/analytics-retention.png', fullPage: true });
    const cohorts = first.data.cohorts;
    expect(cohorts.map((c) => c.installDay)).toEqual(Array.from({ length: 30 }, (_, i) => plusDays(today, i - 29)));
    // Day N of a cohort is shown once it is over: never for today, whatever the hour.
    for (const c of cohorts) {
      expect(c.retained.map((v) => v !== null), c.installDay).toEqual(Array.from({ length: 31 }, (_, n) => plusDays(c.installDay, n) < today));
    }
    const rows = await tableRows(table);
    expect(rows).toEqual(retentionExpected(cohorts));

    // Completed cohorts, chosen by day: D0 is exactly 100 % (the install is an event of the install day).
    const row = (day: string) => rows.find((r) => r[0] === day)!;
    const blank = (from: number) => Array.from({ length: 31 - from }, () => null);
    const completed = cohorts.filter((c) => c.installDay < today && c.installs > 0);
    expect(completed.length).toBeGreaterThanOrEqual(20);
    for (const c of completed) expect(row(c.installDay)[2], c.installDay).toBe(100);
    // Today's cohort shows installs and no day yet; yesterday's only D0; the day before, D0 and D1.
    expect(row(today).slice(2)).toEqual(blank(0));
    const twoDaysAgo = cohorts.find((c) => c.installDay === plusDays(today, -2))!;
    expect(twoDaysAgo.installs).toBeGreaterThan(0);
    expect(row(twoDaysAgo.installDay).slice(1)).toEqual([twoDaysAgo.installs, 100, pct(twoDaysAgo.retained[1], twoDaysAgo.installs), ...blank(2)]);

    // Last 7 days: the screen asks for today-6..today and shows those cohorts exactly.
    const week = await reportCall<{ cohorts: RetentionCohort[] }>(
      page,
      '/api/cohort/retention',
      async () => {
        await page.locator('.filter-date-range input').click();
        await page.getByRole('button', { name: 'Last 7 days' }).click();
      },
      (q) => q.get('from') === plusDays(today, -6),
    );
    expect(week.query.get('to')).toBe(today);
    await expect(table.locator('tbody tr')).toHaveCount(8);
    await expect(page).toHaveURL(new RegExp(`from=${plusDays(today, -6)}&to=${today}`));
    expect(await tableRows(table)).toEqual(retentionExpected(week.data.cohorts));
    expect(week.data.cohorts).toEqual(cohorts.slice(-7));
  });

  test('Level: per-level table and chart; picking an app changes the figures', async ({ page }) => {
    const first = await shownReport<{ levels: LevelRow[] }>(page, '/api/analytic/level', '/gsm/analytic/level');
    await reportReady(page);
    const today = await serverToday(page);
    expect(first.query.get('from')).toBe(plusDays(today, -29));
    expect(first.query.get('to')).toBe(today);
    expect(first.query.get('mode')).toBe('main');
    const table = page.getByTestId('report-table');
    await expect(table.locator('tbody tr').first()).toBeVisible();
    const all = levelExpected(first.data.levels);
    expect(all[0]![0]).toBe(1);
    expect(await tableRows(table)).toEqual(all);
    await page.screenshot({ path: '/tmp/analytics-level.png', fullPage: true });

    // The one Apps filter: a dropdown whose panel has a search box.
    const one = await reportCall<{ levels: LevelRow[]; apps: string[] }>(
      page,
      '/api/analytic/level',
      async () => {
        await page.locator('.filter-apps').click();
        await page.locator('.p-dropdown-filter').fill('Block');
        await page.getByRole('option', { name: /^Block Puzzle Legend/ }).first().click();
      },
      (q) => q.getAll('apps').join() === 'com.gsm.blockpuzzle',
    );
    await expect(page).toHaveURL(/id=com\.gsm\.blockpuzzle/);
    expect(one.data.apps).toEqual(['com.gsm.blockpuzzle']);
    const blockOnly = levelExpected(one.data.levels);
    await expect.poll(() => tableRows(table)).toEqual(blockOnly);
    // The one app's figures are the app's own, asked for directly: fewer plays than all apps together.
    expect(one.data.levels).toEqual((await report<{ levels: LevelRow[] }>(page, '/api/analytic/level', { apps: 'com.gsm.blockpuzzle', mode: 'main', from: plusDays(today, -29), to: today })).levels);
    expect(blockOnly[0]![1] as number).toBeLessThan(all[0]![1] as number);
  });

  test('Level retention: cohorts by level; the level count changes the columns', async ({ page }) => {
    const first = await shownReport<{ cohorts: LevelRetentionCohort[]; maxLevel: number }>(page, '/api/analytic/levelRetention', '/gsm/analytic/levelRetention');
    await reportReady(page);
    const today = await serverToday(page);
    expect(first.query.get('from')).toBe(plusDays(today, -29));
    expect(first.query.get('maxLevel')).toBe('50');
    const table = page.getByTestId('report-table');
    await expect(table.locator('thead th')).toHaveCount(52); // install day, installs, L1..L50
    const rows = await tableRows(table);
    expect(rows).toEqual(levelRetentionExpected(first.data.cohorts, 50));
    expect(rows[0]![2] as number).toBeGreaterThan(50); // most installed players reach level 1
    await page.screenshot({ path: '/tmp/analytics-level-retention.png', fullPage: true });

    const thirty = await reportCall<{ cohorts: LevelRetentionCohort[]; maxLevel: number }>(
      page,
      '/api/analytic/levelRetention',
      async () => {
        await page.locator('.filter-maxLevel').click();
        await page.getByRole('option', { name: 'Levels 1-30' }).click();
      },
      (q) => q.get('maxLevel') === '30',
    );
    expect(thirty.data.maxLevel).toBe(30);
    await expect(table.locator('thead th')).toHaveCount(32);
    await expect.poll(() => tableRows(table)).toEqual(levelRetentionExpected(thirty.data.cohorts, 30));
  });

  test('the dashboard shows installs, DAU and revenue of the demo studio from the rollups', async ({ page }) => {
    // An app of this test's own, with a few events sent through the SDK endpoint: its figures are known exactly.
    const appId = `com.e2e.dash${Date.now().toString(36)}`;
    const created = await page.request.post('/api/appdata/create', { data: { id: appId, name: unique('Dash Figures'), os: [{ os: 1, packageId: appId }] } });
    expect(created.status()).toBe(200);
    const { data: app } = (await created.json()) as { data: { os: { sdkAppKey: string }[] } };
    // Before its first event, its row says so instead of showing zeros; the demo apps beside it have figures.
    await open(page, '/dashboard');
    await expect(page.locator(`tr[data-app="${appId}"] td.no-data`)).toHaveText('No game data has arrived yet');
    await expect(page.locator(`tr[data-app="${appId}"] td.fig`)).toHaveCount(0);
    await expect(page.locator('tr[data-app="com.gsm.blockpuzzle"] td.fig')).toHaveCount(4);
    const now = nowMs();
    const today = utc7Day(now);
    const yesterdayNoon = Date.parse(`${plusDays(today, -1)}T12:00:00+07:00`);
    const event = (userId: string, name: string, time: number, params: Record<string, unknown> = {}) => ({ id: crypto.randomUUID(), userId, name, time, appVersion: '1.0.0', country: 'VN', params });
    const sent = await page.request.post('/api/sdk/v1/events', {
      headers: { 'x-sdk-key': app.os[0]!.sdkAppKey },
      data: {
        events: [
          event('u1', 'first_open', yesterdayNoon),
          event('u1', 'ad_impression', yesterdayNoon + 60_000, { format: 'interstitial', network: 'admob', placement: 'level_end', revenueUsdMicros: 1_230_000 }),
          event('u2', 'first_open', yesterdayNoon + 120_000),
          event('u2', 'iap_purchase', yesterdayNoon + 180_000, { productId: 'gems_100', priceMicros: 4_990_000, currency: 'USD', revenueUsdMicros: 4_990_000, transactionId: `t-${appId}`, store: 'google_play' }),
          event('u3', 'first_open', now),
        ],
      },
    });
    expect(sent.status()).toBe(200);
    expect(((await sent.json()) as { data: { accepted: number } }).data.accepted).toBe(5);
    const rolled = await page.request.post('/api/analytic/rollup', { data: { budgetMs: 20_000 } });
    expect(rolled.status()).toBe(200);

    await open(page, '/dashboard');
    await expect(page.getByTestId('no-telemetry')).toHaveCount(0);
    expect(await serverToday(page)).toBe(today);
    // Installs today 1 and yesterday 2, DAU yesterday 2, revenue yesterday $1.23 of ads + $4.99 of IAP.
    await expect(page.locator(`tr[data-app="${appId}"] td.fig`)).toHaveText(['1', '2', '2', '$6.22']);

    // The demo studio's apps show the same figures the Main Data report holds for those days.
    const money = (micros: number) => `$${(micros / 1e6).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    for (const demoApp of ['com.gsm.blockpuzzle', 'com.gsm.tilematch']) {
      const { rows } = await report<{ rows: MainDataRow[] }>(page, '/api/analytic/mainData', { apps: demoApp, from: plusDays(today, -1), to: today });
      const [y, t] = rows;
      expect(y!.dau).toBeGreaterThan(0);
      await expect(page.locator(`tr[data-app="${demoApp}"] td.fig`)).toHaveText([t!.installs, y!.installs, y!.dau].map((n) => n.toLocaleString('en-US')).concat(money(y!.adRevenue + y!.iapRevenue)));
    }
  });
});

test.describe('an account limited to some apps', () => {
  // An account of this file's own: the cache role (Main Data, no export_report), two of the four demo apps.
  const username = unique('e2e-twoapps').replace(/\s+/g, '-');
  const password = 'two-apps-password-123';
  const mine = ['com.gsm.tilematch', 'com.gsm.wordquest'];

  test.beforeAll(async () => {
    const root = await apiAs('root');
    const { createAccountContract } = await import('../../src/lib/accounts/contract');
    await root(createAccountContract, { username, role: 'cache', name: 'Two Apps', password, canViewAllApp: false, listApp: mine });
  });

  test('an account sees only its apps and no export without export_report', async ({ page }) => {
    await signIn(page, username, password);
    const first = await shownReport<{ rows: MainDataRow[]; apps: string[] }>(page, '/api/analytic/mainData', '/gsm/analytic/main_data');
    await reportReady(page);
    const today = await serverToday(page);
    await expect(page.getByTestId('export-csv')).toHaveCount(0);
    await expect(page.getByTestId('export-xlsx')).toHaveCount(0);
    // The app filter offers only its two apps.
    await page.locator('.filter-apps').click();
    await expect(page.locator('.p-multiselect-panel').getByRole('option')).toHaveText(['Tile Match Garden', 'Word Quest Journey']);
    await page.keyboard.press('Escape');
    // "All apps" means its apps: the figures are exactly those of its two apps, not the studio's.
    expect([...first.data.apps].sort()).toEqual(mine);
    const table = page.getByTestId('report-table');
    expect(await tableRows(table)).toEqual(mainDataExpected(first.data.rows));
    await page.screenshot({ path: '/tmp/analytics-two-apps.png', fullPage: true });
    const range = { from: plusDays(today, -29), to: today };
    const root = await apiAs('root');
    const { mainDataContract } = await import('../../src/lib/analytics/contract');
    const theirs = await root(mainDataContract, { ...range, apps: mine });
    const studio = await root(mainDataContract, range);
    expect(first.data.rows).toEqual(theirs.data.rows);
    expect(studio.data.rows.reduce((s, r) => s + r.installs, 0)).toBeGreaterThan(theirs.data.rows.reduce((s, r) => s + r.installs, 0));
    // Another app, asked for by URL or by the API, is refused.
    const refused = await page.request.get('/api/analytic/mainData', { params: { ...range, apps: 'com.gsm.blockpuzzle' } });
    expect(refused.status()).toBe(403);
    const exported = await page.request.get('/api/analytic/mainData/export', { params: { ...range, format: 'csv' } });
    expect(exported.status()).toBe(403);
    // Its dashboard lists its two apps, by name, and no other.
    await open(page, '/dashboard');
    await expect(page.locator('tr[data-app] th')).toHaveText([/^Tile Match Garden/, /^Word Quest Journey/]);
    await expect(page.getByText('2 apps visible')).toBeVisible();
  });
});
