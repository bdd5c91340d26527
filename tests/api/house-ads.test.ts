import { beforeAll, describe, expect, it } from 'vitest';
import { appDetailContract, createAppContract } from '../../src/lib/apps/contract';
import { campaignListContract, campaignSaveContract, campaignStatusContract, publisherListContract, publisherSaveContract, publisherUnpublishContract, settingsListContract, settingsSaveContract, unpublishedListContract } from '../../src/lib/house-ads/contract';
import { advertiserReportScreen, campaignReportScreen, compareScreen, overviewScreen, publisherReportScreen } from '../../src/lib/house-ads/screens';
import { accountLogContract } from '../../src/lib/logs/contract';
import { addDays, reportDay } from '../../src/lib/time/day';
import { nowMs } from '../../src/lib/time/clock';
import { facebookDayContract } from '../../src/lib/finance/more-contract';
import { financeMktScreen, financeRevenueScreen, financeStatisticScreen } from '../../src/lib/finance/screens';
import { jobRunsContract, runJobContract } from '../../src/lib/jobs/contract';
import { createSdkClient, ok, type SdkPaths } from '../../src/lib/sdk-client/client';
import { answerOf, ingest } from './game-players';
import { baseUrl, ownAccount, raw, rejection, signedInAs, uniqueName, type Session } from './helpers';

/**
 * In-house ads over HTTP: staff make campaigns and publish apps; games (SDK key + player token) ask for ads,
 * report impressions and clicks with the served tokens, and their first_open credits installs. Each test works
 * on publisher apps of its own and campaigns that target only them, so suites running together do not meet.
 */

let root: Session;
const today = () => reportDay(nowMs());

interface App {
  id: string;
  android: string;
  ios: string;
}
async function newApp(prefix: string): Promise<App> {
  const id = `com.ha.${prefix}${uniqueName('a').replace(/-/g, '')}`;
  await root(createAppContract, { id, name: `HA ${id}`, os: [{ os: 1, packageId: `${id}.android` }, { os: 2, packageId: `${id}.ios` }] });
  const { data } = await root(appDetailContract, { appId: id });
  return { id, android: data.os.find((o) => o.os === 1)!.sdkAppKey, ios: data.os.find((o) => o.os === 2)!.sdkAppKey };
}

// The game's calls go through the generated SDK client (src/lib/sdk-client): the API the games see is the API tested.
const sdkAs = (key: string, token?: string) => createSdkClient({ baseUrl, key, token });

async function session(key: string, deviceId = `dev-${uniqueName('d')}`): Promise<{ playerId: string; accessToken: string; deviceId: string }> {
  return { ...(await ok(sdkAs(key).POST('/api/sdk/v1/players/session', { body: { deviceId } }))), deviceId };
}

type AdQuery = SdkPaths['/api/sdk/v1/ads']['get']['parameters']['query'];
const ask = (key: string, player: string, query: AdQuery) => answerOf(sdkAs(key, player).GET('/api/sdk/v1/ads', { params: { query } }));
const trackCall = (kind: 'impression' | 'click', key: string, player: string, token: string) =>
  answerOf(kind === 'impression' ? sdkAs(key, player).POST('/api/sdk/v1/ads/impression', { body: { token } }) : sdkAs(key, player).POST('/api/sdk/v1/ads/click', { body: { token } }));
/** The ad shown (its impression recorded), then tapped: a click counts only after its impression. */
async function showAndClick(key: string, player: string, ad: { impressionToken: string; clickToken: string }) {
  expect((await trackCall('impression', key, player, ad.impressionToken)).status).toBe(200);
  return trackCall('click', key, player, ad.clickToken);
}

function campaign(advertised: string, publishers: string[], extra: Record<string, unknown> = {}) {
  return {
    name: uniqueName('Campaign'),
    advertisedApp: advertised,
    storeLinks: { android: 'https://play.google.com/store/apps/details?id=x', ios: 'https://apps.apple.com/app/id1', webgl: '' },
    creatives: 'banner 320x50 https://cdn.example.com/b.png\ninterstitial 1080x1920 https://cdn.example.com/i.mp4',
    targeting: { publisherApps: publishers, os: [], countries: [], versions: [], audience: 'all' as const },
    startDay: addDays(today(), -1),
    endDay: addDays(today(), 1),
    status: 'running' as const,
    ...extra,
  };
}

beforeAll(async () => {
  root = await signedInAs('root');
});

