import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { rollupNowContract } from '../../src/lib/analytics/contract';
import { appDetailContract, createAppContract } from '../../src/lib/apps/contract';
import { accountLogContract } from '../../src/lib/logs/contract';
import { nowMs } from '../../src/lib/time/clock';
import { findPlayerContract, playerDataEditReadContract, playerDataUpdateContract, playerDataViewContract, playerProfileContract } from '../../src/lib/players/staff-contract';
import { ownAccount, raw, rejection, signedInAs, uniqueName } from './helpers';
import { answerOf, sdkAs } from './game-players';

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


async function session(key: string, deviceId: string, linkCode?: string): Promise<Tokens> {
  const answer = await answerOf(sdkAs(key).POST('/api/sdk/v1/players/session', { body: { deviceId, ...(linkCode ? { linkCode } : {}) } }));
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
    const me = await answerOf(sdkAs(keys.android, again.accessToken).GET('/api/sdk/v1/players/me'));
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
    expect((await answerOf(sdkAs(null).POST('/api/sdk/v1/players/session', { body: { deviceId: device() } }))).status).toBe(401);
    expect((await answerOf(sdkAs('no-such-key').POST('/api/sdk/v1/players/session', { body: { deviceId: device() } }))).status).toBe(401);
    const short = await answerOf(sdkAs(keys.android).POST('/api/sdk/v1/players/session', { body: { deviceId: 'abc' } }));
    expect([short.status, short.json.message]).toEqual([400, 'deviceId: must be at least 8 characters']);
    const odd = await answerOf(sdkAs(keys.android).POST('/api/sdk/v1/players/session', { body: { deviceId: 'dev ice<script>' } }));
    expect(odd.status).toBe(400);

    const mine = await session(keys.android, device());
    const elsewhere = await answerOf(sdkAs(otherAppKey, mine.accessToken).GET('/api/sdk/v1/players/me'));
    expect([elsewhere.status, elsewhere.json.message]).toEqual([401, 'The player token belongs to another app.']);
    const [head, body] = mine.accessToken.split('.');
    const forged = await answerOf(sdkAs(keys.android, `${head}.${body}.${'A'.repeat(43)}`).GET('/api/sdk/v1/players/me'));
    expect([forged.status, forged.json.message]).toEqual([401, 'Invalid player token.']);
    // The key is judged before the token: an unknown key says so whatever token comes with it.
    for (const player of [mine.accessToken, `${head}.${body}.${'A'.repeat(43)}`, undefined]) {
      const unknown = await answerOf(sdkAs('no-such-key', player).GET('/api/sdk/v1/players/me'));
      expect([unknown.status, unknown.json.message]).toEqual([401, 'Unknown SDK key.']);
    }
    const none = await answerOf(sdkAs(keys.android).GET('/api/sdk/v1/players/me'));
    expect(none.status).toBe(401);
    expect(none.json.message).toMatch(/^Missing player token/);
    // A console access token is not a player token.
    const root = await signedInAs('root');
    expect((await answerOf(sdkAs(keys.android, root.tokens.accessToken).GET('/api/sdk/v1/players/me'))).status).toBe(401);
  });

  it('rotates refresh tokens; a replayed one ends every session of that device', async () => {
    const id = device();
    const first = await session(keys.android, id);
    const refreshed = await answerOf(sdkAs(keys.android).POST('/api/sdk/v1/players/refresh', { body: { refreshToken: first.refreshToken } }));
    expect(refreshed.status).toBe(200);
    const second = refreshed.json.data as Tokens;
    expect(second.playerId).toBe(first.playerId);
    expect(second.refreshToken).not.toBe(first.refreshToken);

    const replay = await answerOf(sdkAs(keys.android).POST('/api/sdk/v1/players/refresh', { body: { refreshToken: first.refreshToken } }));
    expect(replay.status).toBe(401);
    // The thief's replay ended the session the device held too.
    const after = await answerOf(sdkAs(keys.android).POST('/api/sdk/v1/players/refresh', { body: { refreshToken: second.refreshToken } }));
    expect([after.status, after.json.message]).toEqual([401, 'Refresh token expired or ended: start a new session at /api/sdk/v1/players/session.']);
    // The device starts again and keeps its player.
    expect((await session(keys.android, id)).playerId).toBe(first.playerId);
    // A refresh token works only with its own app's key.
    const fresh = await session(keys.android, device());
    expect((await answerOf(sdkAs(otherAppKey).POST('/api/sdk/v1/players/refresh', { body: { refreshToken: fresh.refreshToken } }))).status).toBe(401);
  });

  it('links a second device (another platform of the app) with a one-time code; the code works once', async () => {
    const phone = await session(keys.android, device());
    const code = await answerOf(sdkAs(keys.android, phone.accessToken).POST('/api/sdk/v1/players/me/link-code', { body: {} }));
    expect(code.status).toBe(200);
    const shown = (code.json.data as { code: string }).code;
    expect(shown).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);

    const tabletId = device();
    const tabletBefore = await session(keys.ios, tabletId);
    expect(tabletBefore.playerId).not.toBe(phone.playerId);
    const typed = `${shown.slice(0, 4).toLowerCase()}-${shown.slice(4)}`;
    const tablet = await session(keys.ios, tabletId, typed);
    expect(tablet).toMatchObject({ playerId: phone.playerId, created: false });
    const me = await answerOf(sdkAs(keys.ios, tablet.accessToken).GET('/api/sdk/v1/players/me'));
    expect(me.json.data).toMatchObject({ playerId: phone.playerId, devices: 2 });
    // The tablet's old player's tokens stop: the device is no longer theirs.
    const stale = await answerOf(sdkAs(keys.ios, tabletBefore.accessToken).GET('/api/sdk/v1/players/me'));
    expect([stale.status, stale.json.message]).toEqual([401, 'This device no longer belongs to that player: start a new session.']);
    expect((await answerOf(sdkAs(keys.ios).POST('/api/sdk/v1/players/refresh', { body: { refreshToken: tabletBefore.refreshToken } }))).status).toBe(401);

    const reused = await answerOf(sdkAs(keys.ios).POST('/api/sdk/v1/players/session', { body: { deviceId: device(), linkCode: shown } }));
    expect([reused.status, reused.json.message]).toEqual([400, 'linkCode: the code is wrong, used or expired; show a new one on the other device.']);
    const wrong = await answerOf(sdkAs(keys.ios).POST('/api/sdk/v1/players/session', { body: { deviceId: device(), linkCode: 'ABC' } }));
    expect(wrong.status).toBe(400);
    // Codes are few at a time.
    for (let i = 0; i < 3; i++) expect((await answerOf(sdkAs(keys.android, phone.accessToken).POST('/api/sdk/v1/players/me/link-code', { body: {} }))).status).toBe(200);
    expect((await answerOf(sdkAs(keys.android, phone.accessToken).POST('/api/sdk/v1/players/me/link-code', { body: {} }))).status).toBe(429);
  });
});

