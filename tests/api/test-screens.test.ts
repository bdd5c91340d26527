import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { reportDay } from '../../src/lib/time/day';
import { mainDataContract } from '../../src/lib/analytics/contract';
import { appDetailContract, createAppContract } from '../../src/lib/apps/contract';
import { historyContracts } from '../../src/lib/history/kinds';
import { accountLogContract } from '../../src/lib/logs/contract';
import type { Requester } from '../../src/lib/http/requester';
import {
  testEventsContract, testLogicContract, testPlayerFindContract, testPlayerMarkContract, testPlayerSessionContract,
  testSendAdImpressionContract, testSendEventContract, testSendPurchaseContract,
} from '../../src/lib/testing/contract';
import { nowMs } from '../../src/lib/time/clock';
import { formatDateTime } from '../../src/lib/time/format';
import { mailSendContract } from '../../src/lib/mail/contract';
import { gameItemSaveContract } from '../../src/lib/rewards/contract';
import { campaignCreateContract } from '../../src/lib/gift-codes/contract';
import { ownAccount, raw, rejection, signedInAs, uniqueName } from './helpers';
import { ingest } from './game-players';

/**
 * The test screens over HTTP: who may use them, the player they act on (created through the SDK's own session
 * call), the test flag and what it keeps out of the reports, and the events they send through the SDK endpoint.
 * Each test works on an app this suite creates.
 */

let appId: string;
let androidKey: string;
let tester: Requester & { username: string; tokens: { accessToken: string } };
let root: Requester;
const today = reportDay(nowMs());

const ad = { format: 'rewarded', network: 'admob', placement: 'continue', revenueUsdMicros: 25_000 };
const purchase = (transactionId: string) => ({ productId: 'gems_100', priceMicros: 990_000, currency: 'USD', revenueUsdMicros: 693_000, transactionId, store: 'google_play' });
const device = () => `test-dev-${uniqueName('d')}`;

async function newPlayer(): Promise<string> {
  const { data } = await tester(testPlayerSessionContract, { appId, os: 1, deviceId: device() });
  expect(data.created).toBe(true);
  return data.player.userId;
}

/** What the game itself sends for an ordinary player (through the SDK endpoint with the key). */
async function sendAsGame(userId: string, name: string, params: Record<string, unknown>) {
  const event = { id: randomUUID(), name, userId, time: nowMs(), appVersion: '1.0.0', params };
  const answer = await ingest(androidKey, [event], { legacy: true });
  expect(answer.status, answer.text).toBe(200);
  expect((answer.json.data as { accepted: number }).accepted).toBe(1);
}

const todayFigures = async () => (await root(mainDataContract, { apps: [appId], from: today, to: today })).data.rows.find((r) => r.day === today)!;

beforeAll(async () => {
  root = await signedInAs('root');
  appId = `com.tests.${uniqueName('t').replace(/-/g, '')}`;
  await root(createAppContract, { id: appId, name: `Test screens ${appId}`, os: [{ os: 1, packageId: `${appId}.android` }, { os: 2, packageId: `${appId}.ios` }] });
  androidKey = (await root(appDetailContract, { appId })).data.os.find((o) => o.os === 1)!.sdkAppKey;
  tester = await ownAccount('tst', { role: 'tester', canViewAllApp: true });
  // An ordinary player, so the app has figures today whatever the test players do.
  const ordinary = await newPlayer();
  await sendAsGame(ordinary, 'session_start', {});
  await sendAsGame(ordinary, 'ad_impression', ad);
});

describe('who may use the test screens', () => {
  it('lets the tester and admin roles in and keeps an analyst out with 403', async () => {
    const userId = await newPlayer();
    const admin = await signedInAs('admin');
    expect((await admin(testPlayerFindContract, { appId, q: userId })).data).toMatchObject({ userId, isTest: false, platforms: [1, 2] });
    const analyst = await ownAccount('tst-an', { role: 'statistic', canViewAllApp: true });
    const calls = [
      () => analyst(testPlayerFindContract, { appId, q: userId }),
      () => analyst(testPlayerMarkContract, { appId, userId, isTest: true }),
      () => analyst(testEventsContract, { appId, userId }),
      () => analyst(testSendEventContract, { appId, userId, os: 1, appVersion: '1.0.0', name: 'session_start', params: {} }),
      () => analyst(testLogicContract, { appId, userId }),
    ];
    for (const call of calls) expect((await rejection(call())).status).toBe(403);
    // Nothing was marked by the refused call.
    expect((await tester(testPlayerFindContract, { appId, q: userId })).data.isTest).toBe(false);
  });

  it('keeps a tester to the apps they may see', async () => {
    const narrow = await ownAccount('tst-narrow', { role: 'tester', listApp: ['com.gsm.blockpuzzle'] });
    expect((await rejection(narrow(testPlayerFindContract, { appId, q: 'p_whoever' }))).status).toBe(403);
  });
});