describe('campaigns: bad input is refused naming the field', () => {
  let advertised: App;
  let publisher: App;
  let unpublished: App;
  beforeAll(async () => {
    [advertised, publisher, unpublished] = await Promise.all([newApp('adv'), newApp('pub'), newApp('unp')]);
    await root(publisherSaveContract, { appId: publisher.id, placements: ['main'] });
  });

  const refused = async (body: Record<string, unknown>) => {
    const answer = await raw('POST', '/api/ads_in_house/campaign/save', { body: JSON.stringify(body), token: root.tokens.accessToken });
    expect(answer.status, answer.text).toBe(400);
    return answer.json.message!;
  };

  it('refuses no creative, an end before the start, a daily cap over the total, a non-http URL and an unpublished publisher', async () => {
    expect(await refused(campaign(advertised.id, [publisher.id], { creatives: '' }))).toMatch(/creatives.*at least one creative/);
    expect(await refused(campaign(advertised.id, [publisher.id], { creatives: [] }))).toMatch(/creatives.*at least one creative/);
    expect(await refused(campaign(advertised.id, [publisher.id], { startDay: today(), endDay: addDays(today(), -2) }))).toMatch(/endDay.*before the start/);
    expect(await refused(campaign(advertised.id, [publisher.id], { totalCap: 10, dailyCap: 11 }))).toMatch(/dailyCap.*total cap/);
    expect(await refused(campaign(advertised.id, [publisher.id], { creatives: 'banner 320x50 javascript:alert(1)' }))).toMatch(/creatives.*http/);
    expect(await refused(campaign(advertised.id, [publisher.id], { creatives: [{ format: 'banner', width: 320, height: 50, url: 'ftp://x/y.png' }] }))).toMatch(/creatives.*http/);
    expect(await refused(campaign(advertised.id, [publisher.id], { creatives: 'banner big https://x/y.png' }))).toMatch(/creatives.*line 1/);
    expect(await refused(campaign(advertised.id, [unpublished.id]))).toMatch(new RegExp(`targeting.publisherApps.*${unpublished.id.replace(/\./g, '\\.')}.*not a published app`));
    expect(await refused(campaign(advertised.id, [publisher.id], { storeLinks: { android: 'javascript:x' } }))).toMatch(/storeLinks.android/);
    // Nothing half-written: none of those made a campaign.
    const { data } = await root(campaignListContract, {});
    expect(data.filter((c) => c.advertisedApp === advertised.id)).toEqual([]);
  });

  it('moves status only along its transitions, and audits every change', async () => {
    const { data: made } = await root(campaignSaveContract, campaign(advertised.id, [publisher.id], { status: 'draft' }));
    expect(made).toMatchObject({ status: 'draft', creativeList: [{ format: 'banner', width: 320, height: 50 }, { format: 'interstitial' }] });
    expect((await root(campaignStatusContract, { id: made.id, status: 'running' })).data.status).toBe('running');
    expect((await root(campaignStatusContract, { id: made.id, status: 'paused' })).data.status).toBe('paused');
    expect((await root(campaignStatusContract, { id: made.id, status: 'ended' })).data.status).toBe('ended');
    const back = await rejection(root(campaignStatusContract, { id: made.id, status: 'running' }));
    expect([back.status, back.message]).toEqual([400, 'status: a ended campaign cannot become running.']);
    const log = await root(accountLogContract, { entity: 'house_ad_campaign', limit: 200 });
    const mine = log.data.filter((r) => r.entityId === String(made.id)).map((r) => r.action);
    expect(mine.sort()).toEqual(['house_ad.campaign.create', 'house_ad.campaign.status', 'house_ad.campaign.status', 'house_ad.campaign.status']);
  });

  it('needs the route to list and campaign_edit to change', async () => {
    const viewer = await ownAccount('ha-view', { paths: ['/ads_in_house/campaign/manager'] });
    expect((await viewer(campaignListContract, {})).data).toBeInstanceOf(Array);
    const denied = await rejection(viewer(campaignSaveContract, campaign(advertised.id, [publisher.id])));
    expect(denied.status).toBe(403);
    const stranger = await ownAccount('ha-none', { paths: ['/dashboard'], privateActions: ['campaign_edit'] });
    expect((await rejection(stranger(campaignListContract, {}))).status).toBe(403);
    const editor = await ownAccount('ha-edit', { paths: ['/ads_in_house/campaign/manager'], privateActions: ['campaign_edit'] });
    expect((await editor(campaignSaveContract, campaign(advertised.id, [publisher.id]))).data.status).toBe('running');
    // The SDK calls need a player token.
    expect((await answerOf(sdkAs(publisher.android).GET('/api/sdk/v1/ads', { params: { query: { placement: 'main', format: 'banner' } } }))).status).toBe(401);
  });
});

