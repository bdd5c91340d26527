import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, reportDay } from '../../src/lib/time/day';
import { nowMs } from '../../src/lib/time/clock';
import { callServer, startTwoServersOnCluster, type TwoServers } from '../support/pg-cluster';
import { DEMO_PASSWORD, type TestServer } from '../support/test-server';
import { createSdkClient, ok } from '../../src/lib/sdk-client/client';
import { answerOf } from './game-players';

/**
 * House-ad caps across processes: two console processes on one PostgreSQL (a throw-away cluster) serve the
 * same campaigns to the same players at once. Every cap is reserved by a conditional UPDATE in the database,
 * so together they never serve one ad over a cap.
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

describe('house-ad caps on two processes sharing PostgreSQL', () => {
  it('serves exactly the total, daily and per-player caps under 100 parallel asks split over both', async () => {
    const login = await call(a, 'POST', '/api/auth/login', { body: { username: 'root', password: DEMO_PASSWORD } });
    const auth = { authorization: `Bearer ${login.json!.data.accessToken}` };
    const ids = ['com.pgcap.adv', 'com.pgcap.pub'];
    for (const id of ids) expect((await call(a, 'POST', '/api/appdata/create', { body: { id, name: id, os: [{ os: 1, packageId: `${id}.android` }] }, headers: auth })).status).toBeLessThan(300);
    expect((await call(a, 'POST', '/api/ads_in_house/app/save', { body: { appId: ids[1], placements: ['main'] }, headers: auth })).status).toBe(200);
    const key = (await call(a, 'GET', `/api/appdata/get/detail/${ids[1]}`, { headers: auth })).json!.data.os[0].sdkAppKey as string;
    const players = await Promise.all(
      Array.from({ length: 25 }, async (_, i) => (await ok(sdkOn(i % 2 ? a : b, key).POST('/api/sdk/v1/players/session', { body: { deviceId: `pgcap-device-${i}` } }))).accessToken),
    );
    const today = reportDay(nowMs());
    const campaign = async (extra: Record<string, unknown>) => {
      const made = await call(b, 'POST', '/api/ads_in_house/campaign/save', {
        headers: auth,
        body: {
          name: `cap ${JSON.stringify(extra)}`,
          advertisedApp: ids[0],
          storeLinks: { android: 'https://example.com/a', ios: '', webgl: '' },
          creatives: 'banner 320x50 https://cdn.example.com/b.png',
          targeting: { publisherApps: [ids[1]], os: [], countries: [], versions: [], audience: 'all' },
          startDay: addDays(today, -1),
          endDay: addDays(today, 1),
          status: 'running',
          ...extra,
        },
      });
      expect(made.status, made.text).toBe(200);
      return made.json!.data.id as number;
    };
    const burst = () =>
      Promise.all(players.flatMap((token, p) => Array.from({ length: 4 }, (_, k) => answerOf(sdkOn((p + k) % 2 ? a : b, key, token).GET('/api/sdk/v1/ads', { params: { query: { placement: 'main', format: 'banner' } } })))));
    const end = (id: number) => call(a, 'POST', '/api/ads_in_house/campaign/status', { headers: auth, body: { id, status: 'ended' } });

    const total = await campaign({ totalCap: 37 });
    const first = await burst();
    expect(first.filter((r) => r.status !== 200 && r.status !== 204).map((r) => r.text)).toEqual([]);
    expect(first.filter((r) => r.status === 200)).toHaveLength(37);
    await end(total);

    const daily = await campaign({ dailyCap: 23 });
    expect((await burst()).filter((r) => r.status === 200)).toHaveLength(23);
    await end(daily);

    await campaign({ frequencyCap: 3 });
    const third = await burst();
    expect(third.filter((r) => r.status === 200)).toHaveLength(75);
  }, 120_000);
});
