import { beforeAll, describe, expect, it } from 'vitest';
import { runJobContract } from '../../src/lib/jobs/contract';
import { accountLogContract } from '../../src/lib/logs/contract';
import { mailListContract, mailRecallContract, mailSendContract } from '../../src/lib/mail/contract';
import { gameItemDeleteContract, gameItemsListContract } from '../../src/lib/rewards/contract';
import { nowMs } from '../../src/lib/time/clock';
import { answerOf, newGameApp, sdkOf, newPlayer, type GameApp, type Player } from './game-players';
import { ownAccount, rejection, signedInAs, uniqueName } from './helpers';

/**
 * In-game mail over HTTP: composed by staff on the Mail Box API, read and claimed by a game through the SDK
 * (X-SDK-Key + X-Player-Token). Each test works on an app of its own.
 */

let app: GameApp;
const inAnHour = () => new Date(nowMs() + 3_600_000).toISOString();
const inbox = async (p: Player, query: { country?: string } = {}) => {
  const answer = await answerOf(sdkOf(p).GET('/api/sdk/v1/mail', { params: { query } }));
  expect(answer.status, answer.text).toBe(200);
  return (answer.json.data as { mail: { mailId: number; title: string; rewards: unknown; read: boolean; claimed: boolean }[] }).mail;
};
const claim = (p: Player, mailId: number, country?: string) => answerOf(sdkOf(p).POST('/api/sdk/v1/mail/claim', { body: { mailId, ...(country ? { country } : {}) } }));

beforeAll(async () => {
  app = await newGameApp('mail');
});

describe('items panel', () => {
  it('lists the app\'s items, refuses a bad one by field, deletes with an audit row', async () => {
    const root = await signedInAs('root');
    const { data } = await root(gameItemsListContract, { appId: app.id });
    expect(data.map((i) => i.itemId).sort()).toEqual(['coin', 'gem']);
    const bad = await rejection(root(gameItemsListContract, { appId: 'com.nobody.here' }));
    expect(bad.status).toBe(404);
    const { raw } = await import('./helpers');
    const refused = await raw('POST', '/api/appdata/items/action', { token: root.tokens.accessToken, body: JSON.stringify({ appId: app.id, itemId: '9bad', name: 'x', kind: 'currency', maxAmount: 0 }) });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toMatch(/itemId|maxAmount/);
    const { gameItemSaveContract } = await import('../../src/lib/rewards/contract');
    await root(gameItemSaveContract, { appId: app.id, itemId: 'tmp_item', name: 'Temp', kind: 'booster', maxAmount: 3 });
    await root(gameItemDeleteContract, { appId: app.id, itemId: 'tmp_item' });
    const log = await root(accountLogContract, { action: 'game_item_delete', entity: 'game_item', page: 1, limit: 100 } as never);
    expect(log.data.some((r) => r.entityId === `${app.id}/tmp_item` && r.username === 'root')).toBe(true);
    const after = await root(gameItemsListContract, { appId: app.id });
    expect(after.data.map((i) => i.itemId)).not.toContain('tmp_item');
    // Reading is the App Manager's; a designer without that route is refused.
    const designer = await signedInAs('designer');
    expect((await rejection(designer(gameItemsListContract, { appId: app.id }))).status).toBe(403);
  });
});

