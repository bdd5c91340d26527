import { beforeAll, describe, expect, it } from 'vitest';
import {
  accountListAppContract,
  accountListAppOsContract,
  accountListAppOsFinanceContract,
  allAppContract,
  allPublishAppContract,
  allUnpublishAppContract,
  appDetailContract,
  appSdkVersionContract,
  appsHaveSdkVersionContract,
  appVersionsContract,
  canViewAppContract,
  checkNotExistLabelsContract,
  clearLabelOfAllAppsContract,
  createAppContract,
  deleteAppContract,
  deleteLabelContract,
  getAppByGameTypesContract,
  listAppContract,
  listAppReportMonthContract,
  listAppShowFinanceContract,
  listAppWithFieldContract,
  listHighlightOptionsContract,
  pTrackingActionContract,
  pTrackingDeleteContract,
  pTrackingListContract,
  publishDateActionContract,
  publishDateDeleteContract,
  publishDateListContract,
  regenerateKeyContract,
  updateAppContract,
  updateConfigContract,
  versionActionContract,
  versionDeleteContract,
  versionPoolsContract,
  versionsOfSdkContract,
} from '../../src/lib/apps/contract';
import type { RequestOf } from '../../src/lib/contract';
import { MESSAGES } from '../../src/lib/http/messages';
import type { ApiError, Requester } from '../../src/lib/http/requester';
import { anonymous, raw, signedInAs } from './helpers';

const rejection = (promise: Promise<unknown>) => promise.then(() => { throw new Error('expected a rejection'); }, (error: ApiError) => error);

let root: Requester;
let cache: Requester;
let analyst: Requester;
/** pm sees Block Puzzle and Idle Miner but may not open /app_data/index (designer's password is changed by the auth suite). */
let pm: Requester;
let analystToken: string;

beforeAll(async () => {
  const analystSession = await signedInAs('analyst');
  [root, cache, analyst, pm] = [await signedInAs('root'), await signedInAs('cache'), analystSession, await signedInAs('pm')];
  analystToken = analystSession.tokens.accessToken;
});

type CreateInput = RequestOf<typeof createAppContract>;
const newApp = (id: string, extra: Partial<CreateInput> = {}): CreateInput => ({
  id,
  name: `Test ${id}`,
  os: [
    { os: 1 as const, packageId: `${id}.android`, storeUrl: `https://play.google.com/store/apps/details?id=${id}` },
    { os: 2 as const, packageId: `${id}.ios` },
  ],
  ...extra,
});

