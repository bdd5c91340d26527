import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountContract } from '../../src/lib/accounts/contract';
import { rollupNowContract } from '../../src/lib/analytics/contract';
import { reportDay } from '../../src/lib/time/day';
import { inappScreen } from '../../src/lib/analytics/money/screens';
import { appDetailContract, createAppContract } from '../../src/lib/apps/contract';
import { loginContract } from '../../src/lib/auth/contract';
import { createRequester, type ApiError, type Requester } from '../../src/lib/http/requester';
import { deleteStoreKeyContract, iapLogContract, iapLogExportContract, listStoreKeyContract, requestLogContract, saveStoreKeyContract, getStoreKeyContract, verifyIapContract, type VerificationAnswer } from '../../src/lib/iap/contract';
import { saveRoleContract } from '../../src/lib/roles/contract';
import { createSdkClient, ok, type SdkPaths } from '../../src/lib/sdk-client/client';
import { nowMs } from '../../src/lib/time/clock';
import { ANDROID, IOS, startIapServer } from '../support/iap-server';
import { answerOf, ingest } from './game-players';
import { makeTestPki, signAsAppStore } from '../support/store-stand-ins';

/**
 * IAP verification against local stand-ins of both stores (tests/support/store-stand-ins.ts), through a console
 * server of its own whose store URLs and App Store root point at them (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL). Staff verify through api/appdata/verifyIAP, games through the SDK route with a player token.
 */

let iap: Awaited<ReturnType<typeof startIapServer>>;
let google: typeof iap.google;
let apple: typeof iap.apple;
let server: typeof iap.server;
let root: Requester;
let rootToken = '';
let appId: string;
let keys: { android: string; ios: string };

beforeAll(async () => {
  iap = await startIapServer({ storeTimeoutMs: 1500, databaseName: 'iap', appPrefix: 'com.iap.t', appName: 'IAP' });
  ({ google, apple, server, root, appId, keys } = iap);
  rootToken = iap.token;
}, 120_000);

afterAll(async () => {
  await iap?.stop();
});