describe('mail to listed players', () => {
  it('reaches only the listed player, is read, and its attachments are claimed exactly once under 50 parallel claims', async () => {
    const admin = await signedInAs('admin');
    const [alice, bob] = [await newPlayer(app.android), await newPlayer(app.android)];
    const title = uniqueName('Sorry for the outage');
    const { data: sent } = await admin(mailSendContract, { appId: app.id, title, body: 'Here is a gift', rewards: 'coin:500, gem:5' as never, target: 'players', playerIds: [alice.playerId], expiresAt: inAnHour() } as never);
    expect(sent).toMatchObject({ status: 'sent', targeted: 1, read: 0, claimed: 0, rewards: [{ itemId: 'coin', amount: 500 }, { itemId: 'gem', amount: 5 }] });
    const mine = (await inbox(alice)).find((m) => m.title === title)!;
    expect(mine).toMatchObject({ read: false, claimed: false });
    expect((await inbox(bob)).some((m) => m.title === title)).toBe(false);
    // Bob cannot claim Alice's mail (answered like a mail that does not exist).
    expect((await claim(bob, mine.mailId)).status).toBe(404);

    expect((await answerOf(sdkOf(alice).POST('/api/sdk/v1/mail/read', { body: { mailId: mine.mailId } }))).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 50 }, () => claim(alice, mine.mailId)));
    expect(answers.map((a) => a.status).every((s) => s === 200)).toBe(true);
    // The rewards are handed over once (claimed: 1 below); every claim answers exactly alike.
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(answers[0]!.json.data).toEqual({ mailId: mine.mailId, rewards: [{ itemId: 'coin', amount: 500 }, { itemId: 'gem', amount: 5 }], granted: true });
    expect((await inbox(alice)).find((m) => m.mailId === mine.mailId)).toMatchObject({ read: true, claimed: true });

    const listed = await admin(mailListContract, { appId: app.id, textSearch: title, page: 1, limit: 20 });
    expect(listed.totalRecord).toBe(1);
    expect(listed.data[0]).toMatchObject({ targeted: 1, read: 1, claimed: 1, status: 'sent' });
    // Everything claimed: nothing is left to recall.
    expect((await rejection(admin(mailRecallContract, { id: sent.id }))).status).toBe(409);
  });
});

describe('broadcasts', () => {
  it('are one row read by matching players only (OS, country), counted as players read and claim', async () => {
    const admin = await signedInAs('admin');
    const own = await newGameApp('mailcast');
    const android = await newPlayer(own.android);
    const ios = await newPlayer(own.ios);
    const title = uniqueName('Android VN');
    const { data: sent } = await admin(mailSendContract, { appId: own.id, title, target: 'broadcast', os: [1], countries: ['VN'] as never, rewards: 'coin:10' as never, expiresAt: inAnHour() } as never);
    expect(sent).toMatchObject({ target: 'broadcast', targeted: 1, status: 'sent' });
    expect((await inbox(android, { country: 'VN' })).some((m) => m.title === title)).toBe(true);
    expect((await inbox(android, { country: 'TH' })).some((m) => m.title === title)).toBe(false);
    expect((await inbox(ios, { country: 'VN' })).some((m) => m.title === title)).toBe(false);
    // No copy per player until one reads or claims.
    let listed = (await admin(mailListContract, { appId: own.id, textSearch: title, page: 1, limit: 20 })).data[0]!;
    expect(listed).toMatchObject({ read: 0, claimed: 0 });
    const first = await claim(android, sent.id, 'VN');
    expect(first.json.data).toMatchObject({ granted: true });
    const again = await claim(android, sent.id, 'VN');
    expect(again.json.data).toEqual(first.json.data);
    listed = (await admin(mailListContract, { appId: own.id, textSearch: title, page: 1, limit: 20 })).data[0]!;
    expect(listed).toMatchObject({ read: 1, claimed: 1 });
  });
});

describe('recall, expiry and schedule', () => {
  it('a recalled mail leaves the mailbox and cannot be claimed; the recall is audited', async () => {
    const admin = await signedInAs('admin');
    const p = await newPlayer(app.android);
    const title = uniqueName('Wrong gift');
    const { data: sent } = await admin(mailSendContract, { appId: app.id, title, rewards: 'gem:500' as never, target: 'players', playerIds: [p.playerId], expiresAt: inAnHour() } as never);
    expect((await inbox(p)).some((m) => m.mailId === sent.id)).toBe(true);
    const { data: recalled } = await admin(mailRecallContract, { id: sent.id });
    expect(recalled.status).toBe('recalled');
    expect((await inbox(p)).some((m) => m.mailId === sent.id)).toBe(false);
    expect((await claim(p, sent.id)).status).toBe(404);
    expect((await rejection(admin(mailRecallContract, { id: sent.id }))).status).toBe(409);
  });

  it('a mail is gone at its expiry: visible a moment before, not after', async () => {
    const admin = await signedInAs('admin');
    const p = await newPlayer(app.android);
    const expiresAt = new Date(nowMs() + 2_500).toISOString();
    const { data: sent } = await admin(mailSendContract, { appId: app.id, title: uniqueName('Short'), rewards: 'coin:1' as never, target: 'players', playerIds: [p.playerId], expiresAt } as never);
    expect((await inbox(p)).some((m) => m.mailId === sent.id)).toBe(true);
    await new Promise((r) => setTimeout(r, Math.max(0, Date.parse(expiresAt) - nowMs()) + 300));
    expect((await inbox(p)).some((m) => m.mailId === sent.id)).toBe(false);
    expect((await claim(p, sent.id)).status).toBe(404);
    const listed = (await admin(mailListContract, { appId: app.id, textSearch: sent.title, page: 1, limit: 20 })).data[0]!;
    expect(listed.status).toBe('expired');
  });

  it('a scheduled mail goes out when the mail_send job runs at or after its time, not before', async () => {
    const root = await signedInAs('root');
    const p = await newPlayer(app.android);
    const sendAt = new Date(nowMs() + 3_000).toISOString();
    const { data: scheduled } = await root(mailSendContract, { appId: app.id, title: uniqueName('Later'), target: 'players', playerIds: [p.playerId], sendAt, expiresAt: inAnHour() } as never);
    expect(scheduled.status).toBe('scheduled');
    await root(runJobContract, { name: 'mail_send' });
    expect((await inbox(p)).some((m) => m.mailId === scheduled.id)).toBe(false);
    await new Promise((r) => setTimeout(r, Math.max(0, Date.parse(sendAt) - nowMs()) + 300));
    await root(runJobContract, { name: 'mail_send' });
    expect((await inbox(p)).some((m) => m.mailId === scheduled.id)).toBe(true);
    const listed = (await root(mailListContract, { appId: app.id, textSearch: scheduled.title, page: 1, limit: 20 })).data[0]!;
    expect(listed.status).toBe('sent');
  });
});