describe('visibility of the app lists', () => {
  it('answers all apps to canViewAllApp accounts and only listApp to the others', async () => {
    const all = (await root(listAppContract)).data.map((a) => a.id);
    expect(all).toEqual(expect.arrayContaining(['com.gsm.blockpuzzle', 'com.gsm.tilematch', 'com.gsm.wordquest', 'com.gsm.idleminer']));
    expect((await analyst(listAppContract)).data).toEqual([
      { id: 'com.gsm.blockpuzzle', name: 'Block Puzzle Legend' },
      { id: 'com.gsm.tilematch', name: 'Tile Match Garden' },
    ]);
    expect((await pm(accountListAppContract)).data.map((a) => a.id)).toEqual(['com.gsm.blockpuzzle', 'com.gsm.idleminer']);
  });

  it('needs a session', async () => {
    expect((await rejection(anonymous(listAppContract))).status).toBe(401);
  });

  it('lists summaries with platforms and state, split by publish state', async () => {
    const { data, totalRecord } = await analyst(allAppContract);
    expect(totalRecord).toBe(2);
    const block = data.find((a) => a.id === 'com.gsm.blockpuzzle')!;
    expect(block).toMatchObject({ name: 'Block Puzzle Legend', team: 'Puzzle Team', published: true, labels: ['Top', 'Evergreen'], gameTypes: ['Puzzle'] });
    expect(block.os.map((o) => o.os)).toEqual([1, 2]);
    expect(block).not.toHaveProperty('config');
    expect(JSON.stringify(data)).not.toContain('sdkAppKey');
    const published = (await root(allPublishAppContract)).data.map((a) => a.id);
    const unpublished = (await root(allUnpublishAppContract)).data.map((a) => a.id);
    expect(published).toContain('com.gsm.blockpuzzle');
    expect(unpublished).toContain('com.gsm.idleminer');
    expect(published).not.toContain('com.gsm.idleminer');
  });

  it('answers only the requested fields with listappWithField and names a wrong field', async () => {
    const { data } = await analyst(listAppWithFieldContract, { field: 'id name' });
    expect(data).toEqual([{ id: 'com.gsm.blockpuzzle', name: 'Block Puzzle Legend' }, { id: 'com.gsm.tilematch', name: 'Tile Match Garden' }]);
    const wrong = await raw('GET', '/api/appdata/get/listappWithField?field=id%20password', { token: analystToken });
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toContain('field');
  });

  it('offers OS-specific variants with id {appId}_{os} and value {name}_Android|_Ios|_Webgl', async () => {
    const { data } = await analyst(accountListAppOsContract);
    expect(data).toContainEqual({ id: 'com.gsm.tilematch_3', appId: 'com.gsm.tilematch', os: 3, name: 'Tile Match Garden', value: 'Tile Match Garden_Webgl' });
    expect(data).toContainEqual({ id: 'com.gsm.blockpuzzle_2', appId: 'com.gsm.blockpuzzle', os: 2, name: 'Block Puzzle Legend', value: 'Block Puzzle Legend_Ios' });
    expect(data.every((o) => o.appId !== 'com.gsm.wordquest')).toBe(true);
    expect((await analyst(accountListAppOsFinanceContract)).data.length).toBe(data.length);
    expect((await analyst(listAppShowFinanceContract)).data.length).toBe(2);
    expect((await analyst(listAppReportMonthContract)).data.length).toBe(2);
    expect((await analyst(listHighlightOptionsContract)).data.map((o) => o.value)).toContain('hot');
  });

  it('canViewApp follows the same rule', async () => {
    expect((await analyst(canViewAppContract, { appId: 'com.gsm.tilematch' })).data.canView).toBe(true);
    expect((await analyst(canViewAppContract, { appId: 'com.gsm.wordquest' })).data.canView).toBe(false);
    expect((await root(canViewAppContract, { appId: 'no.such.app' })).data.canView).toBe(false);
  });

  it('getAppByGameTypes matches case-insensitively among visible apps only', async () => {
    const { data } = await analyst(getAppByGameTypesContract, { gameTypes: ['puzzle', 'word'] });
    expect(data.map((a) => a.id)).toEqual(['com.gsm.blockpuzzle', 'com.gsm.tilematch']);
  });
});