describe('test players', () => {
  it('finds a player by user id and by device id, and says how to create one when there is none', async () => {
    const deviceId = device();
    const { data } = await tester(testPlayerSessionContract, { appId, os: 2, deviceId });
    expect(data).toMatchObject({ created: true, player: { devices: [{ deviceId, os: 2 }], isTest: false } });
    expect((await tester(testPlayerFindContract, { appId, by: 'deviceId', q: deviceId })).data.userId).toBe(data.player.userId);
    // The same device again is the same player (the SDK's rule), not a new one.
    expect((await tester(testPlayerSessionContract, { appId, os: 2, deviceId })).data).toMatchObject({ created: false, player: { userId: data.player.userId } });
    const missing = await rejection(tester(testPlayerFindContract, { appId, q: 'p_nosuchplayer' }));
    expect(missing.status).toBe(404);
    expect(missing.message).toMatch(/create one with a device id/);
  });

  it('refuses a bad device id, an unknown platform and an unknown player with 4xx naming the field', async () => {
    const badDevice = await rejection(tester(testPlayerSessionContract, { appId, os: 1, deviceId: 'short' } as never));
    expect(badDevice.status).toBe(400);
    const token = tester.tokens.accessToken;
    const noWebgl = await raw('POST', '/api/test/player/session', { token, body: JSON.stringify({ appId, os: 3, deviceId: device() }) });
    expect(noWebgl.status).toBe(400);
    expect(noWebgl.json.message).toMatch(/^os: .* no WebGL platform/);
    const unknown = await rejection(tester(testPlayerMarkContract, { appId, userId: 'p_nosuchplayer', isTest: true }));
    expect(unknown.status).toBe(404);
    expect(unknown.message).toMatch(/^userId: /);
  });

  it("leaves a test player's events out of the reports, and restates them when the flag changes", async () => {
    const userId = await newPlayer();
    const before = await todayFigures();
    const marked = await tester(testPlayerMarkContract, { appId, userId, isTest: true });
    expect(marked.data.player.isTest).toBe(true);
    // Sent from the screen as a tester would: a session, an ad impression and a purchase.
    await tester(testSendEventContract, { appId, userId, os: 1, appVersion: '1.0.0', name: 'session_start', params: {} });
    await tester(testSendAdImpressionContract, { appId, userId, os: 1, appVersion: '1.0.0', params: ad });
    await tester(testSendPurchaseContract, { appId, userId, os: 1, appVersion: '1.0.0', params: purchase(`GPA.test-${randomUUID()}`), receipt: '{"purchaseToken":"test-token"}' });
    const during = await todayFigures();
    expect({ dau: during.dau, sessions: during.sessions, adImpressions: during.adImpressions, adRevenue: during.adRevenue, iapPurchases: during.iapPurchases })
      .toEqual({ dau: before.dau, sessions: before.sessions, adImpressions: before.adImpressions, adRevenue: before.adRevenue, iapPurchases: before.iapPurchases });
    // The events are stored all the same: the live log shows them, newest first.
    const live = (await tester(testEventsContract, { appId, userId })).data.events;
    expect(live.map((e) => e.name)).toEqual(['iap_purchase', 'ad_impression', 'session_start']);

    // Unmarked, the player's days are recomputed with them: the report moves by exactly what they sent.
    const unmarked = await tester(testPlayerMarkContract, { appId, userId, isTest: false });
    expect(unmarked.data.restatedDays).toBe(1);
    const counted = await todayFigures();
    expect(counted.dau - before.dau).toBe(1);
    expect(counted.sessions - before.sessions).toBe(1);
    expect(counted.adImpressions - before.adImpressions).toBe(1);
    expect(counted.adRevenue - before.adRevenue).toBe(25_000);
    expect(counted.iapPurchases - before.iapPurchases).toBe(1);

    // Marked again, past events leave the figures too.
    await tester(testPlayerMarkContract, { appId, userId, isTest: true });
    const after = await todayFigures();
    expect({ dau: after.dau, adRevenue: after.adRevenue, iapPurchases: after.iapPurchases }).toEqual({ dau: before.dau, adRevenue: before.adRevenue, iapPurchases: before.iapPurchases });
  });

  it('writes one audit row per change of the flag', async () => {
    const userId = await newPlayer();
    await tester(testPlayerMarkContract, { appId, userId, isTest: true });
    await tester(testPlayerMarkContract, { appId, userId, isTest: true });
    const { data } = await root(accountLogContract, { entity: 'player', action: 'mark_test_player', limit: 200 });
    const mine = data.filter((r) => r.entityId === `${appId}/${userId}`);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ username: tester.username, before: { isTest: false }, after: { isTest: true } });
  });
});

