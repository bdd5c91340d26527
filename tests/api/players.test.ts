import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { rollupNowContract } from '../../src/lib/analytics/contract';
import { appDetailContract, createAppContract } from '../../src/lib/apps/contract';
import { accountLogContract } from '../../src/lib/logs/contract';
import { nowMs } from '../../src/lib/time/clock';
import { findPlayerContract, playerDataEditReadContract, playerDataUpdateContract, playerDataViewContract, playerProfileContract } from '../../src/lib/players/staff-contract';
import { ownAccount, raw, rejection, signedInAs, uniqueName } from './helpers';

/**
 * SDK player sessions and the cloud save, as a game calls them over HTTP: the app platform's key in X-SDK-Key,
 * the player's token in X-Player-Token. Each test works on an app it creates.
 */

type Keys = { android: string; ios: string };
let keys: Keys;
let otherAppKey: string;

async function newApp(): Promise<Keys> {
  const root = await signedInAs('root');
  const id = `com.players.${uniqueName('app').replace(/-/g, '')}`;
  await root(createAppContract, { id, name: `Players ${id}`, os: [{ os: 1, packageId: `${id}.android` }, { os: 2, packageId: `${id}.ios` }] });
  const { data } = await root(appDetailContract, { appId: id });
  return { android: data.os.find((o) => o.os === 1)!.sdkAppKey, ios: data.os.find((o) => o.os === 2)!.sdkAppKey };
}

beforeAll(async () => {
  keys = await newApp();
  otherAppKey = (await newApp()).android;
});

interface Tokens {
  playerId: string;
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  created: boolean;
}

const call = (method: string, path: string, key: string | null, options: { body?: unknown; player?: string } = {}) =>
  raw(method, path, {
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    headers: { ...(key ? { 'x-sdk-key': key } : {}), ...(options.player ? { 'x-player-token': options.player } : {}) },
  });

async function session(key: string, deviceId: string, linkCode?: string): Promise<Tokens> {
  const answer = await call('POST', '/api/sdk/v1/players/session', key, { body: { deviceId, ...(linkCode ? { linkCode } : {}) } });
  expect(answer.status, answer.text).toBe(200);
  return answer.json.data as Tokens;
}

const device = () => `dev-${uniqueName('d')}`;

