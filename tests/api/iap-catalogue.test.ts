import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configContracts } from '../../src/lib/config-data/contract';
import type { Requester } from '../../src/lib/http/requester';
import { iapLogContract, type VerificationAnswer } from '../../src/lib/iap/contract';
import { gameItemSaveContract } from '../../src/lib/rewards/contract';
import { ANDROID, IOS, startIapServer } from '../support/iap-server';
import { createSdkClient, ok, type SdkPaths } from '../../src/lib/sdk-client/client';

/**
 * The product catalogue (Config Data → IAP Config) in purchase verification (issue 39), against the local store
 * stand-ins, on a server of its own (PGlite, or PostgreSQL with TEST_DATABASE_URL: the parallel case is the one
 * that matters there).
 */

let iap: Awaited<ReturnType<typeof startIapServer>>;
let google: typeof iap.google;
let apple: typeof iap.apple;
let server: typeof iap.server;
let root: Requester;
let token = '';
let appId: string;
let keys: { android: string; ios: string };

beforeAll(async () => {
  iap = await startIapServer({ storeTimeoutMs: 3000, databaseName: 'iapcat', appPrefix: 'com.iapcat.t', appName: 'IAP catalogue' });
  ({ google, apple, server, root, appId, keys } = iap);
  token = iap.token;
  await root(gameItemSaveContract, { appId, itemId: 'gem', name: 'Gems', kind: 'currency', maxAmount: 500 });
  await root(gameItemSaveContract, { appId, itemId: 'frame_gold', name: 'Gold frame', kind: 'cosmetic', maxAmount: 1 });
  const product = (productId: string, type: 'consumable' | 'non-consumable' | 'subscription', price: string, currency: string, reward: string) =>
    root(configContracts.iap_config.save, { scope: appId, data: { productId, type, price, currency, reward } });
  await product('gems_50', 'consumable', '1.99', 'USD', 'gem:50');
  await product('gems_eur', 'consumable', '4.50', 'EUR', '');
  await product('gold_frame', 'non-consumable', '2.99', 'USD', 'frame_gold:1');
}, 120_000);

afterAll(async () => {
  await iap?.stop();
});

