import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountContract } from '../../src/lib/accounts/contract';
import { addDays, reportDay } from '../../src/lib/time/day';
import { appDetailContract, createAppContract } from '../../src/lib/apps/contract';
import { loginContract } from '../../src/lib/auth/contract';
import { getAdmobRevenueContract, googleTokenContract, googleUrlContract, updateAdmobContract } from '../../src/lib/finance/admob-contract';
import { dataVersionContract } from '../../src/lib/finance/more-contract';
import { financeRevenueScreen, financeStatisticScreen } from '../../src/lib/finance/screens';
import { createRequester, type ApiError, type Requester } from '../../src/lib/http/requester';
import { jobRunsContract, runJobContract } from '../../src/lib/jobs/contract';
import { saveRoleContract } from '../../src/lib/roles/contract';
import { nowMs } from '../../src/lib/time/clock';
import { ADMOB_SCOPE, startAdmobStandIn } from '../support/admob-stand-in';
import { pgClient, scratchDatabase, startServer } from '../support/own-server';
import { DEMO_PASSWORD } from '../support/test-server';

/**
 * AdMob through Google's OAuth against a local stand-in (tests/support/admob-stand-in.ts) on a console server
 * of its own whose OAuth and AdMob endpoints point at it (PGlite, or PostgreSQL with TEST_DATABASE_URL): the
 * consent URL and its state, the code exchange, the sealed refresh token, the network report's preview and
 * import (mapping, re-import replacing its own rows), the finance_refresh job's pull, bad input, permissions.
 */

let google: Awaited<ReturnType<typeof startAdmobStandIn>>;
let server: Awaited<ReturnType<typeof startServer>>;
let pgUrl: string | undefined;
let root: Requester;
let rootToken = '';
const appId = `com.admob.t${Date.now().toString(36)}`;
const IOS_STORE_ID = String(1_000_000_000 + Math.floor(Math.random() * 8e8));
const today = () => reportDay(nowMs());
const days = () => [addDays(today(), -3), addDays(today(), -2), addDays(today(), -1)];
const APP = { android: 'ca-app-pub-1111111111111111~1000000001', ios: 'ca-app-pub-1111111111111111~1000000002', other: 'ca-app-pub-1111111111111111~1000000003', loose: 'ca-app-pub-1111111111111111~1000000004' };

const signIn = async (username: string, password = DEMO_PASSWORD) => {
  const { data } = await createRequester({ baseUrl: server.baseUrl })(loginContract, { username, password });
  return { token: data.accessToken, call: createRequester({ baseUrl: server.baseUrl, headers: { authorization: `Bearer ${data.accessToken}` } }) };
};
const rejection = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected a refusal');
};
const get = async (path: string, token: string) => {
  const response = await fetch(`${server.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, text: await response.text() };
};

beforeAll(async () => {
  google = await startAdmobStandIn();
  pgUrl = process.env.TEST_DATABASE_URL ? await scratchDatabase(process.env.TEST_DATABASE_URL, 'admob') : undefined;
  server = await startServer({
    ADMOB_CLIENT_ID: google.client.id,
    ADMOB_CLIENT_SECRET: google.client.secret,
    GOOGLE_OAUTH_AUTH_URL: google.authUrl,
    GOOGLE_OAUTH_TOKEN_URL: google.tokenUrl,
    ADMOB_API_BASE: google.base,
    SCHEDULER: 'off',
    DEMO_TELEMETRY: '0',
    ...(pgUrl ? { DATABASE_URL: pgUrl } : {}),
  });
  ({ token: rootToken, call: root } = await signIn('root'));
  await root(createAppContract, {
    id: appId, name: `AdMob ${appId}`,
    os: [{ os: 1, packageId: `${appId}.android` }, { os: 2, packageId: `${appId}.ios`, storeUrl: `https://apps.apple.com/app/id${IOS_STORE_ID}` }],
  });
  const tile = (await root(appDetailContract, { appId: 'com.gsm.tilematch' })).data.os.find((o) => o.os === 1)!.packageId;
  google.apps.push(
    { appId: APP.android, platform: 'ANDROID', displayName: 'Test Android', appStoreId: `${appId}.android` },
    { appId: APP.ios, platform: 'IOS', displayName: 'Test iOS', appStoreId: IOS_STORE_ID },
    { appId: APP.other, platform: 'ANDROID', displayName: 'Tile Match', appStoreId: tile },
    { appId: APP.loose, platform: 'ANDROID', displayName: 'Not linked', appStoreId: '' },
  );
  const [d1, d2, d3] = days();
  google.rows.push(
    { day: d1!, appId: APP.android, earningsMicros: 12_340_000, impressions: 1000 },
    { day: d1!, appId: APP.ios, earningsMicros: 5_000_000, impressions: 400 },
    { day: d2!, appId: APP.android, earningsMicros: 7_500_000, impressions: 800 },
    { day: d3!, appId: APP.ios, earningsMicros: 1_250_000, impressions: 90 },
    { day: d2!, appId: APP.other, earningsMicros: 3_000_000, impressions: 300 },
    { day: d2!, appId: APP.loose, earningsMicros: 990_000, impressions: 50 },
  );
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await google?.stop();
});