describe('the cloud save', () => {
  it('starts empty, saves with a version, refuses a stale version with 409, and is each player\'s own', async () => {
    const a = await session(keys.android, device());
    const b = await session(keys.android, device());
    const empty = await answerOf(sdkAs(keys.android, a.accessToken).GET('/api/sdk/v1/players/me/data'));
    expect(empty.json.data).toEqual({ version: 0, data: {}, updatedAt: null });

    const saved = await answerOf(sdkAs(keys.android, a.accessToken).PUT('/api/sdk/v1/players/me/data', { body: { version: 0, data: { level: 12, coins: 340, flags: { tutorial: true } } } }));
    expect(saved.status).toBe(200);
    expect(saved.json.data).toMatchObject({ version: 1 });
    const read = await answerOf(sdkAs(keys.android, a.accessToken).GET('/api/sdk/v1/players/me/data'));
    expect(read.json.data).toMatchObject({ version: 1, data: { level: 12, coins: 340, flags: { tutorial: true } } });

    const stale = await answerOf(sdkAs(keys.android, a.accessToken).PUT('/api/sdk/v1/players/me/data', { body: { version: 0, data: { level: 1 } } }));
    expect([stale.status, stale.json.message]).toEqual([409, 'version: the save is at version 1, not 0; read it again and merge.']);
    const next = await answerOf(sdkAs(keys.android, a.accessToken).PUT('/api/sdk/v1/players/me/data', { body: { version: 1, data: { level: 13 } } }));
    expect(next.json.data).toMatchObject({ version: 2 });

    // Player b sees only its own (empty) save; there is no way to name another player.
    const other = await answerOf(sdkAs(keys.android, b.accessToken).GET('/api/sdk/v1/players/me/data'));
    expect(other.json.data).toMatchObject({ version: 0, data: {} });
  });

  it('refuses a save that is not a JSON object, over 1 MiB, or with NUL characters, and keeps the old one', async () => {
    const a = await session(keys.android, device());
    await answerOf(sdkAs(keys.android, a.accessToken).PUT('/api/sdk/v1/players/me/data', { body: { version: 0, data: { keep: 1 } } }));
    // Raw: an array as the save is a wrong type the typed client would refuse to compile; so is a body cut short.
    const notObject = await raw('PUT', '/api/sdk/v1/players/me/data', { body: JSON.stringify({ version: 1, data: [1, 2] }), headers: { 'x-sdk-key': keys.android, 'x-player-token': a.accessToken } });
    expect(notObject.status).toBe(400);
    expect(notObject.json.message).toMatch(/^data: /);
    const notJson = await raw('PUT', '/api/sdk/v1/players/me/data', { body: '{"version":1,"data":{', headers: { 'x-sdk-key': keys.android, 'x-player-token': a.accessToken } });
    expect(notJson.status).toBe(400);
    const big = await answerOf(sdkAs(keys.android, a.accessToken).PUT('/api/sdk/v1/players/me/data', { body: { version: 1, data: { blob: 'x'.repeat(1024 * 1024) } } }));
    expect(big.status).toBe(413);
    const nul = await answerOf(sdkAs(keys.android, a.accessToken).PUT('/api/sdk/v1/players/me/data', { body: { version: 1, data: { name: 'a\u0000b' } } }));
    expect(nul.status).toBe(400);
    const read = await answerOf(sdkAs(keys.android, a.accessToken).GET('/api/sdk/v1/players/me/data'));
    expect(read.json.data).toMatchObject({ version: 1, data: { keep: 1 } });
  });
});