const call = async (method: string, path: string, body: unknown, headers: Record<string, string>) => {
  const response = await fetch(`${server.baseUrl}${path}`, { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, json: JSON.parse(text) as { data?: VerificationAnswer; message?: string } };
};
/** The staff route as a raw call: bad-input tests send what the typed requester would refuse. */
const staffVerify = (body: Record<string, unknown>) => call('POST', '/api/appdata/verifyIAP', { appId, userId: 'p_staffcheck', ...body }, { authorization: `Bearer ${rootToken}` });

const orderId = () => `GPA.${Math.floor(1000 + Math.random() * 8999)}-${Math.floor(1000 + Math.random() * 8999)}-${Math.floor(1000 + Math.random() * 8999)}-${Math.floor(10000 + Math.random() * 89999)}`;
const purchaseToken = () => `tok-${randomUUID()}.${randomUUID()}`;
const appleTx = () => String(2_000_000_000_000 + Math.floor(Math.random() * 1e12));

/** A Google Play purchase the stand-in knows. */
function playPurchase(state: 0 | 1 | 2 = 0, productId = 'gems_100') {
  const p = { transactionId: orderId(), purchaseToken: purchaseToken(), productId };
  google.purchases.set(p.purchaseToken, { packageName: ANDROID(appId), productId, orderId: p.transactionId, purchaseState: state });
  return p;
}
function appStorePurchase(extra: { revocationDate?: number } = {}, productId = 'gems_100') {
  const transactionId = appleTx();
  apple.transactions.set(transactionId, { transactionId, bundleId: IOS(appId), productId, ...extra });
  return { transactionId, productId };
}

async function requestLog(transactionId: string) {
  return (await root(requestLogContract, { transactionId, appIds: [appId] })).data;
}
async function iapLog(transactionId: string) {
  return (await root(iapLogContract, { transactionId, appIds: [appId] })).data;
}

async function runRetryJob() {
  const answer = await call('POST', '/api/job/run', { name: 'iap_verify_retry' }, { authorization: `Bearer ${rootToken}` });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json.data as unknown as { status: string };
}

describe('Google Play (Android Publisher purchases.products.get)', () => {
  it('verifies a purchased product, logging the request without the access token', async () => {
    const p = playPurchase();
    const answer = await staffVerify({ store: 'google_play', ...p });
    expect(answer.status, answer.json.message).toBe(200);
    expect(answer.json.data).toMatchObject({ status: 'verified', reason: '', store: 'google_play', transactionId: p.transactionId, productId: 'gems_100', first: null });
    const log = await requestLog(p.transactionId);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ result: 'verified', httpStatus: 200, store: 'google_play', appId });
    expect(log[0]!.latencyMs).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(log[0]!.request)).toContain(`/applications/${ANDROID(appId)}/purchases/products/gems_100/tokens/`);
    expect(JSON.stringify(log[0])).not.toContain('ya29.');
    expect(log[0]!.response).toMatchObject({ orderId: p.transactionId, purchaseState: 0 });
    expect(await iapLog(p.transactionId)).toEqual([expect.objectContaining({ status: 'verified', userId: 'p_staffcheck', source: 'staff', attempts: 1 })]);
  });

  it('refuses a cancelled purchase and an unknown token with the store\'s reason', async () => {
    const cancelled = playPurchase(1);
    const a = await staffVerify({ store: 'google_play', ...cancelled });
    expect(a.json.data).toMatchObject({ status: 'refused' });
    expect(a.json.data!.reason).toMatch(/cancelled or refunded/);
    const unknown = { transactionId: orderId(), purchaseToken: purchaseToken(), productId: 'gems_100' };
    const b = await staffVerify({ store: 'google_play', ...unknown });
    expect(b.json.data).toMatchObject({ status: 'refused', reason: 'Google Play: Invalid Value (400)' });
    expect((await requestLog(unknown.transactionId))[0]).toMatchObject({ result: 'refused', httpStatus: 400 });
  });

  it('accepts a transaction once: a replay is a duplicate with the first verification\'s time, and the store is not asked', async () => {
    const p = playPurchase();
    const first = (await staffVerify({ store: 'google_play', ...p })).json.data!;
    const asked = google.calls.purchases;
    const again = await staffVerify({ store: 'google_play', ...p, userId: 'p_someoneelse' });
    expect(again.status).toBe(200);
    expect(again.json.data).toMatchObject({ status: 'duplicate', first: { id: first.id, status: 'verified' } });
    expect(again.json.data!.reason).toContain('duplicate transaction');
    expect(Date.parse(again.json.data!.first!.at)).toBeGreaterThanOrEqual(Date.parse(first.createdAt));
    expect(google.calls.purchases).toBe(asked);
    const rows = await iapLog(p.transactionId);
    expect(rows.map((r) => r.status).sort()).toEqual(['duplicate', 'verified']);
    expect(await requestLog(p.transactionId)).toHaveLength(1);
  });

  it('accepts a transaction once when the same purchase arrives several times at once', async () => {
    const p = playPurchase();
    const answers = await Promise.all(Array.from({ length: 6 }, () => staffVerify({ store: 'google_play', ...p })));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    const statuses = answers.map((a) => a.json.data!.status).sort();
    expect(statuses).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate', 'verified']);
    expect(await requestLog(p.transactionId)).toHaveLength(1);
  });

  it('leaves a purchase pending while the store is unreachable, and the retry job verifies it later', async () => {
    const p = playPurchase();
    google.setMode('drop');
    try {
      const answer = await staffVerify({ store: 'google_play', ...p });
      expect(answer.json.data).toMatchObject({ status: 'pending' });
      expect(answer.json.data!.reason).toMatch(/did not answer|sign-in/);
      // Still down: the job asks again, it stays pending (never lost).
      await runRetryJob();
      expect((await iapLog(p.transactionId))[0]).toMatchObject({ status: 'pending', attempts: 2 });
    } finally {
      google.setMode('ok');
    }
    await runRetryJob();
    const [row] = await iapLog(p.transactionId);
    expect(row).toMatchObject({ status: 'verified', attempts: 3 });
    const log = await requestLog(p.transactionId);
    expect(log.map((l) => l.result)).toEqual(['verified', 'pending', 'pending']);
  });

  it('leaves a purchase pending on a 503 and verifies it on retry', async () => {
    const p = playPurchase();
    google.setMode('unavailable');
    const answer = await staffVerify({ store: 'google_play', ...p });
    google.setMode('ok');
    expect(answer.json.data).toMatchObject({ status: 'pending' });
    await runRetryJob();
    expect((await iapLog(p.transactionId))[0]).toMatchObject({ status: 'verified' });
  });
});

