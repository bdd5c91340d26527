import { beforeAll, describe, expect, it } from 'vitest';
import { financePermissionUpdateContract } from '../../src/lib/accounts/contract';
import { detailUpdateContract } from '../../src/lib/finance/correction-contract';
import { formatUsdMicros } from '../../src/lib/numbers';
import { importIaaContract } from '../../src/lib/finance/import-contract';
import { runJobContract } from '../../src/lib/jobs/contract';
import { financeReconciliationScreen } from '../../src/lib/finance/reconciliation';
import { addDays, dayStart, reportDay } from '../../src/lib/time/day';
import { nowMs } from '../../src/lib/time/clock';
import { IAA_HEADERS, xlsxBase64 } from '../support/finance-xlsx';
import { ownAccount, rejection, signedInAs, uniqueName, type Session } from './helpers';
import { newTelemetryApp, rollUpEverything, sendEvents } from './telemetry-kit';

/**
 * Revenue reconciliation (issue 37; docs/metrics.md "Revenue reconciliation"): a fresh app gets SDK purchase
 * and ad events and imported finance figures on the same days; the screen's SDK revenue, finance revenue,
 * gap and cause per day equal a recomputation here from what was sent and imported (plain sums, the store
 * fee rule of a correction: net = gross × 0.85, rounded to the micro).
 */

let root: Session;
let APP: string;
let OTHER: string;
let A: string, B: string, C: string;

/** What was sent (SDK, USD micros) and imported (finance) per app and day, for the recomputation. */
const sdk: { app: string; day: string; kind: 'ads' | 'iap'; micros: number }[] = [];
const finance: { app: string; day: string; kind: 'ads' | 'iap'; gross: number; net: number }[] = [];

let seq = 0;
const noon = (day: string, s = 0) => dayStart(day) + 12 * 3_600_000 + s * 1000;
const ev = (name: string, userId: string, time: number, params: Record<string, unknown> = {}) => ({
  id: `rec-${++seq}-${Math.random().toString(36).slice(2, 7)}`, name, userId, time, appVersion: '1.0', country: 'VN', params, sdkVersion: '9.0.0-rec',
});

async function sdkDay(app: string, key: string, day: string, user: string, ads: number[], iap: number[]) {
  const events = [ev('first_open', user, noon(day))];
  ads.forEach((micros, i) => {
    events.push(ev('ad_impression', user, noon(day, 10 + i), { format: 'rewarded', network: 'admob', placement: 'continue', revenueUsdMicros: micros }));
    sdk.push({ app, day, kind: 'ads', micros });
  });
  iap.forEach((micros, i) => {
    events.push(ev('iap_purchase', user, noon(day, 100 + i), { productId: 'gems', priceMicros: micros, currency: 'USD', revenueUsdMicros: micros, transactionId: `${user}-${day}-${i}`, store: 'google_play' }));
    sdk.push({ app, day, kind: 'iap', micros });
  });
  await sendEvents(key, events);
}

/** AdMob rows through the Excel IAA import, one import per month the rows fall in. */
async function importAds(rows: [string, string, number][]) {
  const months = new Map<string, [string, string, number][]>();
  for (const r of rows) months.set(r[1].slice(0, 7), [...(months.get(r[1].slice(0, 7)) ?? []), r]);
  for (const [month, list] of months) {
    const content = await xlsxBase64(list.map(([app, day, usd]) => [day, app, 'Android', 'AdMob', 'USD', usd]), { sheet: 'Ad revenue', headers: IAA_HEADERS });
    await root(importIaaContract, { month, fileName: `rec-${month}.xlsx`, content, commit: true });
  }
  for (const [app, day, usd] of rows) finance.push({ app, day, kind: 'ads', gross: Math.round(usd * 1e6), net: Math.round(usd * 1e6) });
}

/** A store's IAP figure (gross; the store fee makes the net). */
async function iapFigure(app: string, day: string, usd: number) {
  await root(detailUpdateContract, { appId: app, day, os: 1, kind: 'iap', name: 'Google Play', amount: usd, currency: 'USD', reason: 'store report' });
  const gross = Math.round(usd * 1e6);
  finance.push({ app, day, kind: 'iap', gross, net: Math.round(gross * 0.85) });
}

/** The expected line of an app-day, recomputed from the lists above. */
function expected(app: string, day: string) {
  const of = <T extends { app: string; day: string }>(list: T[]) => list.filter((x) => x.app === app && x.day === day);
  const s = of(sdk);
  const f = of(finance);
  const sum = <T>(list: T[], v: (x: T) => number) => list.reduce((n, x) => n + v(x), 0);
  const sdkAds = sum(s.filter((x) => x.kind === 'ads'), (x) => x.micros);
  const sdkIap = sum(s.filter((x) => x.kind === 'iap'), (x) => x.micros);
  const financeAds = sum(f.filter((x) => x.kind === 'ads'), (x) => x.net);
  const iapGross = sum(f.filter((x) => x.kind === 'iap'), (x) => x.gross);
  const iapNet = sum(f.filter((x) => x.kind === 'iap'), (x) => x.net);
  const causes = [
    ...(s.length === 0 ? ['no SDK events'] : []),
    ...(f.length === 0 ? ['no import yet'] : []),
    ...(iapGross !== iapNet ? [`store fee ${formatUsdMicros(iapGross - iapNet)}`] : []),
  ];
  return { day, appId: app, sdkAds, sdkIap, sdkRevenue: sdkAds + sdkIap, financeAds, iapGross, iapNet, financeRevenue: financeAds + iapNet, cause: causes.join('; ') };
}

