import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDetailContract, createAppContract } from '../../src/lib/apps/contract';
import { createRequester, type Requester } from '../../src/lib/http/requester';
import { nowMs } from '../../src/lib/time/clock';
import { scratchDatabase, startServer } from '../support/own-server';
import { DEMO_PASSWORD } from '../support/test-server';
import { startFcm } from '../support/fcm-stand-in';
import { createSdkClient, ok, type SdkClient } from '../../src/lib/sdk-client/client';
import { answerOf } from './game-players';

/**
 * Push notifications end to end against a local FCM stand-in (tests/support/fcm-stand-in.ts), through a console
 * server of this file's own (its FCM base and token endpoint point at the stand-in; the scheduler is off and the
 * push_send job is run by hand; on PostgreSQL when TEST_DATABASE_URL is set). The clock test restarts that server
 * on the same database with the console's clock moved on.
 */

let fcm: Awaited<ReturnType<typeof startFcm>>;
let server: Awaited<ReturnType<typeof startServer>>;
let env: Record<string, string>;
let dataDir: string | null = null;
let rootToken = '';
let root: Requester;
let appId: string;
let keys: { android: string; ios: string };
const baseOffset = Number(process.env.GSM_CLOCK_OFFSET_MS ?? 0) || 0;

beforeAll(async () => {
  fcm = await startFcm();
  const pg = process.env.TEST_DATABASE_URL;
  if (!pg) dataDir = mkdtempSync(join(tmpdir(), 'push-test-'));
  env = {
    FCM_API_BASE: fcm.base,
    GOOGLE_OAUTH_TOKEN_URL: fcm.tokenUrl,
    PUSH_RETRY_BASE_MS: '200',
    PUSH_MAX_ATTEMPTS: '3',
    SCHEDULER: 'off',
    DEMO_TELEMETRY: '0',
    ...(pg ? { DATABASE_URL: await scratchDatabase(pg, 'push') } : { DATA_DIR: dataDir! }),
  };
  server = await startServer(env, { keepDir: true });
  rootToken = await server.signIn();
  root = createRequester({ baseUrl: server.baseUrl, headers: { authorization: `Bearer ${rootToken}` } });
  appId = `com.push.t${Date.now().toString(36)}`;
  await root(createAppContract, { id: appId, name: `Push ${appId}`, os: [{ os: 1, packageId: `${appId}.android` }, { os: 2, packageId: `${appId}.ios` }] });
  const { data } = await root(appDetailContract, { appId });
  keys = { android: data.os.find((o) => o.os === 1)!.sdkAppKey, ios: data.os.find((o) => o.os === 2)!.sdkAppKey };
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await fcm?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function call(method: string, path: string, body: unknown, headers: Record<string, string> = { authorization: `Bearer ${rootToken}` }) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    ...(method === 'GET' ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  // Raw answers of many shapes, checked field by field below.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.status, json: JSON.parse(text) as { data?: any; message?: string } };
}
const get = (path: string, query: Record<string, string | number>, headers?: Record<string, string>) =>
  call('GET', `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, null, headers);

let seq = 0;
/** A game device: a player session under the platform's SDK key, then its FCM token registered. */
async function device(opts: { os?: 'android' | 'ios'; timeZone?: string; country?: string; appVersion?: string } = {}) {
  const key = keys[opts.os ?? 'android'];
  const deviceId = `dev-push-${Date.now().toString(36)}-${++seq}`;
  const session = await ok(createSdkClient({ baseUrl: server.baseUrl, key }).POST('/api/sdk/v1/players/session', { body: { deviceId } }));
  // The game's calls go through the generated client (src/lib/sdk-client), as a game's would.
  const sdk = createSdkClient({ baseUrl: server.baseUrl, key, token: session.accessToken });
  const token = `fcm-token-${deviceId}-${'x'.repeat(40)}`;
  const reg = await answerOf(sdk.POST('/api/sdk/v1/push/register', { body: { token, timeZone: opts.timeZone ?? 'Asia/Ho_Chi_Minh', appVersion: opts.appVersion ?? '1.0.0', country: opts.country ?? 'VN' } }));
  expect(reg.status, reg.text).toBe(200);
  return { deviceId, playerId: session.playerId, token, sdk };
}

async function compose(input: Record<string, unknown>) {
  return call('POST', '/api/push/create', { appId, title: 'Daily reward', body: 'Come back for your gems', deepLink: 'game://reward', ...input });
}
async function runJob() {
  const answer = await call('POST', '/api/job/run', { name: 'push_send' });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json.data as { status: string };
}
async function pushById(id: number) {
  const list = await get('/api/push/list', { appId });
  expect(list.status).toBe(200);
  return (list.json.data as { id: number; status: string; stats: Record<string, number> }[]).find((p) => p.id === id)!;
}

describe('FCM settings', () => {
  it('refuses a push before the app has FCM settings, then seals the service account and never sends it back', async () => {
    await device();
    const early = await compose({});
    expect(early.status).toBe(400);
    expect(early.json.message).toMatch(/^appId: the app has no FCM settings/);

    const bad = await call('POST', '/api/push/settings/save', { appId, projectId: fcm.projectId, serviceAccountJson: '{"client_email":1}' });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/^serviceAccountJson:/);
    const saved = await call('POST', '/api/push/settings/save', { appId, projectId: fcm.projectId, serviceAccountJson: JSON.stringify(fcm.serviceAccount) });
    expect(saved.status, saved.json.message).toBe(200);
    expect(saved.json.data).toMatchObject({ appId, projectId: fcm.projectId, clientEmail: fcm.serviceAccount.client_email, hasServiceAccount: true });
    const read = await get('/api/push/settings', { appId });
    expect(JSON.stringify(read.json)).not.toContain('PRIVATE KEY');
    // Changing the project id alone keeps the sealed key.
    const renamed = await call('POST', '/api/push/settings/save', { appId, projectId: fcm.projectId });
    expect(renamed.status, renamed.json.message).toBe(200);
  });
});

describe('sending now', () => {
  it('sends to the targeted devices only, through messages:send with one cached OAuth token, and counts opens once', async () => {
    const vn = await device({ country: 'VN', appVersion: '2.0.0' });
    const us = await device({ country: 'US', appVersion: '2.0.0' });
    const ios = await device({ os: 'ios', country: 'VN', appVersion: '2.0.0' });
    const tokenCalls = fcm.calls.token;
    const created = await compose({ title: 'VN android 2.0', os: 1, countries: ['vn'], versions: ['2.0.0'], lastSeenDays: 7 });
    expect(created.status, created.json.message).toBe(200);
    expect(created.json.data).toMatchObject({ status: 'scheduled', stats: { targeted: 1, sent: 0 } });
    expect((await runJob()).status).toBe('success');
    const got = fcm.sent.filter((m) => m.title === 'VN android 2.0');
    expect(got.map((m) => m.token)).toEqual([vn.token]);
    expect(got[0]).toMatchObject({ body: 'Come back for your gems', data: { deepLink: 'game://reward', pushId: String(created.json.data.id) } });
    expect(fcm.sent.some((m) => m.token === us.token || m.token === ios.token)).toBe(false);

    const second = await compose({ title: 'Both VN', countries: ['VN'], versions: ['2.0.0'] });
    expect(second.json.data.stats.targeted).toBe(2);
    await runJob();
    // google-auth-library cached the access token across runs: at most one trade for both pushes.
    expect(fcm.calls.token - tokenCalls).toBeLessThanOrEqual(1);

    const opened = (p: { sdk: SdkClient }) => answerOf(p.sdk.POST('/api/sdk/v1/push/opened', { body: { pushId: created.json.data.id } }));
    expect((await opened(vn)).json.data).toEqual({ counted: true });
    expect((await opened(vn)).json.data).toEqual({ counted: false });
    expect((await opened(us)).json.data).toEqual({ counted: false });
    const push = await pushById(created.json.data.id);
    expect(push).toMatchObject({ status: 'sent', stats: { targeted: 1, sent: 1, failed: 0, opened: 1 } });
    const stats = await get('/api/push/stats', { id: created.json.data.id });
    expect(stats.json.data).toEqual(expect.arrayContaining([{ metric: 'Sent', value: 1 }, { metric: 'Opened', value: 1 }]));
  });

  it('targets listed players only', async () => {
    const a = await device();
    await device();
    const created = await compose({ title: 'Just one', playerIds: [a.playerId] });
    expect(created.json.data.stats.targeted).toBe(1);
  });
});

describe('FCM failures', () => {
  it('retries 429 after Retry-After and 5xx with back-off, then counts what still fails by reason', async () => {
    const d = await device({ country: 'JP' });
    fcm.failNext(1, { status: 429, retryAfter: '1' });
    fcm.failNext(1, { status: 503 });
    const created = await compose({ title: 'Retry me', countries: ['JP'] });
    const started = Date.now();
    await runJob();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(fcm.sent.filter((m) => m.title === 'Retry me').map((m) => m.token)).toEqual([d.token]);
    expect(await pushById(created.json.data.id)).toMatchObject({ status: 'sent', stats: { sent: 1, failed: 0 } });

    const e = await device({ country: 'KR' });
    fcm.failNext(3, { status: 500 });
    const failing = await compose({ title: 'Always 500', countries: ['KR'] });
    await runJob();
    expect(await pushById(failing.json.data.id)).toMatchObject({ status: 'sent', stats: { sent: 0, failed: 1, failedByReason: { INTERNAL: 1 } } });
    expect(fcm.sent.some((m) => m.token === e.token && m.title === 'Always 500')).toBe(false);
  });

  it('prunes tokens FCM calls UNREGISTERED or invalid, and keeps the others', async () => {
    const gone = await device({ country: 'TH' });
    const bogus = await device({ country: 'TH' });
    const fine = await device({ country: 'TH' });
    fcm.dead.add(gone.token);
    fcm.invalid.add(bogus.token);
    const created = await compose({ title: 'Prune', countries: ['TH'] });
    expect(created.json.data.stats.targeted).toBe(3);
    await runJob();
    expect(await pushById(created.json.data.id)).toMatchObject({ stats: { sent: 1, failed: 2, failedByReason: { UNREGISTERED: 1, INVALID_TOKEN: 1 } } });
    const again = await compose({ title: 'After prune', countries: ['TH'] });
    expect(again.json.data.stats.targeted).toBe(1);
    await runJob();
    expect(fcm.sent.filter((m) => m.title === 'After prune').map((m) => m.token)).toEqual([fine.token]);
  });
});

describe('bad input and permissions', () => {
  it('refuses no target, 0 devices, a body over 4 KB, a time in the past and a bad schedule, naming the field', async () => {
    const noDevice = await compose({ countries: ['ZW'] });
    expect(noDevice.status).toBe(400);
    expect(noDevice.json.message).toMatch(/^target: no registered device/);
    const big = await compose({ body: 'x'.repeat(4100) });
    expect(big.status).toBe(400);
    expect(big.json.message).toMatch(/body/);
    expect(big.json.message).toMatch(/4096/);
    const past = await compose({ scheduleKind: 'at', sendDay: '2020-01-01', sendTime: '09:00' });
    expect(past.status).toBe(400);
    expect(past.json.message).toMatch(/^sendTime: is in the past/);
    const noDay = await compose({ scheduleKind: 'local' });
    expect(noDay.status).toBe(400);
    expect(noDay.json.message).toMatch(/sendDay/);
    const noTitle = await compose({ title: '' });
    expect(noTitle.status).toBe(400);
    expect(noTitle.json.message).toMatch(/title/);
    const badPlayer = await compose({ playerIds: ['42'] });
    expect(badPlayer.status).toBe(400);
    expect(badPlayer.json.message).toMatch(/playerIds/);
    const badZone = await answerOf((await device()).sdk.POST('/api/sdk/v1/push/register', { body: { token: 'x'.repeat(40), timeZone: 'Mars/Olympus' } }));
    expect(badZone.status).toBe(400);
    expect(badZone.json.message).toMatch(/timeZone/);
    const noPlayer = await answerOf(createSdkClient({ baseUrl: server.baseUrl, key: keys.android }).POST('/api/sdk/v1/push/register', { body: { token: 'x'.repeat(40), timeZone: 'UTC' } }));
    expect(noPlayer.status).toBe(401);
  });

  it('lets only accounts with the route see pushes, and only those with push_send and the app compose', async () => {
    const signIn = async (username: string) => {
      const r = await fetch(`${server.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: DEMO_PASSWORD }) });
      return { authorization: `Bearer ${((await r.json()) as { data: { accessToken: string } }).data.accessToken}` };
    };
    const tester = await signIn('tester');
    expect((await get('/api/push/list', {}, tester)).status).toBe(403);
    // Game designers no longer see pushes (docs/decisions.md, "Demo roles"); the pm holds the route and push_send.
    expect((await get('/api/push/list', {}, await signIn('designer'))).status).toBe(403);
    const pm = await signIn('pm');
    expect((await get('/api/push/list', {}, pm)).status).toBe(200);
    // The pm sees only their own apps: this test app is not theirs.
    const other = await call('POST', '/api/push/create', { appId, title: 't', body: 'b' }, pm);
    expect([403, 404]).toContain(other.status);
    const list = await get('/api/push/list', {}, pm);
    expect((list.json.data as { appId: string }[]).some((p) => p.appId === appId)).toBe(false);
  });

  it('cancels a scheduled push, audits it, and refuses to cancel it twice', async () => {
    await device({ country: 'ID' });
    const tomorrow = new Date(nowMs() + 2 * 86_400_000).toISOString().slice(0, 10);
    const created = await compose({ title: 'Cancel me', countries: ['ID'], scheduleKind: 'at', sendDay: tomorrow, sendTime: '09:00' });
    expect(created.status, created.json.message).toBe(200);
    const cancelled = await call('POST', '/api/push/cancel', { id: created.json.data.id });
    expect(cancelled.json.data).toMatchObject({ status: 'cancelled' });
    expect((await call('POST', '/api/push/cancel', { id: created.json.data.id })).status).toBe(400);
  });
});