describe('SDK player sessions', () => {
  it('creates the player on a device\'s first call, and answers the same player to that device afterwards', async () => {
    const id = device();
    const first = await session(keys.android, id);
    expect(first).toMatchObject({ created: true, expiresIn: 900 });
    expect(first.playerId).toMatch(/^p_[a-z2-7]{20}$/);
    const claims = decodeJwt(first.accessToken);
    expect(claims).toMatchObject({ sub: first.playerId, iss: 'gsm-console', aud: 'gsm-sdk-player', dev: id });
    expect(claims.exp! - claims.iat!).toBe(900);
    const again = await session(keys.android, id);
    expect(again).toMatchObject({ created: false, playerId: first.playerId });
    const me = await call('GET', '/api/sdk/v1/players/me', keys.android, { player: again.accessToken });
    expect(me.json.data).toMatchObject({ playerId: first.playerId, devices: 1 });
    // Another device is another player.
    expect((await session(keys.android, device())).playerId).not.toBe(first.playerId);
  });

  it('gives one player to a device that calls twice at once', async () => {
    const id = device();
    const answers = await Promise.all(Array.from({ length: 6 }, () => session(keys.android, id)));
    expect(new Set(answers.map((a) => a.playerId)).size).toBe(1);
    expect(answers.filter((a) => a.created)).toHaveLength(1);
  });

  it('refuses a missing or unknown SDK key, a bad device id, and tokens of another app or forged', async () => {
    expect((await call('POST', '/api/sdk/v1/players/session', null, { body: { deviceId: device() } })).status).toBe(401);
    expect((await call('POST', '/api/sdk/v1/players/session', 'no-such-key', { body: { deviceId: device() } })).status).toBe(401);
    const short = await call('POST', '/api/sdk/v1/players/session', keys.android, { body: { deviceId: 'abc' } });
    expect([short.status, short.json.message]).toEqual([400, 'deviceId: must be at least 8 characters']);
    const odd = await call('POST', '/api/sdk/v1/players/session', keys.android, { body: { deviceId: 'dev ice<script>' } });
    expect(odd.status).toBe(400);

    const mine = await session(keys.android, device());
    const elsewhere = await call('GET', '/api/sdk/v1/players/me', otherAppKey, { player: mine.accessToken });
    expect([elsewhere.status, elsewhere.json.message]).toEqual([401, 'The player token belongs to another app.']);
    const [head, body] = mine.accessToken.split('.');
    const forged = await call('GET', '/api/sdk/v1/players/me', keys.android, { player: `${head}.${body}.${'A'.repeat(43)}` });
    expect([forged.status, forged.json.message]).toEqual([401, 'Invalid player token.']);
    // The key is judged before the token: an unknown key says so whatever token comes with it.
    for (const player of [mine.accessToken, `${head}.${body}.${'A'.repeat(43)}`, undefined]) {
      const unknown = await call('GET', '/api/sdk/v1/players/me', 'no-such-key', { player });
      expect([unknown.status, unknown.json.message]).toEqual([401, 'Unknown SDK key.']);
    }
    const none = await call('GET', '/api/sdk/v1/players/me', keys.android);
    expect(none.status).toBe(401);
    expect(none.json.message).toMatch(/^Missing player token/);
    // A console access token is not a player token.
    const root = await signedInAs('root');
    expect((await call('GET', '/api/sdk/v1/players/me', keys.android, { player: root.tokens.accessToken })).status).toBe(401);
  });

  it('rotates refresh tokens; a replayed one ends every session of that device', async () => {
    const id = device();
    const first = await session(keys.android, id);
    const refreshed = await call('POST', '/api/sdk/v1/players/refresh', keys.android, { body: { refreshToken: first.refreshToken } });
    expect(refreshed.status).toBe(200);
    const second = refreshed.json.data as Tokens;
    expect(second.playerId).toBe(first.playerId);
    expect(second.refreshToken).not.toBe(first.refreshToken);

    const replay = await call('POST', '/api/sdk/v1/players/refresh', keys.android, { body: { refreshToken: first.refreshToken } });
    expect(replay.status).toBe(401);
    // The thief's replay ended the session the device held too.
    const after = await call('POST', '/api/sdk/v1/players/refresh', keys.android, { body: { refreshToken: second.refreshToken } });
    expect([after.status, after.json.message]).toEqual([401, 'Refresh token expired or ended: start a new session at /api/sdk/v1/players/session.']);
    // The device starts again and keeps its player.
    expect((await session(keys.android, id)).playerId).toBe(first.playerId);
    // A refresh token works only with its own app's key.
    const fresh = await session(keys.android, device());
    expect((await call('POST', '/api/sdk/v1/players/refresh', otherAppKey, { body: { refreshToken: fresh.refreshToken } })).status).toBe(401);
  });

  it('links a second device (another platform of the app) with a one-time code; the code works once', async () => {
    const phone = await session(keys.android, device());
    const code = await call('POST', '/api/sdk/v1/players/me/link-code', keys.android, { body: {}, player: phone.accessToken });
    expect(code.status).toBe(200);
    const shown = (code.json.data as { code: string }).code;
    expect(shown).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);

    const tabletId = device();
    const tabletBefore = await session(keys.ios, tabletId);
    expect(tabletBefore.playerId).not.toBe(phone.playerId);
    const typed = `${shown.slice(0, 4).toLowerCase()}-${shown.slice(4)}`;
    const tablet = await session(keys.ios, tabletId, typed);
    expect(tablet).toMatchObject({ playerId: phone.playerId, created: false });
    const me = await call('GET', '/api/sdk/v1/players/me', keys.ios, { player: tablet.accessToken });
    expect(me.json.data).toMatchObject({ playerId: phone.playerId, devices: 2 });
    // The tablet's old player's tokens stop: the device is no longer theirs.
    const stale = await call('GET', '/api/sdk/v1/players/me', keys.ios, { player: tabletBefore.accessToken });
    expect([stale.status, stale.json.message]).toEqual([401, 'This device no longer belongs to that player: start a new session.']);
    expect((await call('POST', '/api/sdk/v1/players/refresh', keys.ios, { body: { refreshToken: tabletBefore.refreshToken } })).status).toBe(401);

    const reused = await call('POST', '/api/sdk/v1/players/session', keys.ios, { body: { deviceId: device(), linkCode: shown } });
    expect([reused.status, reused.json.message]).toEqual([400, 'linkCode: the code is wrong, used or expired; show a new one on the other device.']);
    const wrong = await call('POST', '/api/sdk/v1/players/session', keys.ios, { body: { deviceId: device(), linkCode: 'ABC' } });
    expect(wrong.status).toBe(400);
    // Codes are few at a time.
    for (let i = 0; i < 3; i++) expect((await call('POST', '/api/sdk/v1/players/me/link-code', keys.android, { body: {}, player: phone.accessToken })).status).toBe(200);
    expect((await call('POST', '/api/sdk/v1/players/me/link-code', keys.android, { body: {}, player: phone.accessToken })).status).toBe(429);
  });
});

