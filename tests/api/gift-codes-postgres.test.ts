import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callServer, startTwoServersOnCluster, type TwoServers } from '../support/pg-cluster';
import { DEMO_PASSWORD, type TestServer } from '../support/test-server';
import { nowMs } from '../../src/lib/time/clock';
import { createSdkClient, ok } from '../../src/lib/sdk-client/client';
import { answerOf } from './game-players';

/**
 * Gift code limits and mail claims across processes: two console processes on one PostgreSQL (a throw-away
 * cluster) take the same redemptions and claims at once. Every limit is a conditional statement in the
 * database, so together they never pass one.
 */
let servers: TwoServers;
let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  servers = await startTwoServersOnCluster();
  ({ a, b } = servers);
}, 120_000);

afterAll(async () => {
  await servers?.stop();
});

const call = callServer;
/** The game's calls through the generated client (src/lib/sdk-client) against one of the two servers. */
const sdkOn = (server: TestServer, key: string, token?: string) => createSdkClient({ baseUrl: server.baseUrl, key, token });

describe('gift codes and mail on two processes sharing PostgreSQL', () => {
  it('hold the total and per-player limits under 200 parallel redemptions, and grant a mail once under 50 parallel claims', async () => {
    const login = await call(a, 'POST', '/api/auth/login', { body: { username: 'root', password: DEMO_PASSWORD } });
    const auth = { authorization: `Bearer ${login.json!.data.accessToken}` };
    const appId = 'com.pggift.game';
    expect((await call(a, 'POST', '/api/appdata/create', { body: { id: appId, name: appId, os: [{ os: 1, packageId: `${appId}.android` }] }, headers: auth })).status).toBeLessThan(300);
    expect((await call(b, 'POST', '/api/appdata/items/action', { body: { appId, itemId: 'coin', name: 'Coins', kind: 'currency', maxAmount: 1000 }, headers: auth })).status).toBe(200);
    const key = (await call(a, 'GET', `/api/appdata/get/detail/${appId}`, { headers: auth })).json!.data.os[0].sdkAppKey as string;
    const players = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => (await ok(sdkOn(i % 2 ? a : b, key).POST('/api/sdk/v1/players/session', { body: { deviceId: `pggift-device-${i}` } }))).accessToken),
    );
    // The console's clock, not the machine's: the suite also runs with the clock shifted (scripts/test-at.mjs).
    const expiresAt = new Date(nowMs() + 86_400_000).toISOString();
    const make = async (code: string, extra: Record<string, unknown>) =>
      expect((await call(a, 'POST', '/api/games/gift_code/create', { headers: auth, body: { appId, name: code, kind: 'keyword', code, rewards: 'coin:5', expiresAt, ...extra } })).status).toBe(200);
    const redeem = (i: number, token: string, code: string) => answerOf(sdkOn(i % 2 ? a : b, key, token).POST('/api/sdk/v1/giftcodes/redeem', { body: { code } }));

    await make('PGTOTAL', { totalLimit: 41 });
    const total = await Promise.all(players.map((token, i) => redeem(i, token, 'PGTOTAL')));
    expect(total.filter((r) => r.status === 200)).toHaveLength(41);
    expect(total.filter((r) => r.status !== 200 && r.status !== 409)).toEqual([]);

    await make('PGMINE', { perPlayerLimit: 3 });
    const mine = await Promise.all(Array.from({ length: 200 }, (_, i) => redeem(i, players[0]!, 'PGMINE')));
    expect(mine.filter((r) => r.status === 200)).toHaveLength(3);

    const listed = await call(b, 'GET', '/api/games/gift_code/list?textSearch=PGTOTAL', { headers: auth });
    expect(listed.json!.data[0]).toMatchObject({ redeemed: 41, status: 'used up' });

    const mailId = mine.find((r) => r.status === 200)!.json.data!.mailId;
    const claims = await Promise.all(Array.from({ length: 50 }, (_, i) => answerOf(sdkOn(i % 2 ? a : b, key, players[0]!).POST('/api/sdk/v1/mail/claim', { body: { mailId } }))));
    // One claim hands the rewards over; the other 49 are replays and answer exactly what it answered (docs/sdk.md, "Retries").
    expect(claims.every((c) => c.status === 200 && c.text === claims[0]!.text)).toBe(true);
    expect(claims[0]!.json.data).toMatchObject({ mailId, granted: true });
    const inbox = await ok(sdkOn(a, key, players[0]!).GET('/api/sdk/v1/mail'));
    expect(inbox.mail.filter((m) => m.mailId === mailId)).toEqual([expect.objectContaining({ mailId, claimed: true })]);
  }, 180_000);
});
