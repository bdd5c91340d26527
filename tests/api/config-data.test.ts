import { describe, expect, it } from 'vitest';
import { configContracts, deleteTeamContract, listTeamsContract, saveTeamContract } from '../../src/lib/config-data/contract';
import { appDetailContract, createAppContract } from '../../src/lib/apps/contract';
import { accountLogContract } from '../../src/lib/logs/contract';
import { ownAccount, raw, rejection, signedInAs, uniqueName } from './helpers';

const PRIVATE_KEY = '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----\n';
const keyFile = (email: string) => JSON.stringify({ type: 'service_account', project_id: 'gsm-analytics', private_key_id: 'abc123def', private_key: PRIVATE_KEY, client_email: email });

describe('IAP config', () => {
  it('creates, lists, edits and deletes a product with a decimal price', async () => {
    const root = await signedInAs('root');
    const iap = configContracts.iap_config;
    const { data } = await root(iap.save, { scope: 'com.gsm.blockpuzzle', data: { productId: 'coins_100', type: 'consumable', price: '4.99', currency: 'USD', reward: 'coin:100' } });
    expect(data).toMatchObject({ scope: 'com.gsm.blockpuzzle', key: 'coins_100', data: { price: '4.99', priceMicros: 4_990_000 } });
    const listed = await root(iap.list, { scope: 'com.gsm.blockpuzzle' });
    expect(listed.data.map((i) => i.key)).toContain('coins_100');
    const edited = await root(iap.save, { id: data.id, scope: 'com.gsm.blockpuzzle', data: { productId: 'coins_100', type: 'consumable', price: '5', currency: 'USD', reward: '' } });
    expect(edited.data.data.priceMicros).toBe(5_000_000);
    const dup = await rejection(root(iap.save, { scope: 'com.gsm.blockpuzzle', data: { productId: 'coins_100', type: 'consumable', price: '1', currency: 'USD' } }));
    expect(dup.status).toBe(409);
    await root(iap.remove, { id: data.id });
    expect((await root(iap.list, { scope: 'com.gsm.blockpuzzle' })).data.map((i) => i.key)).not.toContain('coins_100');
  });

  it('refuses bad fields with messages naming them', async () => {
    const root = await signedInAs('root');
    const bad = await raw('POST', '/api/adminAccount/config/iap_config/save', { token: root.tokens.accessToken, body: JSON.stringify({ scope: 'com.gsm.blockpuzzle', data: { productId: 'x', type: 'gem', price: '4.999999', currency: 'usd' } }) });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/data\.type/);
    expect(bad.json.message).toMatch(/data\.price/);
    const noApp = await raw('POST', '/api/adminAccount/config/iap_config/save', { token: root.tokens.accessToken, body: JSON.stringify({ scope: 'com.nope', data: { productId: 'x', type: 'consumable', price: '1', currency: 'USD' } }) });
    expect(noApp.status).toBe(400);
    expect(noApp.json.message).toContain('com.nope');
    const unknownKind = await raw('GET', '/api/adminAccount/config/no_such_kind/list', { token: root.tokens.accessToken });
    expect(unknownKind.status).toBe(404);
  });
});

describe('tracking config, events and IAA alerts', () => {
  it('validates parameter names and types, and alert rules', async () => {
    const root = await signedInAs('root');
    const tracking = await root(configContracts.tracking_config.save, { scope: 'com.gsm.tilematch', data: { eventName: 'level_complete', parameters: [{ name: 'level', type: 'int' }, { name: 'mode', type: 'string' }] } });
    expect(tracking.data.data).toMatchObject({ eventName: 'level_complete', enabled: true });
    const dupParams = await rejection(root(configContracts.event.save, { data: { name: 'shop_open', parameters: [{ name: 'a', type: 'int' }, { name: 'a', type: 'int' }] } }));
    expect(dupParams.status).toBe(400);
    const scoped = await rejection(root(configContracts.event.save, { scope: 'com.gsm.tilematch', data: { name: 'shop_open', parameters: [] } }));
    expect(scoped.message).toContain('scope');
    const event = await root(configContracts.event.save, { data: { name: 'shop_open', description: 'Shop screen shown', parameters: [{ name: 'source', type: 'string' }] } });
    expect(event.data.scope).toBe('');
    const noRecipients = await rejection(root(configContracts.alert_iaa.save, { scope: 'com.gsm.tilematch', data: { name: 'Drop 30%', comparedTo: 'previous_day', dropPercent: 30, recipients: [] } }));
    expect(noRecipients.message).toContain('recipients');
    const alert = await root(configContracts.alert_iaa.save, { scope: 'com.gsm.tilematch', data: { name: 'Drop 30%', comparedTo: 'previous_day', dropPercent: 30, minRevenueUsd: 50, recipients: ['analyst'] } });
    expect(alert.data.key).toBe('Drop 30%');
  });

  it('keeps app-scoped items to accounts that see the app', async () => {
    const root = await signedInAs('root');
    const tracking = configContracts.tracking_config;
    const hiddenEvent = uniqueName('hidden').replaceAll('-', '_');
    const hidden = (await root(tracking.save, { scope: 'com.gsm.idleminer', data: { eventName: hiddenEvent, parameters: [] } })).data;
    // The account has the tracking-config route and config_edit, and sees Tile Match only: the app scoping decides.
    const scoped = await ownAccount('cfg-scoped', { paths: ['/adminAccount/config_data/tracking_config'], privateActions: ['config_edit'], listApp: ['com.gsm.tilematch'] });
    const seen = uniqueName('seen').replaceAll('-', '_');
    const saved = await scoped(tracking.save, { scope: 'com.gsm.tilematch', data: { eventName: seen, parameters: [{ name: 'level', type: 'int' }] } });
    expect(saved.data).toMatchObject({ scope: 'com.gsm.tilematch', key: seen, updatedBy: scoped.username, data: { eventName: seen, parameters: [{ name: 'level', type: 'int' }], enabled: true } });
    const listed = (await scoped(tracking.list, {})).data;
    expect([...new Set(listed.map((i) => i.scope))]).toEqual(['com.gsm.tilematch']);
    expect(listed.map((i) => i.key)).toContain(seen);
    expect((await scoped(tracking.list, { scope: 'com.gsm.idleminer' })).data).toEqual([]);
    expect((await root(tracking.list, { scope: 'com.gsm.idleminer' })).data.map((i) => i.key)).toContain(hiddenEvent);
    const write = await rejection(scoped(tracking.save, { scope: 'com.gsm.idleminer', data: { eventName: 'other_event', parameters: [] } }));
    expect([write.status, write.message]).toEqual([403, 'Permission invalid']);
    const edit = await rejection(scoped(tracking.save, { id: hidden.id, scope: 'com.gsm.tilematch', data: { eventName: hiddenEvent, parameters: [] } }));
    expect(edit.status).toBe(403);
    const remove = await rejection(scoped(tracking.remove, { id: hidden.id }));
    expect(remove.status).toBe(403);
    expect((await root(tracking.list, { scope: 'com.gsm.idleminer' })).data.find((i) => i.id === hidden.id)).toMatchObject({ scope: 'com.gsm.idleminer', key: hiddenEvent });
    await scoped(tracking.remove, { id: saved.data.id });
    expect((await scoped(tracking.list, { scope: 'com.gsm.tilematch' })).data.map((i) => i.key)).not.toContain(seen);
    await root(tracking.remove, { id: hidden.id });
  });
});