describe('App Store (App Store Server API, signed transactions)', () => {
  it('verifies a transaction whose signed info chains to the configured root', async () => {
    const p = appStorePurchase();
    const answer = await staffVerify({ store: 'app_store', ...p });
    expect(answer.json.data, answer.json.message).toMatchObject({ status: 'verified', store: 'app_store', transactionId: p.transactionId });
    const [log] = await requestLog(p.transactionId);
    expect(log).toMatchObject({ result: 'verified', httpStatus: 200 });
    expect(log!.response).toMatchObject({ transaction: { transactionId: p.transactionId, bundleId: IOS(appId), productId: 'gems_100' } });
    expect(JSON.stringify(log!.request)).not.toMatch(/eyJ/);
  });

  it('refuses a refunded transaction, an unknown one, another product and a chain from another root', async () => {
    const refunded = appStorePurchase({ revocationDate: nowMs() - 1000 });
    expect((await staffVerify({ store: 'app_store', ...refunded })).json.data).toMatchObject({ status: 'refused', reason: expect.stringMatching(/refunded/) });
    const unknown = { transactionId: appleTx(), productId: 'gems_100' };
    expect((await staffVerify({ store: 'app_store', ...unknown })).json.data).toMatchObject({ status: 'refused', reason: 'App Store: Transaction id not found (4040010)' });
    const other = appStorePurchase({}, 'gems_500');
    expect((await staffVerify({ store: 'app_store', ...other, productId: 'gems_100' })).json.data).toMatchObject({ status: 'refused', reason: expect.stringMatching(/product gems_500, not gems_100/) });
    const forged = appStorePurchase();
    apple.signWith(makeTestPki('Forged'));
    try {
      const answer = await staffVerify({ store: 'app_store', ...forged });
      expect(answer.json.data).toMatchObject({ status: 'refused', reason: expect.stringMatching(/does not end in the trusted root/) });
    } finally {
      apple.signWith(apple.pki);
    }
  });

  it('leaves a purchase pending while the App Store answers 503, then the retry job verifies it', async () => {
    const p = appStorePurchase();
    apple.setMode('unavailable');
    const answer = await staffVerify({ store: 'app_store', ...p });
    apple.setMode('ok');
    expect(answer.json.data).toMatchObject({ status: 'pending', reason: expect.stringMatching(/answered 503/) });
    await runRetryJob();
    expect((await iapLog(p.transactionId))[0]).toMatchObject({ status: 'verified', attempts: 2 });
  });

  it('keeps the App Store key write-only: an edit without the key keeps it, a bad key is refused, a delete leaves purchases pending', async () => {
    const { data } = await root(getStoreKeyContract, { appId });
    expect(data).toMatchObject({ keyId: apple.apiKey.keyId, issuerId: apple.apiKey.issuerId, hasPrivateKey: true });
    expect(JSON.stringify(data)).not.toContain('PRIVATE KEY');
    const listed = (await root(listStoreKeyContract, { appId })).data;
    expect(listed).toEqual([expect.objectContaining({ appId, keyId: apple.apiKey.keyId })]);
    expect(JSON.stringify(listed)).not.toContain('PRIVATE KEY');
    // Saved again without the key (the panel's edit): the sealed key is kept and still signs.
    await root(saveStoreKeyContract, { appId, keyId: apple.apiKey.keyId, issuerId: apple.apiKey.issuerId, privateKey: '' });
    expect((await staffVerify({ store: 'app_store', ...appStorePurchase() })).json.data!.status).toBe('verified');
    const bad = await call('POST', '/api/appdata/iapStoreKey', { appId, keyId: 'ABCDEFGHIJ', issuerId: apple.apiKey.issuerId, privateKey: '-----BEGIN PRIVATE KEY-----\nnope\n-----END PRIVATE KEY-----' }, { authorization: `Bearer ${rootToken}` });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/^privateKey: /);
    expect((await root(getStoreKeyContract, { appId })).data!.keyId).toBe(apple.apiKey.keyId);

    const other = `${appId}.keyless`;
    await root(createAppContract, { id: other, name: `IAP keyless ${other}`, os: [{ os: 2, packageId: `${other}.ios` }] });
    await root(saveStoreKeyContract, { appId: other, ...apple.apiKey });
    await root(deleteStoreKeyContract, { appId: other });
    expect((await root(listStoreKeyContract, { appId: other })).data).toEqual([]);
    const transactionId = appleTx();
    apple.transactions.set(transactionId, { transactionId, bundleId: `${other}.ios`, productId: 'gems_100' });
    const answer = await call('POST', '/api/appdata/verifyIAP', { appId: other, userId: 'p_x', store: 'app_store', transactionId, productId: 'gems_100' }, { authorization: `Bearer ${rootToken}` });
    expect(answer.json.data).toMatchObject({ status: 'pending', reason: expect.stringMatching(/has no App Store Server API key/) });
  });
});