describe('Find User and the saved data as staff see them', () => {
  it('finds a player by user id, device id and purchase transaction id, and shows their profile', async () => {
    const root = await signedInAs('root');
    const id = device();
    const me = await session(keys.android, id);
    const appId = (await answerOf(sdkAs(keys.android, me.accessToken).GET('/api/sdk/v1/players/me'))).json.data as { appId: string };
    // The console's clock (a test run may shift it): device times ahead of it would be stored at receive time.
    const now = nowMs();
    const events = [
      { id: randomUUID(), name: 'first_open', userId: me.playerId, time: now - 7_200_000, appVersion: '1.0.0', country: 'VN', params: {} },
      { id: randomUUID(), name: 'session_start', userId: me.playerId, time: now - 7_100_000, appVersion: '1.0.0', country: 'VN', params: {} },
      { id: randomUUID(), name: 'level_complete', userId: me.playerId, time: now - 7_000_000, appVersion: '1.0.1', country: 'VN', params: { level: 4, duration: 30, attempts: 1 } },
      { id: randomUUID(), name: 'iap_purchase', userId: me.playerId, time: now - 6_900_000, appVersion: '1.0.1', country: 'VN', params: { productId: 'gems_100', priceMicros: 990_000, currency: 'USD', revenueUsdMicros: 693_000, transactionId: `GPA.${id}`, store: 'google_play' } },
    ];
    expect((await answerOf(sdkAs(keys.android).POST('/api/sdk/v1/analytics/events', { body: { events } }))).status).toBe(200);
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
    const appId = ((await answerOf(sdkAs(keys.android, me.accessToken).GET('/api/sdk/v1/players/me'))).json.data as { appId: string }).appId;
    await answerOf(sdkAs(keys.android, me.accessToken).PUT('/api/sdk/v1/players/me/data', { body: { version: 0, data: { coins: 10 } } }));

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
    expect((await answerOf(sdkAs(keys.android, me.accessToken).GET('/api/sdk/v1/players/me/data'))).json.data).toMatchObject({ version: 2, data: { coins: 99 } });
    const stale = await rejection(editor(playerDataUpdateContract, { appId, userId: me.playerId, version: 1, data: { coins: 5 } }));
    expect([stale.status, stale.serverMessage]).toEqual([409, 'version: the game saved version 2 since you opened version 1; reload and apply your change again.']);
    const { data: log } = await root(accountLogContract, { username: editor.username, limit: 10 });
    expect(log.find((r) => r.action === 'update_player_data')).toMatchObject({ entity: 'player_data', entityId: `${appId}/${me.playerId}`, before: { version: 1, data: { coins: 10 } }, after: { version: 2, data: { coins: 99 } } });
  });
});
