import { beforeAll, describe, expect, it } from 'vitest';
import { appDetailContract, createAppContract } from '../../src/lib/apps/contract';
import { configContracts } from '../../src/lib/config-data/contract';
import { sdkCheckContract, trackingPlanViewContract } from '../../src/lib/sdk-check/contract';
import { nowMs } from '../../src/lib/time/clock';
import { rejection, signedInAs, uniqueName, type Session } from './helpers';
import { ingest } from './game-players';

/**
 * The tracking plan enforced by ingestion (issue 39): an app with a tracking config has its events judged
 * against it and the studio's catalogue; the SDK answer says, event by event, what was dropped or flagged, and
 * the tracking-plan view (Check SDK) counts it. On the suite's server (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */

let root: Session;
let appId: string;
let key: string;
let levelStartConfig: number;

const DROPPED = 'name: "level_start" is disabled for this app in the tracking plan; the event was dropped';
const WRONG_TYPE = 'params.boosted: declared bool in the tracking plan, got string';
const UNDECLARED = 'name: "counter.tp_unplanned" is not declared in the tracking plan';

beforeAll(async () => {
  root = await signedInAs('root');
  appId = `com.tplan.${uniqueName('a').replace(/-/g, '')}`;
  await root(createAppContract, { id: appId, name: `Tracking plan ${appId}`, os: [{ os: 1, packageId: `${appId}.android` }] });
  key = (await root(appDetailContract, { appId })).data.os[0]!.sdkAppKey;
  // The app adopts the plan: level_start (in the demo catalogue too) switched off, session_start with a typed parameter of the app's own.
  levelStartConfig = (await root(configContracts.tracking_config.save, { scope: appId, data: { eventName: 'level_start', parameters: [], enabled: false } })).data.id;
  await root(configContracts.tracking_config.save, { scope: appId, data: { eventName: 'session_start', parameters: [{ name: 'boosted', type: 'bool' }], enabled: true } });
});

let seq = 0;
const event = (name: string, params: Record<string, unknown>, appVersion = '2.0.1') => ({ id: `tp-${Date.now().toString(36)}-${++seq}`, name, userId: 'tp-user', time: nowMs() - 1000, appVersion, sdkVersion: '5.0.0', params });
const send = async (path: '/api/sdk/v1/analytics/events' | '/api/sdk/v1/events', events: unknown[]) => {
  const answer = await ingest(key, events, { legacy: path === '/api/sdk/v1/events' });
  expect(answer.status, answer.text).toBe(200);
  return answer.json.data;
};
const batch = () => [
  event('level_start', { level: 3 }),
  event('session_start', { sessionId: 's1', boosted: 'yes' }),
  event('counter', { name: 'tp_unplanned', value: 2 }),
  event('session_start', { sessionId: 's2', boosted: true }, '2.0.2'),
];
const view = async () => (await root(trackingPlanViewContract, { appId, days: 7 })).data;
const row = (v: Awaited<ReturnType<typeof view>>, k: string) => v.events.find((e) => e.key === k);

describe('the tracking plan in SDK ingestion', () => {
  it('drops a disabled event, flags an undeclared event and a wrong-typed parameter, one by one in the SDK answer', async () => {
    const sent = batch();
    expect(await send('/api/sdk/v1/analytics/events', sent)).toEqual({
      accepted: 3,
      duplicates: 0,
      rejected: [],
      clamped: [],
      dropped: [{ index: 0, reason: DROPPED }],
      flagged: [{ index: 1, reason: WRONG_TYPE }, { index: 2, reason: UNDECLARED }],
    });
    const v = await view();
    expect(v.active).toBe(true);
    expect(row(v, 'level_start')).toMatchObject({ declared: true, enabled: false, source: 'both', volume: 0, lastSeen: null, dropped: 1, flagged: 0 });
    expect(row(v, 'session_start')).toMatchObject({
      declared: true, enabled: true, volume: 2, dropped: 0, flagged: 1, parameters: [{ name: 'boosted', type: 'bool' }],
      problems: [{ problem: WRONG_TYPE, events: 1, versions: ['2.0.1'], example: { eventId: sent[1]!.id, params: { sessionId: 's1' }, sent: { boosted: '"yes"' } }, lastAt: expect.any(String) }],
    });
    expect(row(v, 'counter.tp_unplanned')).toMatchObject({
      declared: false, source: '', volume: 1, flagged: 1,
      problems: [{ problem: UNDECLARED, events: 1, versions: ['2.0.1'], example: { eventId: sent[2]!.id, params: { name: 'tp_unplanned', value: 2 } }, lastAt: expect.any(String) }],
    });
    expect(v.totals).toMatchObject({ volume: 3, dropped: 1, flagged: 2, undeclaredSeen: 1 });
    // Check SDK's "clamped" column counts time flags only, not the plan's.
    const check = (await root(sdkCheckContract, { appId })).data;
    expect(check.events.map((e) => [e.name, e.count, e.flagged])).toEqual([['counter', 1, 0], ['session_start', 2, 0]]);
  });

  it('counts drops per day as they arrive, on the deprecated path too, and follows a config change at the next batch', async () => {
    expect(await send('/api/sdk/v1/events', batch())).toMatchObject({ accepted: 3, dropped: [{ index: 0, reason: DROPPED }], flagged: [{ index: 1, reason: WRONG_TYPE }, { index: 2, reason: UNDECLARED }] });
    expect(row(await view(), 'level_start')).toMatchObject({ dropped: 2, volume: 0 });
    // Enabled again: the next batch stores it (the plan cache forgets on save).
    await root(configContracts.tracking_config.save, { id: levelStartConfig, scope: appId, data: { eventName: 'level_start', parameters: [], enabled: true } });
    expect(await send('/api/sdk/v1/analytics/events', [event('level_start', { level: 4 })])).toEqual({ accepted: 1, duplicates: 0, rejected: [], clamped: [], dropped: [], flagged: [] });
    expect(row(await view(), 'level_start')).toMatchObject({ enabled: true, dropped: 2, volume: 1 });
  });

  it('checks nothing for an app without a tracking config', async () => {
    const other = `com.tplan.${uniqueName('b').replace(/-/g, '')}`;
    await root(createAppContract, { id: other, name: `No plan ${other}`, os: [{ os: 1, packageId: `${other}.android` }] });
    const otherKey = (await root(appDetailContract, { appId: other })).data.os[0]!.sdkAppKey;
    const answer = await ingest(otherKey, [event('counter', { name: 'tp_unplanned', value: 1 })]);
    expect(answer.json.data).toEqual({ accepted: 1, duplicates: 0, rejected: [], clamped: [], dropped: [], flagged: [] });
    expect((await root(trackingPlanViewContract, { appId: other })).data).toMatchObject({ active: false, totals: { dropped: 0, flagged: 0 } });
  });

  it('refuses a window out of range and an unknown app, naming what is wrong', async () => {
    const days = await rejection(root(trackingPlanViewContract, { appId, days: 31 }));
    expect([days.status, days.message]).toEqual([400, 'days: must be at most 30']);
    const unknown = await rejection(root(trackingPlanViewContract, { appId: 'com.nope.tplan' }));
    expect([unknown.status, unknown.message]).toEqual([404, 'App com.nope.tplan does not exist.']);
  });
});