beforeAll(async () => {
  root = await signedInAs('root');
  const today = reportDay(nowMs());
  [A, B, C] = [addDays(today, -5), addDays(today, -4), addDays(today, -3)];
  APP = `com.rec.${uniqueName('a').replace(/-/g, '')}`;
  OTHER = `com.rec.${uniqueName('b').replace(/-/g, '')}`;
  const keys = await newTelemetryApp(root, APP, 'Reconciliation');
  const other = await newTelemetryApp(root, OTHER, 'Reconciliation');
  // A: both sides (SDK ads $1.234567 + IAP $4.99; AdMob $1.20 and a Google Play sale of $4.99 gross).
  await sdkDay(APP, keys.android, A, 'u1', [1_000_000, 234_567], [4_990_000]);
  // B: the SDK only.
  await sdkDay(APP, keys.android, B, 'u2', [], [1_990_000]);
  // OTHER on A: both sides, for the limited account's scope.
  await sdkDay(OTHER, other.android, A, 'u9', [500_000], []);
  await rollUpEverything(root);
  // C: finance only.
  await importAds([[APP, A, 1.2], [APP, C, 2.5], [OTHER, A, 0.45]]);
  await iapFigure(APP, A, 4.99);
}, 120_000);

describe('revenue reconciliation', () => {
  it('shows per app and day the SDK and finance revenues, the gap and its cause, as recomputed', async () => {
    const { data } = await root(financeReconciliationScreen.contract, { apps: [APP], from: A, to: C });
    expect(data.rows).toEqual([expected(APP, A), expected(APP, B), expected(APP, C)]);
    // Spelled out by hand for day A: finance 1.20 + 4.2415 − SDK 6.224567 = −0.783067; store fee 0.7485 → $0.75.
    expect(data.rows[0]).toMatchObject({ sdkRevenue: 6_224_567, financeRevenue: 5_441_500, cause: 'store fee $0.75' });
    expect(data.rows.map((r) => r.cause)).toEqual(['store fee $0.75', 'no import yet', 'no SDK events']);

    // The table: the gap and its % per line, and the Total (sums, then the gap over the SDK's sum).
    const table = financeReconciliationScreen.table(data, {} as never);
    expect(table.columns.map((c) => c.label)).toEqual([
      'Day', 'App', 'SDK ad revenue', 'SDK IAP revenue', 'SDK revenue', 'Finance ad revenue', 'Finance IAP gross', 'Finance IAP net', 'Finance revenue', 'Gap (finance − SDK)', 'Gap %', 'Cause',
    ]);
    const gap = (r: ReturnType<typeof expected>) => r.financeRevenue - r.sdkRevenue;
    const lines = [A, B, C].map((d) => expected(APP, d));
    expect(table.rows.map((r) => [r[0], r[9], r[10], r[11]])).toEqual([
      [A, -0.78, -12.6, 'store fee $0.75'],
      [B, -1.99, -100, 'no import yet'],
      [C, 2.5, null, 'no SDK events'],
    ]);
    expect(lines.map(gap)).toEqual([-783_067, -1_990_000, 2_500_000]);
    const sdkSum = lines.reduce((n, r) => n + r.sdkRevenue, 0);
    const gapSum = lines.reduce((n, r) => n + gap(r), 0);
    expect([gapSum, Math.round((1000 * gapSum) / sdkSum) / 10]).toEqual([-273_067, -3.3]);
    expect(table.total).toEqual(['Total', null, 1.23, 6.98, 8.21, 3.7, 4.99, 4.24, 7.94, -0.27, -3.3, null]);
  });

  it('a limited account sees only its finance apps, and 403 for another', async () => {
    const limited = await ownAccount('fin-rec', { paths: ['/finance/reconciliation'], canViewAllApp: true });
    await root(financePermissionUpdateContract, { username: limited.username, apps: [APP], teams: [] });
    const mine = (await limited(financeReconciliationScreen.contract, { from: A, to: C })).data;
    expect(mine.apps).toEqual([APP]);
    expect(mine.rows.map((r) => [r.appId, r.day])).toEqual([[APP, A], [APP, B], [APP, C]]);
    const other = await rejection(limited(financeReconciliationScreen.contract, { apps: [OTHER], from: A, to: C }));
    expect(other.status).toBe(403);
    // Root sees OTHER too.
    const all = (await root(financeReconciliationScreen.contract, { apps: [APP, OTHER], from: A, to: A })).data;
    expect(all.rows).toEqual([expected(APP, A), expected(OTHER, A)]);
    expect(all.rows[1]!.cause).toBe('');
  });

  it('names the console\'s estimate once finance_refresh fills an app-day no store reported (run last: it adds finance rows)', async () => {
    await root(runJobContract, { name: 'finance_refresh' });
    const { data } = await root(financeReconciliationScreen.contract, { apps: [APP], from: A, to: C });
    // A keeps its store and network figures (rank 1 wins over the estimate); B now has finance's estimate
    // of the SDK's $1.99 purchase: gross 1.99, net = gross × 0.85 = 1.6915 → $1.69, store fee 0.2985 → $0.30.
    const gross = 1_990_000;
    const net = Math.round(gross * 0.85);
    expect(data.rows).toEqual([
      expected(APP, A),
      { ...expected(APP, B), iapGross: gross, iapNet: net, financeRevenue: net, cause: `finance is the estimate from game events (no store or network report yet) ${formatUsdMicros(net)}; store fee ${formatUsdMicros(gross - net)}` },
      expected(APP, C),
    ]);
    expect(data.rows[1]!.cause).toBe('finance is the estimate from game events (no store or network report yet) $1.69; store fee $0.30');
  }, 120_000);
});