/** A game's calls through the generated SDK client (src/lib/sdk-client), pointed at this suite's server. */
const sdkAs = (key: string, token?: string) => createSdkClient({ baseUrl: server.baseUrl, key, token });
const player = (key: string) => ok(sdkAs(key).POST('/api/sdk/v1/players/session', { body: { deviceId: `dev-${randomUUID()}` } }));
type SdkVerifyBody = NonNullable<SdkPaths['/api/sdk/v1/purchases/verify']['post']['requestBody']>['content']['application/json'];
const verifyAs = (key: string, token: string | undefined, body: SdkVerifyBody) => answerOf(sdkAs(key, token).POST('/api/sdk/v1/purchases/verify', { body }));

describe('the SDK route (X-SDK-Key + X-Player-Token)', () => {

  it('verifies a purchase for the token\'s player', async () => {
    const me = await player(keys.ios);
    const p = appStorePurchase();
    const signedTransaction = await signAsAppStore(apple.pki, { transactionId: p.transactionId, productId: p.productId, bundleId: IOS(appId) });
    const answer = await verifyAs(keys.ios, me.accessToken, { store: 'app_store', ...p, signedTransaction });
    expect(answer.status, answer.json.message).toBe(200);
    expect(answer.json.data).toMatchObject({ status: 'verified', userId: me.playerId });
    expect((await iapLog(p.transactionId))[0]).toMatchObject({ userId: me.playerId, source: 'sdk' });
  });

  it('refuses a player token used for another player, and a missing token; nothing is stored', async () => {
    const me = await player(keys.android);
    const other = await player(keys.android);
    const p = playPurchase();
    const forOther = await verifyAs(keys.android, me.accessToken, { store: 'google_play', ...p, userId: other.playerId });
    expect(forOther.status).toBe(403);
    expect(forOther.json.message).toMatch(/^userId: /);
    const noToken = await verifyAs(keys.android, undefined, { store: 'google_play', ...p });
    expect(noToken.status).toBe(401);
    expect(await iapLog(p.transactionId)).toEqual([]);
    // The token's own player may.
    const mine = await verifyAs(keys.android, me.accessToken, { store: 'google_play', ...p, userId: me.playerId });
    expect(mine.json.data).toMatchObject({ status: 'verified', userId: me.playerId });
  });
});