describe('serving', () => {
  it('serves by targeting and format, says no fill (204) otherwise, and stops at once when the app is unpublished', async () => {
    const [advertised, publisher] = await Promise.all([newApp('adv'), newApp('pub')]);
    await root(publisherSaveContract, { appId: publisher.id, placements: ['main', 'level_end'] });
    const { data: c } = await root(campaignSaveContract, campaign(advertised.id, [publisher.id], { targeting: { publisherApps: [publisher.id], os: [1], countries: ['VN'], versions: ['2.0'], audience: 'all' } }));
    const phone = await session(publisher.android);
    const tablet = await session(publisher.ios);

    const hit = await ask(publisher.android, phone.accessToken, { placement: 'main', format: 'banner', country: 'VN', version: '2.0' });
    expect(hit.status, hit.text).toBe(200);
    expect(hit.json.data).toMatchObject({ campaignId: c.id, format: 'banner', width: 320, height: 50, url: 'https://cdn.example.com/b.png', storeUrl: 'https://play.google.com/store/apps/details?id=x' });
    expect((await ask(publisher.android, phone.accessToken, { placement: 'main', format: 'interstitial', country: 'VN', version: '2.0' })).json.data).toMatchObject({ url: 'https://cdn.example.com/i.mp4' });
    for (const miss of [
      { placement: 'main', format: 'banner', country: 'US', version: '2.0' },
      { placement: 'main', format: 'banner', version: '2.0' },
      { placement: 'main', format: 'banner', country: 'VN', version: '1.0' },
      { placement: 'main', format: 'rewarded', country: 'VN', version: '2.0' },
    ] as AdQuery[]) {
      const answer = await ask(publisher.android, phone.accessToken, miss);
      expect([answer.status, answer.text], JSON.stringify(miss)).toEqual([204, '']);
    }
    // Android only.
    expect((await ask(publisher.ios, tablet.accessToken, { placement: 'main', format: 'banner', country: 'VN', version: '2.0' })).status).toBe(204);
    // An unknown placement is the game's mistake, named.
    const unknown = await ask(publisher.android, phone.accessToken, { placement: 'nope', format: 'banner' });
    expect([unknown.status, unknown.json.message]).toEqual([400, 'placement: nope is not a placement of this app (Published Apps lists them).']);
    const badFormat = await ask(publisher.android, phone.accessToken, { placement: 'main', format: 'popup' as never });
    expect(badFormat.status).toBe(400);
    expect(badFormat.json.message).toMatch(/format/);

    // A paused campaign is not served; running again, it is.
    await root(campaignStatusContract, { id: c.id, status: 'paused' });
    expect((await ask(publisher.android, phone.accessToken, { placement: 'level_end', format: 'banner', country: 'VN', version: '2.0' })).status).toBe(204);
    await root(campaignStatusContract, { id: c.id, status: 'running' });
    expect((await ask(publisher.android, phone.accessToken, { placement: 'level_end', format: 'banner', country: 'VN', version: '2.0' })).status).toBe(200);

    await root(publisherUnpublishContract, { appId: publisher.id });
    expect((await ask(publisher.android, phone.accessToken, { placement: 'main', format: 'banner', country: 'VN', version: '2.0' })).status).toBe(204);
    const lists = await Promise.all([root(publisherListContract, {}), root(unpublishedListContract, {})]);
    expect(lists[0].data.map((p) => p.appId)).not.toContain(publisher.id);
    expect(lists[1].data.find((p) => p.appId === publisher.id)).toMatchObject({ published: false, placements: ['main', 'level_end'] });
  });

  it('never serves past the total, daily or per-player cap under 100 parallel requests', async () => {
    const [advertised, publisher] = await Promise.all([newApp('adv'), newApp('pub')]);
    await root(publisherSaveContract, { appId: publisher.id, placements: ['main'] });
    const players = await Promise.all(Array.from({ length: 25 }, () => session(publisher.android)));

    // Total cap 37 across 25 players asking 4 times each, all at once.
    const { data: total } = await root(campaignSaveContract, campaign(advertised.id, [publisher.id], { totalCap: 37 }));
    const answers = await Promise.all(players.flatMap((p) => Array.from({ length: 4 }, () => ask(publisher.android, p.accessToken, { placement: 'main', format: 'banner' }))));
    expect(answers.map((a) => a.status).filter((s) => s !== 200 && s !== 204)).toEqual([]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(37);
    expect((await root(campaignListContract, {})).data.find((c) => c.id === total.id)!.servedTotal).toBe(37);
    await root(campaignStatusContract, { id: total.id, status: 'ended' });

    // Daily cap 23 (no total cap).
    const { data: daily } = await root(campaignSaveContract, campaign(advertised.id, [publisher.id], { dailyCap: 23 }));
    const second = await Promise.all(players.flatMap((p) => Array.from({ length: 4 }, () => ask(publisher.android, p.accessToken, { placement: 'main', format: 'banner' }))));
    expect(second.filter((a) => a.status === 200)).toHaveLength(23);
    await root(campaignStatusContract, { id: daily.id, status: 'ended' });

    // Frequency cap 3 a player a day: 25 players × 4 asks → 75.
    await root(campaignSaveContract, campaign(advertised.id, [publisher.id], { frequencyCap: 3 }));
    const third = await Promise.all(players.flatMap((p) => Array.from({ length: 4 }, () => ask(publisher.android, p.accessToken, { placement: 'main', format: 'banner' }))));
    const served = third.filter((a) => a.status === 200);
    expect(served).toHaveLength(75);
  });
});

describe('tracking and attribution', () => {
  it('counts an impression and a click once; replayed, forged, swapped and foreign tokens are refused', async () => {
    const [advertised, publisher] = await Promise.all([newApp('adv'), newApp('pub')]);
    await root(publisherSaveContract, { appId: publisher.id, placements: ['main'] });
    const { data: c } = await root(campaignSaveContract, campaign(advertised.id, [publisher.id]));
    const player = await session(publisher.android);
    const other = await session(publisher.android);
    const ad = (await ask(publisher.android, player.accessToken, { placement: 'main', format: 'banner' })).json.data as { impressionToken: string; clickToken: string };

    // Forged: another serve id under the same signature, and a signature with one character changed.
    const [body, mac] = ad.impressionToken.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as { s: string };
    const otherServe = `${Buffer.from(JSON.stringify({ ...claims, s: `${claims.s}x` })).toString('base64url')}.${mac}`;
    const flipped = `${body}.${mac.slice(0, 5)}${mac[5] === 'A' ? 'B' : 'A'}${mac.slice(6)}`;
    for (const forged of [otherServe, flipped, 'not-a-token']) {
      const answer = await trackCall('impression', publisher.android, player.accessToken, forged);
      expect([answer.status, answer.json.message]).toEqual([400, 'token: not a valid impression token.']);
    }
    expect((await trackCall('impression', publisher.android, player.accessToken, ad.clickToken)).json.message).toBe('token: not a valid impression token.');
    expect((await trackCall('impression', publisher.android, other.accessToken, ad.impressionToken)).status).toBe(403);

    const [first, again] = [await trackCall('impression', publisher.android, player.accessToken, ad.impressionToken), await trackCall('impression', publisher.android, player.accessToken, ad.impressionToken)];
    expect(first.status, first.text).toBe(200);
    // A replay (the player's retry after a lost answer) answers exactly the first answer and counts nothing again.
    expect([again.status, again.json]).toEqual([first.status, first.json]);
    const click = await trackCall('click', publisher.android, player.accessToken, ad.clickToken);
    expect([click.status, click.json.data]).toEqual([200, { counted: true, storeUrl: 'https://play.google.com/store/apps/details?id=x' }]);
    const clicks = await Promise.all(Array.from({ length: 5 }, () => trackCall('click', publisher.android, player.accessToken, ad.clickToken)));
    expect(clicks.map((r) => [r.status, r.json])).toEqual(Array.from({ length: 5 }, () => [200, click.json]));
    expect((await root(campaignListContract, {})).data.find((x) => x.id === c.id)).toMatchObject({ servedTotal: 1, impressions: 1, clicks: 1, installs: 0 });
    const report = await root(campaignReportScreen.contract, { apps: [advertised.id] });
    expect(report.data.rows.find((r) => r.key === today())).toMatchObject({ impressions: 1, clicks: 1, installs: 0 });
  });

  it('credits the install to the last click within 7 days on the same device, once', async () => {
    const [advertised, publisher] = await Promise.all([newApp('adv'), newApp('pub')]);
    await root(publisherSaveContract, { appId: publisher.id, placements: ['main'] });
    const { data: older } = await root(campaignSaveContract, campaign(advertised.id, [publisher.id], { priority: 5, totalCap: 1 }));
    const { data: later } = await root(campaignSaveContract, campaign(advertised.id, [publisher.id]));
    const inPublisher = await session(publisher.android);
    const clickOn = async () => {
      const ad = (await ask(publisher.android, inPublisher.accessToken, { placement: 'main', format: 'banner' })).json.data as { campaignId: number; impressionToken: string; clickToken: string };
      expect((await showAndClick(publisher.android, inPublisher.accessToken, ad)).status).toBe(200);
      return ad.campaignId;
    };
    // The high-priority campaign (cap 1) is clicked first, then the other: the last click wins.
    expect(await clickOn()).toBe(older.id);
    expect(await clickOn()).toBe(later.id);

    const send = (key: string, userId: string, time: number) =>
      ingest(key, [{ id: uniqueName('ev'), name: 'first_open', userId, time, appVersion: '1.0', country: 'VN', params: {} }], { legacy: true });

    // The same device opens the advertised game: its player there is another id, the device is the link.
    const inAdvertised = await session(advertised.android, inPublisher.deviceId);
    expect((await send(advertised.android, inAdvertised.playerId, nowMs())).status).toBe(200);
    // A stranger's first open (no click) and a repeat first open credit nothing.
    const stranger = await session(advertised.android);
    expect((await send(advertised.android, stranger.playerId, nowMs())).status).toBe(200);
    expect((await send(advertised.android, inAdvertised.playerId, nowMs())).status).toBe(200);
    // A device whose first open came before its click: the click did not bring it.
    const earlier = await session(publisher.android);
    const ad = (await ask(publisher.android, earlier.accessToken, { placement: 'main', format: 'banner' })).json.data as { impressionToken: string; clickToken: string };
    expect((await showAndClick(publisher.android, earlier.accessToken, ad)).status).toBe(200);
    const openedBefore = await session(advertised.android, earlier.deviceId);
    expect((await send(advertised.android, openedBefore.playerId, nowMs() - 3_600_000)).status).toBe(200);

    const list = (await root(campaignListContract, {})).data;
    expect(list.find((x) => x.id === later.id)!.installs).toBe(1);
    expect(list.find((x) => x.id === older.id)!.installs).toBe(0);

    // The reports: per day for one campaign, per advertised app, per publisher app (CVR = installs ÷ clicks).
    const day = await root(campaignReportScreen.contract, { apps: [advertised.id], campaign: String(later.id) });
    expect(day.data.campaigns.map((x) => x.id).sort()).toEqual([older.id, later.id].sort());
    // Two clicks on it (the device that was credited, and the one that had opened the game before).
    expect(day.data.rows.find((r) => r.key === today())).toMatchObject({ impressions: 2, clicks: 2, installs: 1 });
    const all = await root(campaignReportScreen.contract, { apps: [advertised.id] });
    expect(all.data.rows.find((r) => r.key === today())).toMatchObject({ impressions: 3, clicks: 3, installs: 1 });
    const byAdvertiser = await root(advertiserReportScreen.contract, { apps: [advertised.id] });
    // The app bought no installs on paid channels: an install is worth the studio's default.
    const value = (await root(settingsListContract, {})).data[0]!.valuePerInstall;
    expect(byAdvertiser.data.rows).toEqual([{ key: advertised.id, label: `HA ${advertised.id}`, impressions: 3, clicks: 3, installs: 1, value }]);
    const byPublisher = await root(publisherReportScreen.contract, { apps: [publisher.id] });
    expect(byPublisher.data.rows).toEqual([{ key: publisher.id, label: `HA ${publisher.id}`, impressions: 3, clicks: 3, installs: 1, value }]);
    // The advertised app shows nothing as a publisher.
    expect((await root(publisherReportScreen.contract, { apps: [advertised.id] })).data.rows).toEqual([]);
  });
});

describe('report filters: every shared filter each house-ads report offers filters', () => {
  let advertised: App;
  let publisher: App;
  let stranger: App;
  let campaignId: number;
  type Figures = { impressions: number; clicks: number; installs: number };
  const none: Figures = { impressions: 0, clicks: 0, installs: 0 };
  const pick = (r: Figures | undefined): Figures => (r ? { impressions: r.impressions, clicks: r.clicks, installs: r.installs } : none);

  /** Each report's figures for this test's campaign today, under extra filters. */
  const reports: Record<string, (filters: Record<string, unknown>) => Promise<Figures>> = {
    overview: async (f) => pick((await root(overviewScreen.contract, { apps: [advertised.id], ...f })).data.rows.find((r) => r.key === today())),
    campaign: async (f) => pick((await root(campaignReportScreen.contract, { apps: [advertised.id], campaign: String(campaignId), ...f })).data.rows.find((r) => r.key === today())),
    advertiser: async (f) => pick((await root(advertiserReportScreen.contract, { apps: [advertised.id], ...f })).data.rows.find((r) => r.key === advertised.id)),
    publisher: async (f) => pick((await root(publisherReportScreen.contract, { apps: [publisher.id], ...f })).data.rows.find((r) => r.key === publisher.id)),
    compare: async (f) => {
      const r = (await root(compareScreen.contract, { apps: [advertised.id], a: String(campaignId), ...f })).data.rows.find((x) => x.key === today());
      return r ? { impressions: r.aImpressions, clicks: r.aClicks, installs: r.aInstalls } : none;
    },
  };

  beforeAll(async () => {
    [advertised, publisher, stranger] = await Promise.all([newApp('adv'), newApp('pub'), newApp('str')]);
    await root(publisherSaveContract, { appId: publisher.id, placements: ['main'] });
    campaignId = (await root(campaignSaveContract, campaign(advertised.id, [publisher.id]))).data.id;
    // Android, Vietnam, 2.0: shown, tapped and installed. iOS, US, 1.0: shown only.
    const phone = await session(publisher.android);
    const tablet = await session(publisher.ios);
    const a = (await ask(publisher.android, phone.accessToken, { placement: 'main', format: 'banner', country: 'VN', version: '2.0' })).json.data as { impressionToken: string; clickToken: string };
    const b = (await ask(publisher.ios, tablet.accessToken, { placement: 'main', format: 'banner', country: 'US', version: '1.0' })).json.data as { impressionToken: string };
    expect((await trackCall('impression', publisher.android, phone.accessToken, a.impressionToken)).status).toBe(200);
    expect((await trackCall('click', publisher.android, phone.accessToken, a.clickToken)).status).toBe(200);
    expect((await trackCall('impression', publisher.ios, tablet.accessToken, b.impressionToken)).status).toBe(200);
    const installer = await session(advertised.android, phone.deviceId);
    const open = await ingest(advertised.android, [{ id: uniqueName('ev'), name: 'first_open', userId: installer.playerId, time: nowMs(), appVersion: '1.0', country: 'VN', params: {} }], { legacy: true });
    expect(open.status).toBe(200);
  });

  it('unfiltered, each report shows both ads, the click and the install', async () => {
    for (const [name, report] of Object.entries(reports)) expect(await report({}), name).toEqual({ impressions: 2, clicks: 1, installs: 1 });
  });

  it('platform: Android keeps the tapped ad, iOS only the other', async () => {
    for (const [name, report] of Object.entries(reports)) {
      expect(await report({ os: 1 }), name).toEqual({ impressions: 1, clicks: 1, installs: 1 });
      expect(await report({ os: 2 }), name).toEqual({ impressions: 1, clicks: 0, installs: 0 });
      expect(await report({ os: 3 }), name).toEqual(none);
    }
  });

  it('version: 1.0 leaves the iOS ad, 2.0 the Android one', async () => {
    for (const [name, report] of Object.entries(reports)) {
      expect(await report({ version: '1.0' }), name).toEqual({ impressions: 1, clicks: 0, installs: 0 });
      expect(await report({ version: '2.0' }), name).toEqual({ impressions: 1, clicks: 1, installs: 1 });
    }
  });

  it('countries: VN leaves the Android ad, US the iOS one, both together both', async () => {
    for (const [name, report] of Object.entries(reports)) {
      expect(await report({ countries: ['VN'] }), name).toEqual({ impressions: 1, clicks: 1, installs: 1 });
      expect(await report({ countries: ['US'] }), name).toEqual({ impressions: 1, clicks: 0, installs: 0 });
      expect(await report({ countries: ['US', 'VN'] }), name).toEqual({ impressions: 2, clicks: 1, installs: 1 });
    }
  });

  it('range: a range that ends yesterday leaves nothing of today', async () => {
    const yesterday = addDays(today(), -1);
    for (const [name, report] of Object.entries(reports)) expect(await report({ from: addDays(yesterday, -6), to: yesterday }), name).toEqual(none);
  });

  it('apps: another app leaves nothing of this campaign', async () => {
    expect(pick((await root(overviewScreen.contract, { apps: [stranger.id] })).data.rows.find((r) => r.key === today()))).toEqual(none);
    expect(pick((await root(campaignReportScreen.contract, { apps: [stranger.id] })).data.rows.find((r) => r.key === today()))).toEqual(none);
    expect((await root(advertiserReportScreen.contract, { apps: [stranger.id] })).data.rows).toEqual([]);
    expect((await root(publisherReportScreen.contract, { apps: [stranger.id] })).data.rows).toEqual([]);
    const compared = await root(compareScreen.contract, { apps: [stranger.id], a: String(campaignId) });
    expect([compared.data.a, compared.data.campaigns]).toEqual(['', []]);
  });
});

describe('overview and compare', () => {
  it('the overview names the top campaigns and publisher apps; compare shows two campaigns, or one against the period before', async () => {
    const [advertised, publisher] = await Promise.all([newApp('adv'), newApp('pub')]);
    await root(publisherSaveContract, { appId: publisher.id, placements: ['main'] });
    const { data: big } = await root(campaignSaveContract, campaign(advertised.id, [publisher.id], { name: uniqueName('Big'), priority: 2, totalCap: 3 }));
    const { data: small } = await root(campaignSaveContract, campaign(advertised.id, [publisher.id], { name: uniqueName('Small'), priority: 1 }));
    const player = await session(publisher.android);
    for (let i = 0; i < 4; i++) {
      const ad = (await ask(publisher.android, player.accessToken, { placement: 'main', format: 'banner' })).json.data as { campaignId: number; impressionToken: string };
      expect(ad.campaignId).toBe(i < 3 ? big.id : small.id);
      expect((await trackCall('impression', publisher.android, player.accessToken, ad.impressionToken)).status).toBe(200);
    }
    const overview = (await root(overviewScreen.contract, { apps: [advertised.id] })).data;
    expect(overview.topCampaigns.map((c) => [c.label, c.impressions])).toEqual([[big.name, 3], [small.name, 1]]);
    expect(overview.topPublishers.map((p) => [p.key, p.impressions])).toEqual([[publisher.id, 4]]);
    expect(overviewScreen.notices!(overview as never).map((n) => n.text)).toEqual([
      `Top campaigns — ${big.name}: 3 impressions, 0.00% CTR, 0 installs · ${small.name}: 1 impressions, 0.00% CTR, 0 installs`,
      `Top publisher apps — HA ${publisher.id}: 4 impressions, 0.00% CTR, 0 installs`,
    ]);

    const pair = (await root(compareScreen.contract, { apps: [advertised.id], a: String(big.id), b: String(small.id) })).data;
    expect([pair.aName, pair.bName]).toEqual([big.name, small.name]);
    expect(pair.rows.find((r) => r.key === today())).toMatchObject({ aImpressions: 3, bImpressions: 1 });
    // One campaign against the week before: today's figures face the same weekday a week earlier (nothing then).
    const weeks = (await root(compareScreen.contract, { apps: [advertised.id], a: String(small.id), from: addDays(today(), -6), to: today() })).data;
    expect(weeks.b).toBe('');
    expect(weeks.bName).toBe(`Period before (${addDays(today(), -13)} – ${addDays(today(), -7)})`);
    expect(weeks.rows.find((r) => r.key === today())).toMatchObject({ otherDay: addDays(today(), -7), aImpressions: 1, bImpressions: 0 });
    // The table's columns name both sides; the Total sums each.
    const table = compareScreen.table(pair as never, {} as never);
    expect(table.columns.map((c) => c.label).slice(1, 3)).toEqual([`${big.name} impressions`, `${big.name} clicks`]);
    expect(table.total!.slice(1, 2)).toEqual([3]);
  });
});

describe('cost-equivalent value, and house ads in finance', () => {
  /** A click in `publisher` on an ad of `campaignId`'s app, then that device's first open of the advertised app. */
  async function install(publisher: App, advertised: App) {
    const player = await session(publisher.android);
    const ad = (await ask(publisher.android, player.accessToken, { placement: 'main', format: 'banner' })).json.data as { impressionToken: string; clickToken: string };
    expect((await showAndClick(publisher.android, player.accessToken, ad)).status).toBe(200);
    const there = await session(advertised.android, player.deviceId);
    const opened = await ingest(advertised.android, [{ id: uniqueName('ev'), name: 'first_open', userId: there.playerId, time: nowMs(), appVersion: '1.0', country: 'VN', params: {} }], { legacy: true });
    expect(opened.status, opened.text).toBe(200);
  }

  it('is the paid CPI of the month (else the default); finance_refresh books it as revenue of the publisher and cost of the advertiser, once', async () => {
    const [paid, unpaid, publisher] = await Promise.all([newApp('paid'), newApp('free'), newApp('pub')]);
    await root(publisherSaveContract, { appId: publisher.id, placements: ['main'] });
    // The paid app bought 250 installs for 812.50 USD on Meta this month (two days): CPI 3.25.
    const yesterday = today().slice(0, 7) === addDays(today(), -1).slice(0, 7) ? addDays(today(), -1) : today();
    await root(facebookDayContract, {
      rows: [
        { appId: paid.id, os: 1, day: today(), campaign: 'FB A', cost: 500, installs: 150, currency: 'USD' },
        { appId: paid.id, os: 1, day: yesterday, campaign: 'FB B', cost: 312.5, installs: 100, currency: 'USD' },
      ],
    });
    const { data: forPaid } = await root(campaignSaveContract, campaign(paid.id, [publisher.id], { priority: 9, totalCap: 2 }));
    const { data: forUnpaid } = await root(campaignSaveContract, campaign(unpaid.id, [publisher.id], { priority: 1 }));
    await install(publisher, paid);
    await install(publisher, paid);
    await install(publisher, unpaid);
    const fallback = (await root(settingsListContract, {})).data[0]!.valuePerInstall;

    // Independent recomputation: installs × the month's paid CPI (Σ cost ÷ Σ installs), else × the default.
    const cpi = (500 + 312.5) / (150 + 100);
    const byAdvertiser = (await root(advertiserReportScreen.contract, { apps: [paid.id, unpaid.id] })).data.rows;
    // (Lines by impressions, then clicks: the paid app's ad was clicked twice.)
    expect(byAdvertiser.map((r) => [r.key, r.installs, r.value])).toEqual([
      [paid.id, 2, 2 * cpi],
      [unpaid.id, 1, fallback],
    ]);
    const byPublisher = (await root(publisherReportScreen.contract, { apps: [publisher.id] })).data.rows;
    expect(byPublisher.map((r) => [r.key, r.installs, r.value])).toEqual([[publisher.id, 3, 2 * cpi + fallback]]);
    const perCampaign = (await root(campaignReportScreen.contract, { apps: [paid.id], campaign: String(forPaid.id) })).data.rows.find((r) => r.key === today());
    expect(perCampaign).toMatchObject({ installs: 2, value: 2 * cpi });

    // finance_refresh: In-house ad revenue of the publisher, In-house UA cost (with the installs) of each advertiser.
    await root(runJobContract, { name: 'finance_refresh' });
    const range = { from: today(), to: today() };
    const revenue = (await root(financeRevenueScreen.contract, { apps: [publisher.id], ...range })).data.rows;
    expect(revenue).toEqual([{ key: 'In-house', kind: 'ads', gross: Math.round((2 * cpi + fallback) * 1e6), net: Math.round((2 * cpi + fallback) * 1e6) }]);
    const cost = (await root(financeMktScreen.contract, { apps: [paid.id, unpaid.id], ...range, by: 'campaign' })).data.rows.filter((r) => r.key.includes('In-house'));
    expect(cost.map((r) => [r.key, r.installs, r.cost])).toEqual(
      expect.arrayContaining([
        [expect.stringContaining(forPaid.name), 2, Math.round(2 * cpi * 1e6)],
        [expect.stringContaining(forUnpaid.name), 1, Math.round(fallback * 1e6)],
      ]),
    );
    // The studio's own totals net to zero: what the publisher earned is what the advertisers spent.
    const pnl = (await root(financeStatisticScreen.contract, { apps: [publisher.id, paid.id, unpaid.id], ...range, by: 'day' })).data.rows.find((r) => r.key === today())!;
    const metaToday = yesterday === today() ? 812.5e6 : 500e6;
    expect(pnl.adRevenue).toBe(Math.round((2 * cpi + fallback) * 1e6));
    expect(pnl.cost).toBe(metaToday + pnl.adRevenue);
    // Run again: house ads change nothing.
    await root(runJobContract, { name: 'finance_refresh' });
    expect((await root(jobRunsContract, { name: 'finance_refresh' })).data[0]!.result).not.toMatch(/house ads:/);
    expect((await root(financeRevenueScreen.contract, { apps: [publisher.id], ...range })).data.rows).toEqual(revenue);
  });
});

describe('setting: the studio defaults', () => {
  // The settings are the studio's one row, shared with every suite on this server: values here never change
  // what another test sees (a cap no test reaches, a window that only widens, a fallback of a format no other
  // test asks for), and the row is put back.
  it('saves, refuses bad values naming the field, audits, and the serving uses the fallback creative', async () => {
    const before = (await root(settingsListContract, {})).data[0]!;
    const bad = async (body: Record<string, unknown>) => {
      const answer = await raw('POST', '/api/ads_in_house/setting/save', { body: JSON.stringify({ ...body }), token: root.tokens.accessToken });
      expect(answer.status, answer.text).toBe(400);
      return answer.json.message!;
    };
    expect(await bad({ attributionWindowDays: 0 })).toMatch(/attributionWindowDays.*at least 1/);
    expect(await bad({ attributionWindowDays: 31 })).toMatch(/attributionWindowDays.*at most 30/);
    expect(await bad({ attributionWindowDays: 7, frequencyCap: 0 })).toMatch(/frequencyCap/);
    expect(await bad({ attributionWindowDays: 7, fallbackCreative: 'native 300x250 javascript:alert(1)' })).toMatch(/fallbackCreative.*http/);
    expect(await bad({ attributionWindowDays: 7, fallbackCreative: 'a poster' })).toMatch(/fallbackCreative.*<format>/);
    expect((await root(settingsListContract, {})).data[0]).toEqual(before);

    const editorless = await ownAccount('ha-set', { paths: ['/ads_in_house/setting'] });
    expect((await editorless(settingsListContract, {})).data).toHaveLength(1);
    expect((await rejection(editorless(settingsSaveContract, { attributionWindowDays: 7 }))).status).toBe(403);

    try {
      const { data: saved } = await root(settingsSaveContract, { frequencyCap: 1000, fallbackCreative: 'native 300x250 https://cdn.example.com/house.png', attributionWindowDays: 30, pacing: true });
      expect(saved).toMatchObject({ frequencyCap: 1000, fallbackCreative: 'native 300x250 https://cdn.example.com/house.png', attributionWindowDays: 30, pacing: true, updatedBy: 'root' });
      const log = await root(accountLogContract, { entity: 'house_ad_settings', limit: 50 });
      expect(log.data.some((r) => r.action === 'house_ad.settings.update' && r.entityId === 'studio')).toBe(true);

      // No campaign has a native creative: the fallback answers, untracked.
      const publisher = await newApp('pub');
      await root(publisherSaveContract, { appId: publisher.id, placements: ['main'] });
      const player = await session(publisher.android);
      const answer = await ask(publisher.android, player.accessToken, { placement: 'main', format: 'native' });
      expect([answer.status, answer.json.data]).toEqual([
        200,
        { campaignId: 0, creativeId: 'fallback', format: 'native', width: 300, height: 250, url: 'https://cdn.example.com/house.png', storeUrl: '', impressionToken: '', clickToken: '' },
      ]);
    } finally {
      await root(settingsSaveContract, { ...before, fallbackCreative: before.fallbackCreative });
    }
  });
});