describe('the cloud save', () => {
  it('starts empty, saves with a version, refuses a stale version with 409, and is each player\'s own', async () => {
    const a = await session(keys.android, device());
    const b = await session(keys.android, device());
    const empty = await call('GET', '/api/sdk/v1/players/me/data', keys.android, { player: a.accessToken });
    expect(empty.json.data).toEqual({ version: 0, data: {}, updatedAt: null });

    const saved = await call('PUT', '/api/sdk/v1/players/me/data', keys.android, { body: { version: 0, data: { level: 12, coins: 340, flags: { tutorial: true } } }, player: a.accessToken });
    expect(saved.status).toBe(200);
    expect(saved.json.data).toMatchObject({ version: 1 });
    const read = await call('GET', '/api/sdk/v1/players/me/data', keys.android, { player: a.accessToken });
    expect(read.json.data).toMatchObject({ version: 1, data: { level: 12, coins: 340, flags: { tutorial: true } } });

    const stale = await call('PUT', '/api/sdk/v1/players/me/data', keys.android, { body: { version: 0, data: { level: 1 } }, player: a.accessToken });
    expect([stale.status, stale.json.message]).toEqual([409, 'version: the save is at version 1, not 0; read it again and merge.']);
    const next = await call('PUT', '/api/sdk/v1/players/me/data', keys.android, { body: { version: 1, data: { level: 13 } }, player: a.accessToken });
    expect(next.json.data).toMatchObject({ version: 2 });

    // Player b sees only its own (empty) save; there is no way to name another player.
    const other = await call('GET', '/api/sdk/v1/players/me/data', keys.android, { player: b.accessToken });
    expect(other.json.data).toMatchObject({ version: 0, data: {} });
  });

  it('refuses a save that is not a JSON object, over 1 MiB, or with NUL characters, and keeps the old one', async () => {
    const a = await session(keys.android, device());
    await call('PUT', '/api/sdk/v1/players/me/data', keys.android, { body: { version: 0, data: { keep: 1 } }, player: a.accessToken });
    const notObject = await call('PUT', '/api/sdk/v1/players/me/data', keys.android, { body: { version: 1, data: [1, 2] }, player: a.accessToken });
    expect(notObject.status).toBe(400);
    expect(notObject.json.message).toMatch(/^data: /);
    const notJson = await raw('PUT', '/api/sdk/v1/players/me/data', { body: '{"version":1,"data":{', headers: { 'x-sdk-key': keys.android, 'x-player-token': a.accessToken } });
    expect(notJson.status).toBe(400);
    const big = await call('PUT', '/api/sdk/v1/players/me/data', keys.android, { body: { version: 1, data: { blob: 'x'.repeat(1024 * 1024) } }, player: a.accessToken });
    expect(big.status).toBe(413);
    const nul = await call('PUT', '/api/sdk/v1/players/me/data', keys.android, { body: { version: 1, data: { name: 'a\u0000b' } }, player: a.accessToken });
    expect(nul.status).toBe(400);
    const read = await call('GET', '/api/sdk/v1/players/me/data', keys.android, { player: a.accessToken });
    expect(read.json.data).toMatchObject({ version: 1, data: { keep: 1 } });
  });
});

