import { beforeAll, describe, expect, it } from 'vitest';
import { rememberFormAppContract } from '../../src/lib/apps/form-app-contract';
import { rewardItemsContract } from '../../src/lib/rewards/contract';
import { newGameApp, type GameApp } from './game-players';
import { ownAccount, raw, rejection, signedInAs, type Session } from './helpers';

/**
 * What the create forms read and write besides their own contracts (issue 41): the items a rewards editor
 * offers, and the app each person last chose, which the next create form starts on.
 */

let seen: GameApp;
let unseen: GameApp;
let person: Session & { username: string };

/** The `formApp` prop a page hands its create form (Astro serialises island props as [type, value]). */
async function formAppOnPage(session: Session, path: string): Promise<string | null> {
  const page = await raw('GET', path, { headers: { cookie: `gsm_at=${session.tokens.accessToken}` } });
  expect(page.status, page.text.slice(0, 200)).toBe(200);
  const html = page.text.replaceAll('&quot;', '"');
  const m = /"formApp":\[0,(null|"[^"]*")\]/.exec(html);
  expect(m, `no formApp prop on ${path}`).not.toBeNull();
  return JSON.parse(m![1]!) as string | null;
}

beforeAll(async () => {
  [seen, unseen] = await Promise.all([newGameApp('forms'), newGameApp('formsx')]);
  // A designer-like account: gift codes, without the App Manager, seeing one of the two apps and one demo app.
  person = await ownAccount('forms', { paths: ['/games/gift_code/manager'], privateActions: ['gift_code_edit'], listApp: [seen.id, 'com.gsm.blockpuzzle'] });
});

describe('the rewards editor items', () => {
  it('lists the items of an app the account sees, without the App Manager route', async () => {
    const { data } = await person(rewardItemsContract, { appId: seen.id });
    expect(data.map((i) => [i.itemId, i.name, i.maxAmount])).toEqual([
      ['coin', 'Coins', 100_000],
      ['gem', 'Gems', 500],
    ]);
  });
  it('refuses an app the account does not see, and says what is missing', async () => {
    expect((await rejection(person(rewardItemsContract, { appId: unseen.id }))).status).toBe(403);
    const root = await signedInAs('root');
    const missing = await rejection(root(rewardItemsContract, { appId: 'com.nobody.here' }));
    expect([missing.status, missing.message]).toEqual([404, 'App com.nobody.here was not found.']);
    const empty = await raw('GET', '/api/rewards/items?appId=', { token: person.tokens.accessToken });
    expect([empty.status, empty.json.message]).toEqual([400, 'appId: is required']);
    expect((await raw('GET', `/api/rewards/items?appId=${seen.id}`)).status).toBe(401);
  });
});

describe('the app a create form starts on', () => {
  it('is none until the person chooses one, then the one last chosen', async () => {
    expect(await formAppOnPage(person, '/games/gift_code/manager')).toBeNull();
    const { data } = await person(rememberFormAppContract, { appId: seen.id });
    expect(data).toEqual({ appId: seen.id });
    expect(await formAppOnPage(person, '/games/gift_code/manager')).toBe(seen.id);
    // Per person: another account does not inherit it.
    const other = await ownAccount('forms-other', { paths: ['/games/gift_code/manager'], listApp: [seen.id, 'com.gsm.blockpuzzle'] });
    expect(await formAppOnPage(other, '/games/gift_code/manager')).toBeNull();
  });
  it('refuses an app the person does not see or that does not exist, keeping the last good one', async () => {
    expect((await rejection(person(rememberFormAppContract, { appId: unseen.id }))).status).toBe(403);
    const root = await signedInAs('root');
    const missing = await rejection(root(rememberFormAppContract, { appId: 'com.nobody.here' }));
    expect([missing.status, missing.message]).toEqual([404, 'App com.nobody.here was not found.']);
    const blank = await raw('POST', '/api/account/form-app', { token: person.tokens.accessToken, body: JSON.stringify({ appId: '  ' }) });
    expect([blank.status, blank.json.message]).toEqual([400, 'appId: is required']);
    expect((await raw('POST', '/api/account/form-app', { body: JSON.stringify({ appId: seen.id }) })).status).toBe(401);
    expect(await formAppOnPage(person, '/games/gift_code/manager')).toBe(seen.id);
  });
});