describe('app-scoped reads', () => {
  it('answers the detail with SDK keys and config to an account that sees the app', async () => {
    const { data } = await analyst(appDetailContract, { appId: 'com.gsm.blockpuzzle' });
    expect(data.os).toHaveLength(2);
    for (const variant of data.os) expect(variant.sdkAppKey).toMatch(/^gsm_[A-Za-z0-9_-]{32}$/);
    expect(data.config).toEqual({ ads: { interstitialEvery: 3, bannerEnabled: true }, dailyReward: [50, 80, 120] });
    expect(data.configText).toContain('\n  "ads"');
  });

  it('refuses with 403 an app outside the account list, and needs the App Manager route', async () => {
    const hidden = await rejection(analyst(appDetailContract, { appId: 'com.gsm.wordquest' }));
    expect(hidden.status).toBe(403);
    expect(hidden.message).toBe(MESSAGES.permissionInvalid);
    expect((await rejection(analyst(versionPoolsContract, { appId: 'com.gsm.wordquest' }))).status).toBe(403);
    expect((await rejection(analyst(appVersionsContract, { appId: 'com.gsm.idleminer' }))).status).toBe(403);
    expect((await rejection(analyst(publishDateListContract, { appId: 'com.gsm.wordquest' }))).status).toBe(403);
    expect((await rejection(analyst(pTrackingListContract, { appId: 'com.gsm.wordquest' }))).status).toBe(403);
    // pm sees Idle Miner but may not open /app_data/index.
    expect((await rejection(pm(appDetailContract, { appId: 'com.gsm.idleminer' }))).status).toBe(403);
    expect((await rejection(root(appDetailContract, { appId: 'no.such.app' }))).status).toBe(404);
  });

  it('answers version pools per platform sorted numerically by dotted segment', async () => {
    const { data } = await analyst(versionPoolsContract, { appId: 'com.gsm.blockpuzzle' });
    expect(data).toEqual({ android: ['1.9.2', '1.10.0', '1.10.1'], ios: ['1.9.0', '1.10.0'], webgl: [] });
    const rows = (await analyst(appVersionsContract, { appId: 'com.gsm.blockpuzzle', os: 1 })).data;
    expect(rows.map((r) => r.version)).toEqual(['1.10.1', '1.10.0', '1.9.2']);
    expect(rows[0]).toMatchObject({ sdkVersion: '3.5.1', source: 'sdk' });
  });

  it('answers which SDK version the visible apps run', async () => {
    const sdks = (await analyst(versionsOfSdkContract, {})).data;
    expect(sdks.map((s) => s.sdkVersion)).toEqual(['3.5.1', '3.5.0', '3.4.0']);
    expect(sdks[0]).toMatchObject({ apps: 2, versions: 4 });
    const running = (await analyst(appsHaveSdkVersionContract, { sdkVersion: '3.4.0' })).data;
    expect(running.map((r) => `${r.appId}/${r.os}/${r.version}`)).toEqual(['com.gsm.blockpuzzle/1/1.9.2', 'com.gsm.blockpuzzle/2/1.9.0']);
    const latest = (await analyst(appSdkVersionContract, { os: 1 })).data;
    expect(latest).toEqual([
      expect.objectContaining({ appId: 'com.gsm.blockpuzzle', os: 1, version: '1.10.1', sdkVersion: '3.5.1', versions: 3 }),
      expect.objectContaining({ appId: 'com.gsm.tilematch', os: 1, version: '2.0.3', sdkVersion: '3.5.1', versions: 1 }),
    ]);
    expect((await analyst(appSdkVersionContract, { os: 0, to: '2000-01-01' })).data).toEqual([]);
    expect((await rejection(analyst(appSdkVersionContract, { os: 0, appId: 'com.gsm.wordquest' }))).status).toBe(403);
  });
});