describe('Find User and the saved data as staff see them', () => {
  it('finds a player by user id, device id and purchase transaction id, and shows their profile', async () => {
    const root = await signedInAs('root');
    const id = device();
    const me = await session(keys.android, id);
    const appId = (await call('GET', '/api/sdk/v1/players/me', keys.android, { player: me.accessToken })).json.data as { appId: string };
    // The console's clock (a test run may shift it): device times ahead of it would be stored at receive time.
    const now = nowMs();
    const events = [
      { id: randomUUID(), name: 'first_open', userId: me.playerId, time: now - 7_200_000, appVersion: '1.0.0', country: 'VN', params: {} },
      { id: randomUUID(), name: 'session_start', userId: me.playerId, time: now - 7_100_000, appVersion: '1.0.0', country: 'VN', params: {} },
      { id: randomUUID(), name: 'level_complete', userId: me.playerId, time: now - 7_000_000, appVersion: '1.0.1', country: 'VN', params: { level: 4, duration: 30, attempts: 1 } },
      { id: randomUUID(), name: 'iap_purchase', userId: me.playerId, time: now - 6_900_000, appVersion: '1.0.1', country: 'VN', params: { productId: 'gems_100', priceMicros: 990_000, currency: 'USD', revenueUsdMicros: 693_000, transactionId: `GPA.${id}`, store: 'google_play' } },
    ];
    expect((await raw('POST', '/api/sdk/v1/events', { body: JSON.stringify({ events }), headers: { 'x-sdk-key': keys.android } })).status).toBe(200);
    await root(rollupNowContract, {});

    for (const [by, q] of [['userId', me.playerId], ['deviceId', id], ['transactionId', `GPA.${id}`]] as const) {
      const found = await root(findPlayerContract, { appId: appId.appId, by, q });
      expect(found.data.matches.map((m) => m.userId), by).toEqual([me.playerId]);
    }
    expect((await root(findPlayerContract, { appId: appId.appId, by: 'deviceId', q: 'no-such-device' })).data.matches).toEqual([]);

    const { data: profile } = await root(playerProfileContract, { appId: appId.appId, userId: me.playerId });
    expect(profile.install).toMatchObject({ os: 1, appVersion: '1.0.0', country: 'VN' });
    expect(profile.activity).toMatchObject({ sessions: 1, iapPurchases: 1, iapRevenue: 693_000, versions: ['1.0.0', '1.0.1'], countries: ['VN'] });
    expect(profile.levels).toEqual([{ mode: 'main', level: 4 }]);
    expect(profile.player).toMatchObject({ isTest: false, dataVersion: 0, devices: [{ deviceId: id, os: 1 }] });
    expect(profile.purchases).toEqual([{ time: new Date(now - 6_900_000).toISOString(), productId: 'gems_100', revenueUsdMicros: 693_000, transactionId: `GPA.${id}`, store: 'google_play' }]);
    const missing = await rejection(root(playerProfileContract, { appId: appId.appId, userId: 'nobody' }));
    expect(missing.status).toBe(404);
    const outsider = await ownAccount('find-outsider', { paths: ['/gsm/users/find_user'], listApp: ['com.gsm.tilematch'] });
    expect((await rejection(outsider(findPlayerContract, { appId: appId.appId, by: 'userId', q: me.playerId }))).status).toBe(403);
  });

  it('lets staff with user_data_update edit a save over the version they read, audited; a stale version is 409', async () => {
    const root = await signedInAs('root');
    const me = await session(keys.android, device());
    const appId = ((await call('GET', '/api/sdk/v1/players/me', keys.android, { player: me.accessToken })).json.data as { appId: string }).appId;
    await call('PUT', '/api/sdk/v1/players/me/data', keys.android, { body: { version: 0, data: { coins: 10 } }, player: me.accessToken });

    const viewer = await ownAccount('save-viewer', { paths: ['/gsm/users/find_user_firebase/view'], listApp: [appId] });
    expect((await viewer(playerDataViewContract, { appId, userId: me.playerId })).data).toMatchObject({ version: 1, data: { coins: 10 }, updatedBy: 'sdk' });
    expect((await rejection(viewer(playerDataUpdateContract, { appId, userId: me.playerId, version: 1, data: { coins: 99 } }))).status).toBe(403);
    const editorNoAction = await ownAccount('save-editor0', { paths: ['/gsm/users/find_user_firebase/update'], listApp: [appId] });
    expect((await editorNoAction(playerDataEditReadContract, { appId, userId: me.playerId })).data.version).toBe(1);
    expect((await rejection(editorNoAction(playerDataUpdateContract, { appId, userId: me.playerId, version: 1, data: { coins: 99 } }))).status).toBe(403);

    const editor = await ownAccount('save-editor', { paths: ['/gsm/users/find_user_firebase/update'], privateActions: ['user_data_update'], listApp: [appId] });
    const saved = await editor(playerDataUpdateContract, { appId, userId: me.playerId, version: 1, data: { coins: 99 } });
    expect(saved.data.version).toBe(2);
    // The game reads the staff's change, and its stale write is refused.
    expect((await call('GET', '/api/sdk/v1/players/me/data', keys.android, { player: me.accessToken })).json.data).toMatchObject({ version: 2, data: { coins: 99 } });
    const stale = await rejection(editor(playerDataUpdateContract, { appId, userId: me.playerId, version: 1, data: { coins: 5 } }));
    expect([stale.status, stale.serverMessage]).toEqual([409, 'version: the game saved version 2 since you opened version 1; reload and apply your change again.']);
    const { data: log } = await root(accountLogContract, { username: editor.username, limit: 10 });
    expect(log.find((r) => r.action === 'update_player_data')).toMatchObject({ entity: 'player_data', entityId: `${appId}/${me.playerId}`, before: { version: 1, data: { coins: 10 } }, after: { version: 2, data: { coins: 99 } } });
  });
});