const call = async (path: string, body: unknown, headers: Record<string, string>, method = 'POST') => {
  const response = await fetch(`${server.baseUrl}${path}`, { method, headers: { 'content-type': 'application/json', ...headers }, body: method === 'GET' ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, json: JSON.parse(text) as { data?: unknown; message?: string } };
};
/** The game's calls go through the generated client (src/lib/sdk-client), as a game's would. */
const sdk = (key: string, token?: string) => createSdkClient({ baseUrl: server.baseUrl, key, token });
async function player(key: string) {
  return ok(sdk(key).POST('/api/sdk/v1/players/session', { body: { deviceId: `dev-${randomUUID()}` } }));
}
const orderId = () => `GPA.${Math.floor(1000 + Math.random() * 8999)}-${Math.floor(1000 + Math.random() * 8999)}-${Math.floor(1000 + Math.random() * 8999)}-${Math.floor(10000 + Math.random() * 89999)}`;
function playPurchase(productId: string) {
  const p = { transactionId: orderId(), purchaseToken: `tok-${randomUUID()}.${randomUUID()}`, productId };
  google.purchases.set(p.purchaseToken, { packageName: ANDROID(appId), productId, orderId: p.transactionId, purchaseState: 0 });
  return p;
}
type VerifyBody = NonNullable<SdkPaths['/api/sdk/v1/purchases/verify']['post']['requestBody']>['content']['application/json'];
const verifyAs = async (me: { accessToken: string }, key: string, body: VerifyBody): Promise<VerificationAnswer> => ok(sdk(key, me.accessToken).POST('/api/sdk/v1/purchases/verify', { body }));
const logOf = async (transactionId: string, extra: Record<string, unknown> = {}) => (await root(iapLogContract, { transactionId, appIds: [appId], ...extra })).data;
const inbox = async (me: { accessToken: string }, key: string) => {
  return (await ok(sdk(key, me.accessToken).GET('/api/sdk/v1/mail'))).mail;
};

describe('the product catalogue in purchase verification', () => {
  it('flags a product the catalogue does not list, on the IAP log and its filter; no price, no reward', async () => {
    const me = await player(keys.android);
    const p = playPurchase('mystery_pack');
    expect(await verifyAs(me, keys.android, { store: 'google_play', ...p })).toMatchObject({ status: 'verified', productId: 'mystery_pack' });
    expect(await logOf(p.transactionId)).toEqual([
      expect.objectContaining({ status: 'verified', catalogue: 'unknown', productType: '', price: '', priceUsd: null, priceFrom: '', reward: '' }),
    ]);
    expect((await logOf(p.transactionId, { catalogue: 'unknown' })).map((r) => r.transactionId)).toEqual([p.transactionId]);
    expect(await logOf(p.transactionId, { catalogue: 'listed' })).toEqual([]);
    expect(await inbox(me, keys.android)).toEqual([]);
  });

  it('takes the catalogue price when the store answers none, converted at the day\'s rate and marked, and the store\'s when it gives one', async () => {
    const me = await player(keys.android);
    const usd = playPurchase('gems_50');
    await verifyAs(me, keys.android, { store: 'google_play', ...usd });
    expect((await logOf(usd.transactionId))[0]).toMatchObject({ catalogue: 'listed', productType: 'consumable', price: '1.99 USD', priceUsd: 1.99, priceFrom: 'catalogue' });
    const eur = playPurchase('gems_eur');
    await verifyAs(me, keys.android, { store: 'google_play', ...eur });
    const [eurRow] = await logOf(eur.transactionId);
    // The demo studio's EUR rate drifts around 1.08 USD (src/lib/finance/demo.ts).
    expect(eurRow).toMatchObject({ price: '4.5 EUR', priceFrom: 'catalogue', reward: '' });
    expect(eurRow!.priceUsd).toBeGreaterThan(4.5 * 1.07);
    expect(eurRow!.priceUsd).toBeLessThan(4.5 * 1.09);
    // The App Store's answer carries the price paid (990 milliunits of USD): it stands, marked as the store's.
    const ios = await player(keys.ios);
    const transactionId = String(2_000_000_000_000 + Math.floor(Math.random() * 1e12));
    apple.transactions.set(transactionId, { transactionId, bundleId: IOS(appId), productId: 'gems_50' });
    await verifyAs(ios, keys.ios, { store: 'app_store', transactionId, productId: 'gems_50' });
    expect((await logOf(transactionId))[0]).toMatchObject({ catalogue: 'listed', price: '0.99 USD', priceUsd: 0.99, priceFrom: 'store' });
  });

  it('mails a consumable\'s reward once per verified purchase, even with 10 verifications of it at once', async () => {
    const me = await player(keys.android);
    const p = playPurchase('gems_50');
    const answers = await Promise.all(Array.from({ length: 10 }, () => verifyAs(me, keys.android, { store: 'google_play', ...p })));
    // The same player's copies are replays: each answers the first verification as it stood when read (pending while
    // the store was being asked, verified after), never a second verification.
    const statuses = answers.map((a) => a.status);
    expect(statuses).toContain('verified');
    expect(statuses.filter((s) => s !== 'verified' && s !== 'pending')).toEqual([]);
    const mail = await inbox(me, keys.android);
    expect(mail).toEqual([expect.objectContaining({ title: 'Your purchase', body: 'Thank you for buying gems_50.', rewards: [{ itemId: 'gem', amount: 50 }] })]);
    const rows = await logOf(p.transactionId, { status: 'verified' });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.reward).toMatch(/^mail \d+$/);
    // A second purchase of the same consumable is a second reward.
    await verifyAs(me, keys.android, { store: 'google_play', ...playPurchase('gems_50') });
    expect(await inbox(me, keys.android)).toHaveLength(2);
  });

  it('grants a non-consumable once per player: a restore with a new transaction gets no second reward', async () => {
    const me = await player(keys.android);
    const first = playPurchase('gold_frame');
    await verifyAs(me, keys.android, { store: 'google_play', ...first });
    const again = playPurchase('gold_frame');
    await verifyAs(me, keys.android, { store: 'google_play', ...again });
    expect(await inbox(me, keys.android)).toEqual([expect.objectContaining({ rewards: [{ itemId: 'frame_gold', amount: 1 }] })]);
    const [firstRow] = await logOf(first.transactionId);
    expect((await logOf(again.transactionId))[0]).toMatchObject({ productType: 'non-consumable', reward: `reward not granted again: a non-consumable the player already received with verification ${firstRow!.id}` });
  });

  it('refuses a catalogue reward naming an item the app does not have', async () => {
    const save = (reward: string) => call('/api/adminAccount/config/iap_config/save', { scope: appId, data: { productId: 'bad_reward', type: 'consumable', price: '1', currency: 'USD', reward } }, { authorization: `Bearer ${token}` });
    const unknownItem = await save('ruby:5');
    expect([unknownItem.status, unknownItem.json.message]).toEqual([400, `data.reward: ruby is not an item of ${appId}.`]);
    const overLimit = await save('frame_gold:2');
    expect([overLimit.status, overLimit.json.message]).toEqual([400, 'data.reward: 2 Gold frame is over the item\'s limit of 1 per grant.']);
    const twice = await save('gem:1, gem:2');
    expect([twice.status, twice.json.message]).toEqual([400, 'data.reward: names an item twice.']);
  });
});