describe('the SDK route: transactions per app, texts for the game (issue 38)', () => {

  it('a transaction id is unique per app and store: another app\'s player with the same id gets a verification of their own', async () => {
    const otherApp = `${appId}.second`;
    await root(createAppContract, { id: otherApp, name: `IAP second ${otherApp}`, os: [{ os: 2, packageId: `${otherApp}.ios` }] });
    await root(saveStoreKeyContract, { appId: otherApp, ...apple.apiKey });
    const otherKey = (await root(appDetailContract, { appId: otherApp })).data.os.find((o) => o.os === 2)!.sdkAppKey;
    const p = appStorePurchase();
    const mine = await player(keys.ios);
    expect((await verifyAs(keys.ios, mine.accessToken, { store: 'app_store', ...p })).json.data).toMatchObject({ status: 'verified', first: null });
    // The same id in the other app (its store names it for that app's bundle): verified there, not a duplicate.
    apple.transactions.set(p.transactionId, { transactionId: p.transactionId, bundleId: `${otherApp}.ios`, productId: p.productId });
    const theirs = await player(otherKey);
    const answer = await verifyAs(otherKey, theirs.accessToken, { store: 'app_store', ...p });
    expect(answer.status, answer.json.message).toBe(200);
    expect(answer.json.data).toMatchObject({ status: 'verified', reason: '', first: null, userId: theirs.playerId });
  });

  it('a replay by the same player answers exactly the first answer; another player\'s duplicate names no verification; a pending purchase names no console screen', async () => {
    const p = appStorePurchase();
    const first = await player(keys.ios);
    const answer = await verifyAs(keys.ios, first.accessToken, { store: 'app_store', ...p });
    const id = answer.json.data!.id;
    expect(answer.json.data).toMatchObject({ status: 'verified', first: null });
    const again = await verifyAs(keys.ios, first.accessToken, { store: 'app_store', ...p });
    expect([again.status, again.text]).toEqual([200, answer.text]);
    // The replay is still logged, as a duplicate of the first.
    expect((await iapLog(p.transactionId)).map((l) => l.status).sort()).toEqual(['duplicate', 'verified']);
    const stranger = await player(keys.ios);
    const theirs = await verifyAs(keys.ios, stranger.accessToken, { store: 'app_store', ...p });
    expect(theirs.json.data).toMatchObject({ status: 'duplicate', reason: 'duplicate transaction: this purchase was already claimed.', first: null });
    expect(JSON.stringify(theirs.json)).not.toContain(`verification ${id}`);

    // An app without a GA service account: the game hears that the purchase waits, not where staff configure it.
    const keyless = `${appId}.nogoogle`;
    await root(createAppContract, { id: keyless, name: `IAP keyless ${keyless}`, os: [{ os: 1, packageId: `${keyless}.android` }] });
    const keylessKey = (await root(appDetailContract, { appId: keyless })).data.os.find((o) => o.os === 1)!.sdkAppKey;
    const waiting = await player(keylessKey);
    const pendingAnswer = await verifyAs(keylessKey, waiting.accessToken, { store: 'google_play', transactionId: orderId(), purchaseToken: purchaseToken(), productId: 'gems_100' });
    expect(pendingAnswer.json.data).toMatchObject({
      status: 'pending',
      reason: 'The store has not confirmed this purchase yet; it is asked again automatically. Send the same purchase again later to read the result.',
    });
    expect(JSON.stringify(pendingAnswer.json)).not.toMatch(/Config Data|service account|scope app/);
  });
});

describe('bad input: 4xx naming the field, nothing stored', () => {
  it.each([
    ['an unknown store', { store: 'amazon', transactionId: 'A-1', productId: 'gems_100' }, /^store: /],
    ['a malformed purchase token', { store: 'google_play', transactionId: 'GPA.1-2', productId: 'gems_100', purchaseToken: 'short' }, /^purchaseToken: /],
    ['a purchase token with spaces', { store: 'google_play', transactionId: 'GPA.1-3', productId: 'gems_100', purchaseToken: 'has spaces in it here' }, /^purchaseToken: /],
    ['no purchase token for Google Play', { store: 'google_play', transactionId: 'GPA.1-4', productId: 'gems_100' }, /^purchaseToken: is required/],
    ['a non-numeric App Store transaction id', { store: 'app_store', transactionId: 'abc', productId: 'gems_100' }, /^transactionId: /],
    ['a signed transaction that is not a JWS', { store: 'app_store', transactionId: '2000000000001', productId: 'gems_100', signedTransaction: 'not-a-jws' }, /^signedTransaction: /],
    ['a bad product id', { store: 'app_store', transactionId: '2000000000002', productId: 'gems 100!' }, /^productId: /],
  ])('refuses %s', async (_what, body, message) => {
    const answer = await staffVerify(body);
    expect(answer.status).toBe(400);
    expect(answer.json.message).toMatch(message);
    expect(await iapLog(String(body.transactionId))).toEqual([]);
    expect(await requestLog(String(body.transactionId))).toEqual([]);
  });

  it('refuses a signed transaction that names another transaction', async () => {
    const signedTransaction = await signAsAppStore(apple.pki, { transactionId: '2000000000009' });
    const answer = await staffVerify({ store: 'app_store', transactionId: '2000000000010', productId: 'gems_100', signedTransaction });
    expect(answer.status).toBe(400);
    expect(answer.json.message).toBe('signedTransaction: names transaction 2000000000009, not 2000000000010.');
    expect(await iapLog('2000000000010')).toEqual([]);
  });
});