describe('GA service account secrets', () => {
  it('stores the key file encrypted and never sends it back, not even in the audit log', async () => {
    const root = await signedInAs('root');
    const { data } = await root(configContracts.ga_service_account.save, { scope: 'team:Puzzle Team', data: { serviceAccountJson: keyFile('ga-reader@gsm-analytics.iam.gserviceaccount.com'), label: 'Puzzle GA' } });
    expect(data).toMatchObject({ key: 'ga-reader@gsm-analytics.iam.gserviceaccount.com', hasSecret: true, data: { clientEmail: 'ga-reader@gsm-analytics.iam.gserviceaccount.com', keyId: 'abc123def', projectId: 'gsm-analytics', label: 'Puzzle GA' } });
    const listed = await raw('GET', '/api/adminAccount/config/ga_service_account/list', { token: root.tokens.accessToken });
    expect(listed.text).not.toContain('PRIVATE KEY');
    expect(listed.text).not.toContain('MIIEvQ');
    const log = await root(accountLogContract, { entity: 'config:ga_service_account' });
    expect(JSON.stringify(log.data)).not.toContain('MIIEvQ');
    // Editing the label keeps the sealed key.
    const relabelled = await root(configContracts.ga_service_account.save, { id: data.id, scope: 'team:Puzzle Team', data: { label: 'Puzzle GA 2' } });
    expect(relabelled.data).toMatchObject({ hasSecret: true, data: { label: 'Puzzle GA 2', keyId: 'abc123def' } });
  });

  it('refuses a file that is not a service-account key', async () => {
    const root = await signedInAs('root');
    const broken = await rejection(root(configContracts.ga_service_account.save, { scope: 'team:Puzzle Team', data: { serviceAccountJson: '{"type":' } }));
    expect(broken.message).toMatch(/not valid JSON/);
    const wrong = await rejection(root(configContracts.ga_service_account.save, { scope: 'team:Puzzle Team', data: { serviceAccountJson: JSON.stringify({ type: 'user' }) } }));
    expect(wrong.message).toMatch(/serviceAccountJson/);
    const missing = await rejection(root(configContracts.ga_service_account.save, { scope: 'team:Puzzle Team', data: {} }));
    expect(missing.message).toMatch(/paste the service account key/);
  });
});

describe('teams', () => {
  it('creates a team with members and apps, refuses unknown ones, and deletes it', async () => {
    const root = await signedInAs('root');
    // Members and app of this suite's own: the demo accounts and apps keep their teams.
    const [first, second] = [await ownAccount('cfg-member'), await ownAccount('cfg-member')];
    const appId = `com.test.${uniqueName('team').replaceAll('-', '')}`;
    await root(createAppContract, { id: appId, name: `Team app ${appId}`, os: [{ os: 1, packageId: `${appId}.android` }] });
    const name = `Arcade ${uniqueName('team')}`;
    const { data } = await root(saveTeamContract, { name, description: 'Arcade games', members: [first.username, second.username], apps: [appId] });
    expect(data).toMatchObject({ name, description: 'Arcade games', members: [first.username, second.username].sort(), apps: [appId] });
    expect((await root(appDetailContract, { appId })).data.team).toBe(name);
    expect((await rejection(root(saveTeamContract, { name: name.toLowerCase() }))).status).toBe(409);
    expect((await rejection(root(saveTeamContract, { name: uniqueName('X Team'), members: ['ghost'] }))).message).toContain('ghost');
    expect((await rejection(root(saveTeamContract, { name: 'All' }))).message).toContain('reserved');
    await root(saveTeamContract, { id: data.id, name, members: [first.username], apps: [] });
    const teams = await root(listTeamsContract, {});
    expect(teams.data.filter((t) => t.name === name)).toEqual([expect.objectContaining({ id: data.id, members: [first.username], apps: [] })]);
    await root(deleteTeamContract, { id: data.id });
    expect((await root(listTeamsContract, {})).data.some((t) => t.name === name)).toBe(false);
  });
});
