import { describe, expect, it } from 'vitest';
import { configContracts, deleteTeamContract, listTeamsContract, saveTeamContract } from '../../src/lib/config-data/contract';
import type { ApiError } from '../../src/lib/http/requester';
import { accountLogContract } from '../../src/lib/logs/contract';
import { raw, signedInAs } from './helpers';

const rejection = (promise: Promise<unknown>) => promise.then(() => { throw new Error('expected a rejection'); }, (error: ApiError) => error);
const PRIVATE_KEY = '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----\n';
const keyFile = (email: string) => JSON.stringify({ type: 'service_account', project_id: 'gsm-analytics', private_key_id: 'abc123def', private_key: PRIVATE_KEY, client_email: email });

describe('IAP config', () => {
  it('creates, lists, edits and deletes a product with a decimal price', async () => {
    const root = await signedInAs('root');
    const iap = configContracts.iap_config;
    const { data } = await root(iap.save, { scope: 'com.gsm.blockpuzzle', data: { productId: 'coins_100', type: 'consumable', price: '4.99', currency: 'USD', reward: '100 coins' } });
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
    await root(configContracts.tracking_config.save, { scope: 'com.gsm.idleminer', data: { eventName: 'mine_upgrade', parameters: [] } });
    const cacheAccount = await signedInAs('cache');
    // cache sees all apps but has no route to tracking config: 403 before any data.
    expect((await rejection(cacheAccount(configContracts.tracking_config.list, {}))).status).toBe(403);
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
    const { data } = await root(saveTeamContract, { name: 'Arcade Team', description: 'Arcade games', members: ['analyst', 'pm'], apps: ['com.gsm.wordquest'] });
    expect(data).toMatchObject({ name: 'Arcade Team', members: ['analyst', 'pm'], apps: ['com.gsm.wordquest'] });
    expect((await rejection(root(saveTeamContract, { name: 'arcade team' }))).status).toBe(409);
    expect((await rejection(root(saveTeamContract, { name: 'X Team', members: ['ghost'] }))).message).toContain('ghost');
    expect((await rejection(root(saveTeamContract, { name: 'All' }))).message).toContain('reserved');
    await root(saveTeamContract, { id: data.id, name: 'Arcade Team', members: ['analyst'], apps: [] });
    const teams = await root(listTeamsContract, {});
    expect(teams.data.find((t) => t.name === 'Arcade Team')).toMatchObject({ members: ['analyst'], apps: [] });
    await root(deleteTeamContract, { id: data.id });
    expect((await root(listTeamsContract, {})).data.some((t) => t.name === 'Arcade Team')).toBe(false);
    // Word Quest goes back to its own team.
    await root(saveTeamContract, { id: teams.data.find((t) => t.name === 'Casual Team')!.id, name: 'Casual Team', apps: ['com.gsm.wordquest'] });
  });
});