describe('bad input and permissions', () => {
  it('refuses a mail to 0 players, an expiry in the past, unknown items and unknown player ids, naming the field', async () => {
    const admin = await signedInAs('admin');
    const p = await newPlayer(app.android);
    const base = { appId: app.id, title: 'x', target: 'players', playerIds: [p.playerId], expiresAt: inAnHour() };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...base, target: 'broadcast', playerIds: [], countries: [], installedFrom: '2001-01-01', installedTo: '2001-01-02' }, /0 players/],
      [{ ...base, playerIds: [] }, /playerIds/],
      [{ ...base, playerIds: ['p_nobodyhere'] }, /playerIds: p_nobodyhere is not a player/],
      [{ ...base, expiresAt: new Date(nowMs() - 60_000).toISOString() }, /expiresAt: must be in the future/],
      [{ ...base, expiresAt: 'tomorrow' }, /expiresAt/],
      [{ ...base, rewards: 'diamond:5' }, /rewards: diamond is not an item/],
      [{ ...base, rewards: 'gem:100000' }, /rewards: .*over the item's limit/],
      [{ ...base, title: '' }, /title/],
    ];
    for (const [body, message] of cases) {
      const error = await rejection(admin(mailSendContract, body as never));
      expect(error.status, JSON.stringify(body)).toBe(400);
      expect(error.serverMessage ?? error.message).toMatch(message);
    }
    expect((await admin(mailListContract, { appId: app.id, textSearch: 'p_nobodyhere', page: 1, limit: 20 })).totalRecord).toBe(0);
  });

  it('needs the route to list and mail_send to send; a game needs its player token', async () => {
    const analyst = await signedInAs('analyst');
    expect((await rejection(analyst(mailListContract, { page: 1, limit: 20 }))).status).toBe(403);
    const viewer = await ownAccount('mailview', { paths: ['/games/mail/mailBox'], canViewAllApp: true });
    await viewer(mailListContract, { page: 1, limit: 20 });
    expect((await rejection(viewer(mailSendContract, { appId: app.id, title: 'x', target: 'players', playerIds: ['p_x'], expiresAt: inAnHour() } as never))).status).toBe(403);
    const p = await newPlayer(app.android);
    expect((await answerOf(sdkOf({ ...p, token: '' }).GET('/api/sdk/v1/mail'))).json.error?.code).toBe('PLAYER_TOKEN_MISSING');
    const forged = await answerOf(sdkOf({ ...p, token: p.token.slice(0, -3) + 'abc' }).GET('/api/sdk/v1/mail'));
    expect([forged.status, forged.json.error?.code]).toEqual([401, 'PLAYER_TOKEN_INVALID']);
    expect((await answerOf(sdkOf(p).POST('/api/sdk/v1/mail/claim', { body: { mailId: 'x' as never } }))).status).toBe(400);
  });
});