/** What Google does after the user allows: back to the redirect URI with code, scope and the console's state. */
async function consent(call: Requester) {
  const { data } = await call(googleUrlContract, {});
  const url = new URL(data.url);
  return { url, state: url.searchParams.get('state')!, code: google.issueCode(url.searchParams.get('redirect_uri')!) };
}

describe('AdMob OAuth', () => {
  it('answers the consent URL with the client, AdMob read-only scope, offline access and a state', async () => {
    const { url, state } = await consent(root);
    expect(`${url.origin}${url.pathname}`).toBe(google.authUrl);
    expect(url.searchParams.get('client_id')).toBe(google.client.id);
    expect(url.searchParams.get('redirect_uri')).toBe(`${server.baseUrl}/finance/import/admob`);
    expect(url.searchParams.get('scope')).toBe(ADMOB_SCOPE);
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(state.length).toBeGreaterThan(20);
  });

  it('refuses a missing code or scope, a state of another session, an expired or reused code', async () => {
    const { state, code } = await consent(root);
    const q = (p: Record<string, string>) => `/api/reportSystem/googleApi/token?${new URLSearchParams(p)}`;
    const noCode = await get(q({ scope: ADMOB_SCOPE, state }), rootToken);
    expect(noCode.status).toBe(400);
    expect(noCode.text).toMatch(/code/);
    const noScope = await get(q({ code, state }), rootToken);
    expect(noScope.status).toBe(400);
    expect(noScope.text).toMatch(/scope/);
    // The same account signed in again is another session: the state does not fit it.
    const other = await signIn('root');
    const stolen = await rejection(other.call(googleTokenContract, { code, scope: ADMOB_SCOPE, state }));
    expect(stolen.status).toBe(400);
    expect(stolen.message).toMatch(/^state: /);
    const expired = await consent(root);
    google.expireCode(expired.code);
    const refused = await rejection(root(googleTokenContract, { code: expired.code, scope: ADMOB_SCOPE, state: expired.state }));
    expect(refused.status).toBe(400);
    expect(refused.message).toMatch(/^code: Google refused the authorization code \(invalid_grant/);
    const invalid = await rejection(root(googleTokenContract, { code: '4/0Anot-a-code', scope: ADMOB_SCOPE, state }));
    expect(invalid.message).toMatch(/invalid_grant/);
    expect((await root(googleUrlContract, {})).data.accounts.find((a) => a.publisherId === google.publisherId)).toBeUndefined();
  });

  it('trades the code for a refresh token sealed per publisher account, never sent back', async () => {
    const { state, code } = await consent(root);
    const { data } = await root(googleTokenContract, { code, scope: ADMOB_SCOPE, state });
    expect(data.accounts.map((a) => a.publisherId)).toContain(google.publisherId);
    const [refreshToken] = [...google.refreshTokens];
    expect(refreshToken).toBeTruthy();
    const listed = await get('/api/reportSystem/googleApi/url', rootToken);
    expect(listed.text).toContain(google.publisherId);
    expect(listed.text).not.toContain(refreshToken!);
    expect(JSON.stringify(data)).not.toContain(refreshToken!);
    // The code is single-use at Google: trading it again is refused with Google's reason.
    expect((await rejection(root(googleTokenContract, { code, scope: ADMOB_SCOPE, state }))).message).toMatch(/invalid_grant/);
    if (pgUrl) {
      const db = await pgClient(pgUrl);
      const { rows } = await db.query(`SELECT refresh_token_sealed FROM finance_admob_accounts WHERE publisher_id = $1`, [google.publisherId]);
      await db.end();
      expect(rows[0].refresh_token_sealed).toMatch(/^v1\./);
      expect(rows[0].refresh_token_sealed).not.toContain(refreshToken!.slice(3));
    }
  });
});

describe('AdMob network report', () => {
  const range = () => ({ from: days()[0]!, to: days()[2]! });
  const adRevenue = async (call: Requester) => {
    const { data } = await call(financeStatisticScreen.contract, { apps: [appId], by: 'day', ...range() });
    return Object.fromEntries(data.rows.map((r) => [r.key, r.adRevenue]));
  };

  it('previews per day × app × OS, mapped to console apps through AdMob\'s linked store apps', async () => {
    const { data } = await root(getAdmobRevenueContract, range());
    const mine = data.rows.filter((r) => r.appId === appId);
    const [d1, d2, d3] = days();
    expect(mine.map((r) => [r.day, r.os, r.earningsMicros, r.impressions])).toEqual([
      [d1, 1, 12_340_000, 1000], [d1, 2, 5_000_000, 400], [d2, 1, 7_500_000, 800], [d3, 2, 1_250_000, 90],
    ]);
    expect(data.rows.find((r) => r.admobAppId === APP.other)?.appId).toBe('com.gsm.tilematch');
    expect(data.unmapped).toEqual([expect.objectContaining({ admobAppId: APP.loose, reason: 'not linked to a store app in AdMob', earningsMicros: 990_000 })]);
  });

  it('imports as ad revenue of source admob; a re-import replaces its own rows', async () => {
    const first = await root(updateAdmobContract, range());
    expect(first.data.rows).toBeGreaterThanOrEqual(4);
    const [d1, d2, d3] = days();
    expect(await adRevenue(root)).toMatchObject({ [d1!]: 17_340_000, [d2!]: 7_500_000, [d3!]: 1_250_000 });
    // AdMob revises: day 1 Android grows, day 3 disappears. The re-import replaces, never adds.
    google.rows.find((r) => r.day === d1 && r.appId === APP.android)!.earningsMicros = 20_000_000;
    const gone = google.rows.findIndex((r) => r.day === d3 && r.appId === APP.ios);
    const [removed] = google.rows.splice(gone, 1);
    const second = await root(updateAdmobContract, range());
    expect(second.data.dataVersion).toBe(first.data.dataVersion + 1);
    expect(second.data.replaced).toBeGreaterThanOrEqual(4);
    const after = await adRevenue(root);
    expect(after[d1!]).toBe(25_000_000);
    expect(after[d3!] ?? 0).toBe(0);
    // Revenue by network over whole months reads the monthly rollup: it follows the re-import too.
    const monthEnd = new Date(Date.UTC(Number(d3!.slice(0, 4)), Number(d3!.slice(5, 7)), 0)).toISOString().slice(0, 10);
    const byNetwork = await root(financeRevenueScreen.contract, { apps: [appId], from: `${d1!.slice(0, 7)}-01`, to: monthEnd });
    expect(byNetwork.data.rows).toEqual([{ key: 'AdMob', kind: 'ads', gross: 32_500_000, net: 32_500_000 }]);
    google.rows.push(removed!);
    const versions = await root(dataVersionContract, { source: 'admob', limit: 5 });
    expect(versions.data[0]).toMatchObject({ id: second.data.batchId, source: 'admob', current: true, createdBy: 'root' });
    expect(versions.data.find((b) => b.id === first.data.batchId)?.current).toBe(false);
  });

  it('the finance_refresh job pulls AdMob, idempotently', async () => {
    await root(updateAdmobContract, range());
    const again = await root(runJobContract, { name: 'finance_refresh' });
    expect(again.data.status).toBe('success');
    expect((await root(jobRunsContract, { name: 'finance_refresh' })).data[0]!.result).toMatch(/AdMob .*: no change/);
    const [, d2] = days();
    google.rows.find((r) => r.day === d2 && r.appId === APP.android)!.earningsMicros = 8_000_000;
    await root(runJobContract, { name: 'finance_refresh' });
    expect((await root(jobRunsContract, { name: 'finance_refresh' })).data[0]!.result).toMatch(/AdMob .*: 1 app-day\(s\) changed, \$8\.00/);
    expect((await adRevenue(root))[d2!]).toBe(8_000_000);
    await root(runJobContract, { name: 'finance_refresh' });
    expect((await root(jobRunsContract, { name: 'finance_refresh' })).data[0]!.result).toMatch(/AdMob .*: no change/);
  });

  it('a refresh whose AdMob authorization was revoked fails and says why, keeping the figures', async () => {
    const tokens = [...google.refreshTokens];
    google.refreshTokens.clear();
    try {
      const run = await root(runJobContract, { name: 'finance_refresh' });
      expect(run.data.status).toBe('failed');
      const last = (await root(jobRunsContract, { name: 'finance_refresh' })).data[0]!;
      expect(last.error).toMatch(/AdMob failed: Google refused the stored AdMob authorization \(invalid_grant: Token has been expired or revoked\.\); connect AdMob again\./);
      expect((await adRevenue(root))[days()[1]!]).toBe(8_000_000);
    } finally {
      for (const t of tokens) google.refreshTokens.add(t);
    }
  });

  it('refuses a range over the limit or backwards, naming the field', async () => {
    const long = await rejection(root(getAdmobRevenueContract, { from: addDays(today(), -100), to: today() }));
    expect(long.status).toBe(400);
    expect(long.message).toMatch(/to.*at most 92 days/);
    const back = await rejection(root(updateAdmobContract, { from: today(), to: addDays(today(), -1) }));
    expect(back.status).toBe(400);
    expect(back.message).toMatch(/from.*must not be after to/);
  });

  it('keeps to the finance permission and the route', async () => {
    // pm's finance apps are blockpuzzle and idleminer: the test app and Tile Match are listed as not permitted.
    const role = `admob-imp-${Date.now().toString(36)}`;
    await root(saveRoleContract, { name: role, description: 'AdMob import', paths: ['/finance/import/admob'], privateActions: [] });
    const username = `admob-${Date.now().toString(36)}`;
    await root(createAccountContract, { username, role, password: `${username}-passphrase`, listApp: [], canViewAllApp: true });
    const importer = await signIn(username, `${username}-passphrase`);
    const { data } = await importer.call(getAdmobRevenueContract, range());
    expect(data.rows).toEqual([]);
    expect(data.unmapped.find((u) => u.admobAppId === APP.android)?.reason).toBe(`${appId} is not in your finance permission`);
    const written = await rejection(importer.call(updateAdmobContract, range()));
    expect(written.status).toBe(400);
    expect(written.message).toMatch(/maps to an app of your finance permission; nothing was imported/);
    expect((await adRevenue(root))[days()[0]!]).toBe(25_000_000);

    const noRoute = `admob-none-${Date.now().toString(36)}`;
    await root(saveRoleContract, { name: noRoute, description: 'nothing', paths: [], privateActions: [] });
    await root(createAccountContract, { username: noRoute, role: noRoute, password: `${noRoute}-passphrase`, listApp: [], canViewAllApp: true });
    const outsider = await signIn(noRoute, `${noRoute}-passphrase`);
    expect((await rejection(outsider.call(googleUrlContract, {}))).status).toBe(403);
    expect((await rejection(outsider.call(getAdmobRevenueContract, range()))).status).toBe(403);
    expect((await rejection(outsider.call(updateAdmobContract, range()))).status).toBe(403);
    expect((await get('/api/reportSystem/googleApi/url', '')).status).toBe(401);
  });
});