describe('revenue', () => {
  it('counts a verified purchase and leaves out a refused one from the IAP reports', async () => {
    const good = playPurchase(0, 'rev_ok');
    const bad = playPurchase(1, 'rev_refused');
    const day = reportDay(nowMs());
    const time = nowMs() - 60_000;
    const buy = (p: { transactionId: string; productId: string }, usd: number) => ({
      id: randomUUID(), name: 'iap_purchase', userId: 'p_revenue', time, appVersion: '1.0', country: 'VN',
      params: { productId: p.productId, priceMicros: usd, currency: 'USD', revenueUsdMicros: usd, transactionId: p.transactionId, store: 'google_play' },
    });
    const sent = await ingest(keys.android, [buy(good, 4_990_000), buy(bad, 9_990_000)], { legacy: true, base: server.baseUrl });
    expect(sent.status).toBe(200);
    await root(rollupNowContract, {});
    const products = async () =>
      (await root(inappScreen.contract, { apps: [appId], from: day, to: day, os: 0, version: 'all', countries: [] })).data.products
        .filter((p) => p.productId.startsWith('rev_')).map((p) => p.productId).sort();
    // Before verification both count (an unverified purchase is counted, docs/metrics.md).
    expect(await products()).toEqual(['rev_ok', 'rev_refused']);
    expect((await staffVerify({ store: 'google_play', ...good })).json.data!.status).toBe('verified');
    expect((await staffVerify({ store: 'google_play', ...bad })).json.data!.status).toBe('refused');
    await root(rollupNowContract, {});
    expect(await products()).toEqual(['rev_ok']);
  });
});

describe('the IAP log export', () => {
  it('exports the filtered purchases as CSV with the screen\'s columns', async () => {
    const p = playPurchase();
    await staffVerify({ store: 'google_play', ...p });
    await staffVerify({ store: 'google_play', ...p });
    const response = await fetch(`${server.baseUrl}/api/statistic/iapLog/export?format=csv&transactionId=${encodeURIComponent(p.transactionId)}`, { headers: { authorization: `Bearer ${rootToken}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('iap-log');
    const lines = (await response.text()).replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('Received,App,Store,Product,Transaction id,User id,Status,Reason,From,Store requests,Decided,Catalogue,Product type,Price,Price (USD),Price from,Reward');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(',duplicate,');
    expect(lines[2]).toContain(`${appId},google_play,gems_100,${p.transactionId},p_staffcheck,verified,`);
    // gems_100 is in no catalogue of this app: flagged, no price.
    expect(lines[2]).toMatch(/,unknown,,,,,$/);
  });
});

describe('permissions', () => {
  async function account(paths: string[], listApp: string[]) {
    const username = `iap${randomUUID().slice(0, 8)}`;
    await root(saveRoleContract, { name: username, description: 'iap test', paths, privateActions: [] });
    await root(createAccountContract, { username, role: username, password: `${username}-passphrase`, listApp, canViewAllApp: false });
    const anonymous = createRequester({ baseUrl: server.baseUrl });
    const { data } = await anonymous(loginContract, { username, password: `${username}-passphrase` });
    return createRequester({ baseUrl: server.baseUrl, headers: { authorization: `Bearer ${data.accessToken}` } });
  }
  const status = (promise: Promise<unknown>) => promise.then(() => 200, (error: ApiError) => error.status);

  it('shows the request log only with its route, and each log only for the apps the account may see', async () => {
    const p = playPurchase();
    await staffVerify({ store: 'google_play', ...p });
    const blind = await account([], []);
    expect(await status(blind(requestLogContract, { transactionId: p.transactionId }))).toBe(403);
    // The IAP log is always reachable once signed in (spec), but only the visible apps' purchases show.
    expect((await blind(iapLogContract, { transactionId: p.transactionId })).data).toEqual([]);
    const seer = await account(['/gsm/users/iap_request_log'], [appId]);
    expect((await seer(requestLogContract, { transactionId: p.transactionId })).data).toHaveLength(1);
    expect((await seer(iapLogContract, { transactionId: p.transactionId })).data).toHaveLength(1);
    const otherAppId = `${appId}.other`;
    await root(createAppContract, { id: otherAppId, name: `IAP other ${otherAppId}`, os: [{ os: 1, packageId: `${otherAppId}.android` }] });
    const otherApps = await account(['/gsm/users/iap_request_log'], [otherAppId]);
    expect((await otherApps(requestLogContract, { transactionId: p.transactionId })).data).toEqual([]);
    // Exporting needs export_report.
    expect(await status(seer(iapLogExportContract, { transactionId: p.transactionId, format: 'csv' }))).toBe(403);
    // Verifying is staff work on the App Manager's route.
    expect(await status(blind(verifyIapContract, { appId, userId: 'p_x', store: 'google_play', ...playPurchase() }))).toBe(403);
  });
});