describe('app CRUD', () => {
  it('creates an app with two platforms, unique random SDK keys and the creator able to see it', async () => {
    const { data } = await cache(createAppContract, newApp('com.test.alpha', { labels: [' Beta ', 'beta', 'Q3'], gameTypes: ['Puzzle'], teamId: 1 }));
    expect(data).toMatchObject({ id: 'com.test.alpha', name: 'Test com.test.alpha', published: false, labels: ['Beta', 'Q3'], team: 'Puzzle Team', config: {}, configText: '{}' });
    expect(data.os.map((o) => [o.os, o.packageId])).toEqual([[1, 'com.test.alpha.android'], [2, 'com.test.alpha.ios']]);
    const [android, ios] = data.os;
    expect(android!.sdkAppKey).toMatch(/^gsm_/);
    expect(android!.sdkAppKey).not.toBe(ios!.sdkAppKey);
    const again = (await root(appDetailContract, { appId: 'com.test.alpha' })).data;
    expect(again.os.map((o) => o.sdkAppKey)).toEqual(data.os.map((o) => o.sdkAppKey));
    expect((await root(listAppContract)).data.map((a) => a.id)).toContain('com.test.alpha');
    // An account without the app in its list does not see it.
    expect((await analyst(listAppContract)).data.map((a) => a.id)).not.toContain('com.test.alpha');
  });

  it('names the field at fault and refuses duplicates', async () => {
    const badId = await rejection(cache(createAppContract, newApp('Bad Id!')));
    expect(badId.status).toBe(400);
    expect(badId.message).toContain('id:');
    const noOs = await rejection(cache(createAppContract, { ...newApp('com.test.noos'), os: [] }));
    expect(noOs.message).toContain('os: add at least one platform');
    const twice = await rejection(cache(createAppContract, { ...newApp('com.test.twice'), os: [{ os: 1, packageId: 'a.b' }, { os: 1, packageId: 'a.c' }] }));
    expect(twice.message).toContain('each platform may appear once');
    const badOs = await rejection(cache(createAppContract, { ...newApp('com.test.bados'), os: [{ os: 4 as 1, packageId: 'a.b' }] }));
    expect(badOs.message).toContain('os.0.os');
    const sameId = await rejection(cache(createAppContract, newApp('com.test.alpha')));
    expect(sameId.status).toBe(409);
    const samePackage = await rejection(cache(createAppContract, { ...newApp('com.test.copy'), os: [{ os: 1, packageId: 'COM.GSM.BLOCKPUZZLE' }] }));
    expect(samePackage.status).toBe(409);
    expect(samePackage.message).toContain('Block Puzzle Legend');
    const badTeam = await rejection(cache(createAppContract, newApp('com.test.team', { teamId: 999 })));
    expect(badTeam.message).toContain('teamId');
    expect((await root(canViewAppContract, { appId: 'com.test.copy' })).data.canView).toBe(false);
  });

  it('refuses every write without app_edit with 403 and stores nothing', async () => {
    const attempts: (() => Promise<unknown>)[] = [
      () => analyst(createAppContract, newApp('com.test.analyst')),
      () => analyst(updateAppContract, { appId: 'com.gsm.blockpuzzle', data: { name: 'Hacked' } }),
      () => analyst(updateConfigContract, { appId: 'com.gsm.blockpuzzle', config: '{}' }),
      () => analyst(deleteLabelContract, { appId: 'com.gsm.blockpuzzle', label: 'Top' }),
      () => analyst(clearLabelOfAllAppsContract, { label: 'Top' }),
      () => analyst(publishDateActionContract, { appId: 'com.gsm.blockpuzzle', date: '2026-01-01' }),
      () => analyst(publishDateDeleteContract, { id: 1 }),
      () => analyst(pTrackingActionContract, { appId: 'com.gsm.blockpuzzle', partner: 'adjust', trackingId: 'x' }),
      () => analyst(pTrackingDeleteContract, { id: 1 }),
      () => analyst(versionActionContract, { appId: 'com.gsm.blockpuzzle', os: 1, version: '9.9.9' }),
      () => analyst(versionDeleteContract, { appId: 'com.gsm.blockpuzzle', os: 1, version: '1.9.2' }),
      () => analyst(regenerateKeyContract, { appId: 'com.gsm.blockpuzzle', os: 1 }),
      () => analyst(deleteAppContract, { appId: 'com.gsm.blockpuzzle' }),
      () => pm(createAppContract, newApp('com.test.pm')),
    ];
    for (const attempt of attempts) {
      const error = await rejection(attempt());
      expect(error.status).toBe(403);
      expect(error.message).toBe(MESSAGES.permissionInvalid);
    }
    const block = (await root(appDetailContract, { appId: 'com.gsm.blockpuzzle' })).data;
    expect(block.name).toBe('Block Puzzle Legend');
    expect(block.labels).toEqual(['Top', 'Evergreen']);
    expect((await root(canViewAppContract, { appId: 'com.test.analyst' })).data.canView).toBe(false);
  });

  it('updates only the fields given; the platform set keeps existing keys, adds new ones and removes the rest', async () => {
    const before = (await root(appDetailContract, { appId: 'com.test.alpha' })).data;
    const androidKey = before.os.find((o) => o.os === 1)!.sdkAppKey;
    const { data } = await cache(updateAppContract, {
      appId: 'com.test.alpha',
      data: { name: 'Alpha Renamed', highlight: 'new', os: [{ os: 1, packageId: 'com.test.alpha.android', storeUrl: '' }, { os: 3, packageId: 'alpha-web' }] },
    });
    expect(data).toMatchObject({ name: 'Alpha Renamed', highlight: 'new', labels: ['Beta', 'Q3'], team: 'Puzzle Team' });
    expect(data.os.map((o) => o.os)).toEqual([1, 3]);
    expect(data.os[0]!.sdkAppKey).toBe(androidKey);
    expect(data.os[0]!.storeUrl).toBe('');
    expect(data.os[1]!.sdkAppKey).toMatch(/^gsm_/);
    const unknown = await rejection(cache(updateAppContract, { appId: 'com.test.alpha', data: { id: 'x' } as never }));
    expect(unknown.status).toBe(400);
    expect((await rejection(cache(updateAppContract, { appId: 'no.such.app', data: { name: 'x' } }))).status).toBe(404);
  });

  it('publishing and unpublishing are written into the publish-date history', async () => {
    await cache(updateAppContract, { appId: 'com.test.alpha', data: { published: true } });
    expect((await root(allPublishAppContract)).data.map((a) => a.id)).toContain('com.test.alpha');
    await cache(updateAppContract, { appId: 'com.test.alpha', data: { published: false } });
    const history = (await root(publishDateListContract, { appId: 'com.test.alpha' })).data;
    expect(history.map((h) => h.note)).toEqual(['Unpublished', 'Published']);
    expect(history[0]).toMatchObject({ os: 0, createdBy: 'cache' });
    expect(history[0]!.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('regenerates one platform key', async () => {
    const before = (await root(appDetailContract, { appId: 'com.test.alpha' })).data.os.find((o) => o.os === 1)!.sdkAppKey;
    const { data } = await cache(regenerateKeyContract, { appId: 'com.test.alpha', os: 1 });
    expect(data.sdkAppKey).not.toBe(before);
    expect((await root(appDetailContract, { appId: 'com.test.alpha' })).data.os.find((o) => o.os === 1)!.sdkAppKey).toBe(data.sdkAppKey);
    expect((await rejection(cache(regenerateKeyContract, { appId: 'com.test.alpha', os: 2 }))).status).toBe(404);
  });

  it('deletes an app without SDK data, and refuses one that has data', async () => {
    await cache(createAppContract, newApp('com.test.mistake'));
    await cache(deleteAppContract, { appId: 'com.test.mistake' });
    expect((await root(canViewAppContract, { appId: 'com.test.mistake' })).data.canView).toBe(false);
    const used = await rejection(cache(deleteAppContract, { appId: 'com.gsm.blockpuzzle' }));
    expect(used.status).toBe(409);
    expect(used.message).toContain('unpublish');
  });
});

describe('config', () => {
  it('refuses broken JSON with the line and the reason and stores nothing', async () => {
    const before = (await root(appDetailContract, { appId: 'com.test.alpha' })).data;
    const broken = await rejection(cache(updateConfigContract, { appId: 'com.test.alpha', config: '{\n  "ads": {\n    "every": 3\n    "banner": true\n  }\n}' }));
    expect(broken.status).toBe(400);
    expect(broken.message).toBe("config: line 4, column 5: expected ',' or '}' after a property value, found '\"'");
    const duplicate = await rejection(cache(updateConfigContract, { appId: 'com.test.alpha', config: '{"a": 1, "a": 2}' }));
    expect(duplicate.message).toContain('duplicate key "a"');
    const notObject = await rejection(cache(updateConfigContract, { appId: 'com.test.alpha', config: '[1]' }));
    expect(notObject.message).toContain('line 1, column 1');
    const after = (await root(appDetailContract, { appId: 'com.test.alpha' })).data;
    expect(after.configText).toBe(before.configText);
    expect(after.configUpdatedAt).toBe(before.configUpdatedAt);
  });

  it('stores a valid config as written and parsed', async () => {
    const text = '{\n  "zeta": 1,\n  "alpha": { "list": [1, 2] }\n}';
    const { data } = await cache(updateConfigContract, { appId: 'com.test.alpha', config: text });
    expect(data.configText).toBe(text);
    const detail = (await root(appDetailContract, { appId: 'com.test.alpha' })).data;
    expect(detail.configText).toBe(text);
    expect(detail.config).toEqual({ zeta: 1, alpha: { list: [1, 2] } });
    expect(detail.configUpdatedAt).not.toBeNull();
    // Scripts may send an object; it is stored pretty-printed.
    const object = (await cache(updateConfigContract, { appId: 'com.test.alpha', config: { a: [1] } })).data;
    expect(object.configText).toBe('{\n  "a": [\n    1\n  ]\n}');
  });

  it('refuses a broken config at creation too', async () => {
    const error = await rejection(cache(createAppContract, newApp('com.test.brokenconfig', { config: '{ "a": }' })));
    expect(error.message).toBe("config: line 1, column 8: expected a value before '}'");
    expect((await root(canViewAppContract, { appId: 'com.test.brokenconfig' })).data.canView).toBe(false);
  });
});

describe('labels', () => {
  it('deletes a label from one app, checks unused labels and clears a label from every app', async () => {
    await cache(createAppContract, newApp('com.test.labels', { labels: ['Q3', 'Retired'] }));
    expect((await cache(checkNotExistLabelsContract, { labels: ['q3', 'Brand new', 'Top'] })).data.notExist).toEqual(['Brand new']);
    const { data } = await cache(deleteLabelContract, { appId: 'com.test.labels', label: 'retired' });
    expect(data.labels).toEqual(['Q3']);
    expect((await rejection(cache(deleteLabelContract, { appId: 'com.test.labels', label: 'retired' }))).status).toBe(404);
    const cleared = await cache(clearLabelOfAllAppsContract, { label: 'q3' });
    expect(cleared.data).toEqual({ label: 'q3', apps: 2 });
    const apps = (await root(allAppContract)).data;
    expect(apps.some((a) => a.labels.includes('Q3'))).toBe(false);
    expect(apps.find((a) => a.id === 'com.test.alpha')!.labels).toEqual(['Beta']);
  });
});

describe('publish dates', () => {
  it('creates, edits, lists newest first and deletes entries', async () => {
    const created = (await cache(publishDateActionContract, { appId: 'com.test.alpha', os: 1, date: '2026-02-10', version: '1.0.0', note: 'Android launch' })).data;
    expect(created).toMatchObject({ appId: 'com.test.alpha', os: 1, date: '2026-02-10', version: '1.0.0', createdBy: 'cache' });
    await cache(publishDateActionContract, { appId: 'com.test.alpha', os: 2, date: '2026-01-05', note: 'iOS soft launch' });
    const edited = (await cache(publishDateActionContract, { id: created.id, appId: 'com.test.alpha', os: 1, date: '2026-02-11', note: 'Android launch (moved)' })).data;
    expect(edited).toMatchObject({ id: created.id, date: '2026-02-11', version: '' });
    const list = (await root(publishDateListContract, { appId: 'com.test.alpha' })).data.filter((d) => d.os !== 0);
    expect(list.map((d) => d.date)).toEqual(['2026-02-11', '2026-01-05']);
    const badDate = await rejection(cache(publishDateActionContract, { appId: 'com.test.alpha', date: '2026-02-30' }));
    expect(badDate.message).toContain('date: is not a real date');
    const wrongApp = await rejection(cache(publishDateActionContract, { id: created.id, appId: 'com.gsm.blockpuzzle', date: '2026-02-11' }));
    expect(wrongApp.status).toBe(404);
    await cache(publishDateDeleteContract, { id: created.id });
    expect((await root(publishDateListContract, { appId: 'com.test.alpha' })).data.some((d) => d.id === created.id)).toBe(false);
    expect((await rejection(cache(publishDateDeleteContract, { id: created.id }))).status).toBe(404);
  });

  it('lists only visible apps without appId', async () => {
    const all = (await analyst(publishDateListContract, {})).data;
    expect(new Set(all.map((d) => d.appId))).toEqual(new Set(['com.gsm.blockpuzzle', 'com.gsm.tilematch']));
  });
});

describe('pTracking', () => {
  it('creates one entry per app, platform and partner, edits and deletes it', async () => {
    const created = (await cache(pTrackingActionContract, { appId: 'com.test.alpha', os: 1, partner: 'appsflyer', trackingId: 'af-dev-key', events: ['purchase', 'purchase', 'level_up'] })).data;
    expect(created).toMatchObject({ partner: 'appsflyer', trackingId: 'af-dev-key', events: ['purchase', 'level_up'], enabled: true });
    const duplicate = await rejection(cache(pTrackingActionContract, { appId: 'com.test.alpha', os: 1, partner: 'appsflyer', trackingId: 'other' }));
    expect(duplicate.status).toBe(409);
    const badPartner = await rejection(cache(pTrackingActionContract, { appId: 'com.test.alpha', partner: 'nobody' as 'other', trackingId: 'x' }));
    expect(badPartner.message).toContain('partner');
    await cache(pTrackingActionContract, { id: created.id, appId: 'com.test.alpha', os: 1, partner: 'appsflyer', trackingId: 'af-new', enabled: false });
    const list = (await root(pTrackingListContract, { appId: 'com.test.alpha' })).data;
    expect(list).toEqual([expect.objectContaining({ id: created.id, trackingId: 'af-new', enabled: false, events: [] })]);
    await cache(pTrackingDeleteContract, { id: created.id });
    expect((await root(pTrackingListContract, { appId: 'com.test.alpha' })).data).toEqual([]);
  });
});

describe('hand-entered versions', () => {
  it('adds a version with its SDK version to the pools; SDK-reported versions are read-only', async () => {
    await cache(versionActionContract, { appId: 'com.test.alpha', os: 1, version: '1.10.0', sdkVersion: '9.8.0' });
    await cache(versionActionContract, { appId: 'com.test.alpha', os: 1, version: '1.9.0', sdkVersion: '9.8.0' });
    expect((await root(versionPoolsContract, { appId: 'com.test.alpha' })).data.android).toEqual(['1.9.0', '1.10.0']);
    expect((await root(appsHaveSdkVersionContract, { sdkVersion: '9.8.0', os: 1 })).data.map((v) => [v.version, v.source, v.name])).toEqual([
      ['1.10.0', 'manual', 'Alpha Renamed'],
      ['1.9.0', 'manual', 'Alpha Renamed'],
    ]);
    // Other files' players on the shared server run SDKs of their own (the test screens send as "console-test").
    expect((await root(versionsOfSdkContract, {})).data.find((s) => s.sdkVersion === '9.8.0')).toMatchObject({ apps: 1, versions: 2 });
    const noPlatform = await rejection(cache(versionActionContract, { appId: 'com.test.alpha', os: 2, version: '1.0.0' }));
    expect(noPlatform.message).toContain('no iOS platform');
    expect((await rejection(cache(versionActionContract, { appId: 'com.gsm.blockpuzzle', os: 1, version: '1.9.2', sdkVersion: '1.0.0' }))).status).toBe(409);
    expect((await rejection(cache(versionDeleteContract, { appId: 'com.gsm.blockpuzzle', os: 1, version: '1.9.2' }))).status).toBe(409);
    await cache(versionDeleteContract, { appId: 'com.test.alpha', os: 1, version: '1.9.0' });
    expect((await root(versionPoolsContract, { appId: 'com.test.alpha' })).data.android).toEqual(['1.10.0']);
  });
});
