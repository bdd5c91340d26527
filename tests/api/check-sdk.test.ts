import { describe, expect, it } from 'vitest';
import { appDetailContract, createAppContract } from '../../src/lib/apps/contract';
import { sdkCheckContract } from '../../src/lib/sdk-check/contract';
import { nowMs } from '../../src/lib/time/clock';
import { ownAccount, rejection, signedInAs } from './helpers';
import { ingest } from './game-players';

describe('Check SDK', () => {
  it('counts what an app sent in the last 24 hours by event name, OS and version', async () => {
    const root = await signedInAs('root');
    await root(createAppContract, { id: 'com.gsm.checksdk', name: 'Check SDK app', os: [{ os: 1, packageId: 'com.gsm.checksdk.android' }] });
    const { data: app } = await root(appDetailContract, { appId: 'com.gsm.checksdk' });
    const key = app.os.find((o) => o.os === 1)!.sdkAppKey;
    const now = nowMs();
    const event = (name: string, i: number, appVersion = '1.2.0') => ({ id: `chk-${name}-${i}`, name, userId: `u${i}`, time: now - i * 1000, appVersion, sdkVersion: '4.1.0-checksdk', country: 'VN', params: {} });
    const sent = await ingest(key, [event('session_start', 1), event('session_start', 2), event('first_open', 3), event('session_start', 4, '1.3.0')], { legacy: true });
    expect(sent.status, sent.text).toBe(200);

    const all = await root(sdkCheckContract, { appId: 'com.gsm.checksdk' });
    expect(all.data.total).toBe(4);
    expect(all.data.sdkVersions).toEqual(['4.1.0-checksdk']);
    expect(all.data.events.map((e) => [e.name, e.count])).toEqual([['first_open', 1], ['session_start', 3]]);
    expect(new Date(all.data.lastEventAt!).getTime()).toBeGreaterThan(now - 60_000);
    const v13 = await root(sdkCheckContract, { appId: 'com.gsm.checksdk', version: '1.3.0' });
    expect(v13.data.events).toEqual([expect.objectContaining({ name: 'session_start', count: 1 })]);
    const ios = await root(sdkCheckContract, { appId: 'com.gsm.checksdk', os: 2 });
    expect(ios.data.total).toBe(0);
  });

  it('refuses unknown apps, apps the account may not see, and accounts without the Check SDK route', async () => {
    const root = await signedInAs('root');
    const unknown = await rejection(root(sdkCheckContract, { appId: 'com.nope' }));
    expect(unknown.status).toBe(404);
    // The route and the app: the account sees exactly what root sees for that app.
    const allowed = await ownAccount('sdk-check', { paths: ['/adminAccount/check_sdk'], listApp: ['com.gsm.checksdk'] });
    const { data } = await allowed(sdkCheckContract, { appId: 'com.gsm.checksdk' });
    expect(data.total).toBe(4);
    const { since: _since, ...asRootSees } = (await root(sdkCheckContract, { appId: 'com.gsm.checksdk' })).data;
    expect(data).toEqual({ ...asRootSees, since: data.since });
    // The route without the app: refused by the app scoping.
    const otherApp = await rejection(allowed(sdkCheckContract, { appId: 'com.gsm.blockpuzzle' }));
    expect([otherApp.status, otherApp.message]).toEqual([403, 'Permission invalid']);
    // The app without the route.
    const noRoute = await ownAccount('sdk-noroute', { paths: ['/dashboard'], listApp: ['com.gsm.checksdk'] });
    expect((await rejection(noRoute(sdkCheckContract, { appId: 'com.gsm.checksdk' }))).status).toBe(403);
  });
});