describe('sending from the test screens', () => {
  let userId: string;
  beforeAll(async () => {
    userId = await newPlayer();
    await tester(testPlayerMarkContract, { appId, userId, isTest: true });
  });

  it('sends an event through the SDK endpoint: it lands in the player\'s history log', async () => {
    const sent = await tester(testSendEventContract, { appId, userId, os: 1, appVersion: '1.2.0', country: 'vn', name: 'level_complete', params: { level: 7, mode: 'main', duration: 63, attempts: 2 } });
    expect(sent.data).toMatchObject({ name: 'level_complete', duplicate: false });
    const log = await root(historyContracts.level!.list, { appId, userId, from: today, to: today });
    expect(log.data.rows[0]).toMatchObject({ eventId: sent.data.eventId, name: 'level_complete', appVersion: '1.2.0', country: 'VN', os: 1, sdkVersion: 'console-test', params: { level: 7, duration: 63, attempts: 2 } });
  });

  it('refuses params that break the event schema with 400 naming the field, and stores nothing', async () => {
    const tooHigh = await rejection(tester(testSendEventContract, { appId, userId, os: 1, appVersion: '1.0.0', name: 'level_start', params: { level: 0 } }));
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.message).toBe('params.level: must be between 1 and 1000000');
    const missing = await rejection(tester(testSendAdImpressionContract, { appId, userId, os: 1, appVersion: '1.0.0', params: { ...ad, network: undefined } }));
    expect(missing.message).toBe('params.network: is required');
    const badEnum = await rejection(tester(testSendAdImpressionContract, { appId, userId, os: 1, appVersion: '1.0.0', params: { ...ad, format: 'popup' } }));
    expect(badEnum.message).toBe('params.format: must be one of banner, interstitial, rewarded, app_open');
    const unknownField = await rejection(tester(testSendEventContract, { appId, userId, os: 1, appVersion: '1.0.0', name: 'session_start', params: { levle: 3 } }));
    expect(unknownField.message).toBe('params.levle: is not a field of this event');
    const noReceipt = await rejection(tester(testSendPurchaseContract, { appId, userId, os: 1, appVersion: '1.0.0', params: purchase('GPA.x'), receipt: '   ' }));
    expect(noReceipt.status).toBe(400);
    expect(noReceipt.message).toMatch(/^receipt: /);
    const badVersion = await rejection(tester(testSendEventContract, { appId, userId, os: 1, appVersion: '1 0', name: 'session_start', params: {} }));
    expect(badVersion.message).toMatch(/^appVersion: /);
    const badName = await raw('POST', '/api/test/sendEvent', {
      token: tester.tokens.accessToken,
      body: JSON.stringify({ appId, userId, os: 1, appVersion: '1.0.0', name: 'no_such_event', params: {} }),
    });
    expect(badName.status).toBe(400);
    expect(badName.json.message).toBe('name: choose an event of the SDK vocabulary');
    expect((await tester(testEventsContract, { appId, userId })).data.events.filter((e) => e.name !== 'level_complete')).toEqual([]);
  });

  it('sends only as a flagged test player', async () => {
    const ordinary = await newPlayer();
    const refused = await rejection(tester(testSendAdImpressionContract, { appId, userId: ordinary, os: 1, appVersion: '1.0.0', params: ad }));
    expect(refused.status).toBe(409);
    expect(refused.message).toMatch(/^userId: mark this player as a test player first/);
    expect((await tester(testEventsContract, { appId, userId: ordinary })).data.events).toEqual([]);
  });

  it('sends a purchase with a test receipt through store verification, found in the IAP history log', async () => {
    const transactionId = `GPA.test-${randomUUID()}`;
    const sent = await tester(testSendPurchaseContract, { appId, userId, os: 1, appVersion: '1.0.0', params: purchase(transactionId), receipt: 'test-receipt' });
    expect(sent.data).toMatchObject({ name: 'iap_purchase', transactionId, verification: expect.stringMatching(/^Pending \(the store did not answer; retried by the job\): app "[^"]+" has no GA service account/) });
    const log = await root(historyContracts.iapLog!.list, { appId, userId, from: today, to: today });
    expect(log.data.rows[0]).toMatchObject({ eventId: sent.data.eventId, params: { transactionId, productId: 'gems_100' } });
  });

  it('checks the server logic for the player without changing it', async () => {
    const before = (await tester(testPlayerFindContract, { appId, q: userId })).data;
    const { data } = await tester(testLogicContract, { appId, userId });
    const byId = Object.fromEntries(data.checks.map((c) => [c.id, c]));
    expect(byId['test-flag']).toMatchObject({ status: 'ok' });
    expect(byId['devices']!.detail).toMatch(/^1 device /);
    expect(byId['cloud-save']!.detail).toMatch(/^No save yet/);
    // The live-ops calls' answers for a new player: nothing open to it (the test app has no event), no mail, no code tried.
    expect(byId['live-events']).toMatchObject({ status: 'ok', detail: expect.stringMatching(/^No ranking, season, exp or progress event is open to this player now/) });
    expect(byId['mailbox']).toMatchObject({ status: 'ok', detail: 'No mail for this player.' });
    expect(byId['gift-code']).toMatchObject({ status: 'ok', detail: 'This player has not tried a gift code.' });
    expect(data.checks.filter((c) => c.status === 'planned')).toEqual([]);
    // The purchase sent above waits for its store (the test app has no service account).
    expect(byId['iap-verification']).toMatchObject({ status: 'warn', detail: expect.stringMatching(/^1 pending /) });
    expect(byId['ab-variant']).toMatchObject({ status: 'ok', detail: expect.stringMatching(/^No running A\/B test includes this player \(as Android 1\.0\.0 in /) });
    expect((await tester(testPlayerFindContract, { appId, q: userId })).data).toEqual(before);
  });

  it("shows the mail waiting for the player in the logic checks, as the game's mailbox call answers it", async () => {
    await root(gameItemSaveContract, { appId, itemId: 'coin', name: 'Coins', kind: 'currency', maxAmount: 1000 });
    const title = uniqueName('Logic check mail');
    await root(mailSendContract, { appId, title, rewards: [{ itemId: 'coin', amount: 100 }], target: 'players', playerIds: [userId], expiresAt: formatDateTime(new Date(nowMs() + 7 * 86_400_000).toISOString()) });
    const { data } = await tester(testLogicContract, { appId, userId });
    expect(data.checks.find((c) => c.id === 'mailbox')).toMatchObject({ status: 'ok', detail: `1 mail (1 unread, 1 unclaimed reward mail): "${title}".` });
  });

  it('tries a gift code for the player as a dry run: the answer the game would get, and nothing redeemed or recorded', async () => {
    const keyword = `DRY${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`;
    await root(campaignCreateContract, { appId, name: uniqueName('Dry run'), kind: 'keyword', code: keyword, rewards: [{ itemId: 'coin', amount: 7 }], expiresAt: formatDateTime(new Date(nowMs() + 86_400_000).toISOString()) });
    const tryCode = async (code: string) => (await tester(testLogicContract, { appId, userId, code })).data.checks.find((c) => c.id === 'gift-code');
    expect(await tryCode(keyword)).toMatchObject({ status: 'ok', detail: `${keyword} would redeem now: coin 7 to the mailbox (nothing was redeemed).` });
    expect(await tryCode('NOSUCHCODE1')).toMatchObject({ status: 'warn', detail: 'NOSUCHCODE1 would be refused: "This gift code is not valid." (nothing was recorded).' });
    // Nothing stayed: no try in the log, and the code still redeems (a second dry run says the same).
    expect((await tester(testLogicContract, { appId, userId })).data.checks.find((c) => c.id === 'gift-code')!.detail).toBe('This player has not tried a gift code.');
    expect((await tryCode(keyword))!.status).toBe('ok');
  });
});