describe('scheduled sends on the console clock', () => {
  it('sends an "at" push at its time and a local-time push per player time zone', async () => {
    const vn = await device({ country: 'SG', timeZone: 'Asia/Ho_Chi_Minh' });
    const ny = await device({ country: 'SG', timeZone: 'America/New_York' });
    // The day after tomorrow in UTC+7, 09:00: in UTC 02:00 that day; New York's 09:00 is 14:00 UTC.
    const day = new Date(nowMs() + 2 * 86_400_000 + 7 * 3_600_000).toISOString().slice(0, 10);
    const at = await compose({ title: 'At 9 UTC+7', countries: ['SG'], scheduleKind: 'at', sendDay: day, sendTime: '09:00' });
    expect(at.status, at.json.message).toBe(200);
    expect(at.json.data.sendAt).toBe(`${day}T02:00:00.000Z`);
    const local = await compose({ title: 'Local 9', countries: ['SG'], scheduleKind: 'local', sendDay: day, sendTime: '09:00' });
    expect(local.status, local.json.message).toBe(200);
    await runJob();
    expect(fcm.sent.some((m) => m.title === 'At 9 UTC+7' || m.title === 'Local 9')).toBe(false);

    // The console's clock moved on to 10:00 UTC+7 that day (03:00 UTC; 22:00 in New York the day before).
    await server.stop();
    const target = Date.parse(`${day}T03:00:00.000Z`);
    server = await startServer({ ...env, GSM_CLOCK_OFFSET_MS: String(baseOffset + (target - nowMs())) }, { keepDir: true });
    rootToken = await server.signIn();
    await runJob();
    expect(fcm.sent.filter((m) => m.title === 'At 9 UTC+7').map((m) => m.token).sort()).toEqual([vn.token, ny.token].sort());
    expect(fcm.sent.filter((m) => m.title === 'Local 9').map((m) => m.token)).toEqual([vn.token]);
    expect(await pushById(local.json.data.id)).toMatchObject({ status: 'sending', stats: { targeted: 2, sent: 1, queued: 1 } });
  }, 120_000);
});
