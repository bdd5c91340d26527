import { beforeAll, describe, expect, it } from 'vitest';
import { campaignActiveContract, campaignCodesContract, campaignCreateContract, campaignListContract, CODE_ALPHABET, usedLogsContract } from '../../src/lib/gift-codes/contract';
import { accountLogContract } from '../../src/lib/logs/contract';
import { nowMs } from '../../src/lib/time/clock';
import { answerOf, newGameApp, sdkOf, newPlayer, type GameApp, type Player } from './game-players';
import { createSdkClient } from '../../src/lib/sdk-client/client';
import { baseUrl, ownAccount, raw, rejection, signedInAs, uniqueName } from './helpers';

/**
 * Gift codes over HTTP: campaigns made by staff, redeemed by games through the SDK (player token), with the
 * reward delivered into the player's mailbox in the same transaction. Each test works on an app of its own.
 */

let app: GameApp;
const inADay = () => new Date(nowMs() + 86_400_000).toISOString();
const redeem = (p: Player, code: string, extra: Record<string, unknown> = {}) => answerOf(sdkOf(p).POST('/api/sdk/v1/giftcodes/redeem', { body: { code, ...extra } }));
const keyword = () => `K${uniqueName('').replace(/[^a-z0-9]/gi, '').toUpperCase()}`.slice(0, 20);

async function campaign(body: Record<string, unknown>) {
  const admin = await signedInAs('admin');
  const { data } = await admin(campaignCreateContract, { appId: app.id, name: uniqueName('Campaign'), rewards: 'coin:100' as never, expiresAt: inADay(), ...body } as never);
  return data;
}

async function codesOf(id: number): Promise<string[]> {
  const root = await signedInAs('root');
  return (await root(campaignCodesContract, { id })).data.map((c) => c.code);
}

beforeAll(async () => {
  app = await newGameApp('gift');
});

describe('campaigns', () => {
  it('generates N unique codes from the look-alike-free alphabet with the prefix; exports them only with gift_code_export, audited', async () => {
    const c = await campaign({ kind: 'generated', count: 150, code: 'ab' });
    expect(c).toMatchObject({ kind: 'generated', codeCount: 150, code: 'AB', status: 'running', redeemed: 0 });
    const root = await signedInAs('root');
    const csv = await raw('GET', `/api/games/gift_code/export?id=${c.id}`, { token: root.tokens.accessToken });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const codes = csv.text.replace(/^\uFEFF/, '').trim().split(/\r?\n/).slice(1).map((l) => l.split(',')[0]!);
    expect(codes).toHaveLength(150);
    expect(new Set(codes).size).toBe(150);
    for (const code of codes) {
      expect(code.startsWith('AB')).toBe(true);
      expect([...code.slice(2)].every((ch) => CODE_ALPHABET.includes(ch))).toBe(true);
      expect(code).not.toMatch(/[01OIL]/);
    }
    const log = await root(accountLogContract, { action: 'gift_code_export', page: 1, limit: 100 } as never);
    expect(log.data.some((r) => r.entityId === String(c.id) && r.username === 'root')).toBe(true);
    // An account with the route and gift_code_edit makes campaigns but may not take the codes away.
    const maker = await ownAccount('gift-maker', { paths: ['/games/gift_code/manager'], privateActions: ['gift_code_edit'], canViewAllApp: true });
    expect((await maker(campaignListContract, { page: 1, limit: 1 })).data).toBeDefined();
    const refused = await raw('GET', `/api/games/gift_code/export?id=${c.id}`, { token: maker.tokens.accessToken });
    expect(refused.status).toBe(403);
  });

  it('refuses unknown items, a limit of 0, an expiry in the past, a keyword taken already, and needs gift_code_edit', async () => {
    const admin = await signedInAs('admin');
    const word = keyword();
    await campaign({ kind: 'keyword', code: word });
    const base = { appId: app.id, name: 'x', kind: 'keyword', code: keyword(), rewards: 'coin:1', expiresAt: inADay() };
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ ...base, rewards: 'diamond:1' }, 400, /rewards: diamond is not an item/],
      [{ ...base, rewards: '' }, 400, /rewards/],
      [{ ...base, totalLimit: 0 }, 400, /totalLimit/],
      [{ ...base, perPlayerLimit: 0 }, 400, /perPlayerLimit/],
      [{ ...base, expiresAt: new Date(nowMs() - 1000).toISOString() }, 400, /expiresAt: must be in the future/],
      [{ ...base, kind: 'generated', count: 0 }, 400, /count/],
      [{ ...base, kind: 'generated', count: 1_000_001 }, 400, /count/],
      [{ ...base, code: 'AB' }, 400, /code/],
      [{ ...base, code: word }, 409, /already a gift code/],
    ];
    for (const [body, status, message] of cases) {
      const error = await rejection(admin(campaignCreateContract, body as never));
      expect(error.status, JSON.stringify(body)).toBe(status);
      expect(error.serverMessage ?? error.message).toMatch(message);
    }
    const viewer = await ownAccount('giftview', { paths: ['/games/gift_code/manager'], canViewAllApp: true });
    await viewer(campaignListContract, { page: 1, limit: 20 });
    expect((await rejection(viewer(campaignCreateContract, base as never))).status).toBe(403);
    expect((await rejection((await signedInAs('analyst'))(campaignListContract, { page: 1, limit: 20 }))).status).toBe(403);
  });
});

describe('redeem', () => {
  it('delivers the rewards into the mailbox, once per code, and logs every attempt with its result', async () => {
    const c = await campaign({ kind: 'generated', count: 3, rewards: 'coin:250, gem:2' });
    const [code] = await codesOf(c.id);
    const p = await newPlayer(app.android);
    // Case, spaces and dashes do not matter.
    const ok = await redeem(p, `${code!.slice(0, 5).toLowerCase()}-${code!.slice(5)} `);
    expect(ok.status, ok.text).toBe(200);
    const { mailId } = ok.json.data as { mailId: number };
    const mail = await answerOf(sdkOf(p).GET('/api/sdk/v1/mail'));
    expect((mail.json.data as { mail: { mailId: number; rewards: unknown }[] }).mail.find((m) => m.mailId === mailId)).toMatchObject({ rewards: [{ itemId: 'coin', amount: 250 }, { itemId: 'gem', amount: 2 }] });
    const other = await newPlayer(app.android);
    expect((await redeem(other, code!)).status).toBe(409);
    const root = await signedInAs('root');
    const logs = await root(usedLogsContract, { textSearch: code!, page: 1, limit: 20 });
    expect(logs.data.map((l) => [l.playerId, l.result])).toEqual([[other.playerId, 'used_up'], [p.playerId, 'ok']]);
    expect(logs.data[1]!.mailId).toBe(mailId);
  });

  it('answers a wrong, a malformed and another app\'s code exactly alike, and throttles a guessing player', async () => {
    const otherApp = await newGameApp('giftother');
    const admin = await signedInAs('admin');
    const foreign = keyword();
    await admin(campaignCreateContract, { appId: otherApp.id, name: 'Other', kind: 'keyword', code: foreign, rewards: 'coin:1' as never, expiresAt: inADay() } as never);
    const p = await newPlayer(app.android);
    const answers = [await redeem(p, 'ZZZZZZZZZZZZ'), await redeem(p, '!!@@##'), await redeem(p, 'x'.repeat(500)), await redeem(p, 12345678 as never), await redeem(p, foreign)];
    expect(new Set(answers.map((a) => `${a.status} ${a.text}`)).size).toBe(1);
    expect(answers[0]!.status).toBe(404);
    const root = await signedInAs('root');
    const logs = await root(usedLogsContract, { textSearch: p.playerId, page: 1, limit: 20 });
    expect(logs.data.map((l) => l.result).sort()).toEqual(['invalid', 'invalid', 'invalid', 'invalid', 'wrong_app']);
    for (let i = 0; i < 5; i++) await redeem(p, `WRONG${i}CODE`);
    expect((await redeem(p, 'WRONGAGAIN')).status).toBe(429);
    // The throttle follows the device too: a new session on the same device does not start afresh.
    const again = await answerOf(createSdkClient({ baseUrl, key: app.android }).POST('/api/sdk/v1/players/session', { body: { deviceId: p.deviceId } }));
    const sameDevice = { ...p, token: (again.json.data as { accessToken: string }).accessToken };
    expect((await redeem(sameDevice, 'WRONGAGAIN')).status).toBe(429);
    // A malformed body is still a 400 naming the field.
    const missing = await answerOf(sdkOf(p).POST('/api/sdk/v1/giftcodes/redeem', { body: {} as never }));
    expect(missing.status).toBe(400);
    expect(missing.json.message).toMatch(/code/);
  });

  it('shows a keyword campaign\'s owner the app\'s wrong guesses in the last hour and day (none for generated codes)', async () => {
    const own = await newGameApp('giftguess');
    const admin = await signedInAs('admin');
    const word = keyword();
    await admin(campaignCreateContract, { appId: own.id, name: uniqueName('Word'), kind: 'keyword', code: word, rewards: 'coin:1' as never, expiresAt: inADay() } as never);
    await admin(campaignCreateContract, { appId: own.id, name: uniqueName('Gen'), kind: 'generated', count: 3, rewards: 'coin:1' as never, expiresAt: inADay() } as never);
    const [a, b] = [await newPlayer(own.android), await newPlayer(own.ios)];
    for (const code of ['GUESS1', 'GUESS2', 'GUESS3']) expect((await redeem(a, code)).status).toBe(404);
    expect((await redeem(b, 'GUESS4')).status).toBe(404);
    expect((await redeem(b, word)).status).toBe(200);
    const listed = (await admin(campaignListContract, { appId: own.id, page: 1, limit: 20 })).data;
    expect(listed.map((c) => [c.kind, c.wrongGuesses])).toEqual([['generated', null], ['keyword', { lastHour: 4, lastDay: 4 }]]);
  });

  it('holds the total limit under 200 parallel redemptions of a keyword by 200 players', async () => {
    const word = keyword();
    await campaign({ kind: 'keyword', code: word, totalLimit: 37 });
    const players = await Promise.all(Array.from({ length: 200 }, () => newPlayer(app.android)));
    const answers = await Promise.all(players.map((p) => redeem(p, word)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(37);
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    const admin = await signedInAs('admin');
    const listed = (await admin(campaignListContract, { textSearch: word, page: 1, limit: 20 })).data[0]!;
    expect(listed).toMatchObject({ redeemed: 37, status: 'used up' });
    const logs = await admin(usedLogsContract, { textSearch: word, result: 'ok', page: 1, limit: 100 });
    expect(logs.totalRecord).toBe(37);
    expect(new Set(logs.data.map((l) => l.mailId)).size).toBe(37);
  }, 120_000);

  it('holds the per-player limit under 200 parallel redemptions by one player', async () => {
    const word = keyword();
    await campaign({ kind: 'keyword', code: word, perPlayerLimit: 2 });
    const p = await newPlayer(app.android);
    const answers = await Promise.all(Array.from({ length: 200 }, () => redeem(p, word)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 409 && /already redeemed/.test(a.text))).toBe(true);
    const mail = await answerOf(sdkOf(p).GET('/api/sdk/v1/mail'));
    expect((mail.json.data as { mail: unknown[] }).mail).toHaveLength(2);
  }, 120_000);

  it('holds generated single-use codes under 200 parallel redemptions: each code once', async () => {
    const c = await campaign({ kind: 'generated', count: 5, perPlayerLimit: 5 });
    const codes = await codesOf(c.id);
    const players = await Promise.all(Array.from({ length: 40 }, () => newPlayer(app.android)));
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => redeem(players[i % 40]!, codes[i % 5]!)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    // Without a total limit the campaign counts its redemptions from the log: all 5 codes used, so used up.
    const listed = (await (await signedInAs('admin'))(campaignListContract, { textSearch: c.name, page: 1, limit: 20 })).data[0]!;
    expect(listed).toMatchObject({ id: c.id, redeemed: 5, status: 'used up' });
  }, 120_000);

  it('respects start, expiry, deactivation and OS/country restrictions', async () => {
    const admin = await signedInAs('admin');
    const p = await newPlayer(app.android);
    const later = keyword();
    await campaign({ kind: 'keyword', code: later, startsAt: new Date(nowMs() + 3_600_000).toISOString() });
    expect((await redeem(p, later)).status).toBe(409);
    const soon = keyword();
    const expiresAt = new Date(nowMs() + 2_000).toISOString();
    await campaign({ kind: 'keyword', code: soon, expiresAt });
    await new Promise((r) => setTimeout(r, Math.max(0, Date.parse(expiresAt) - nowMs()) + 300));
    expect((await redeem(p, soon)).status).toBe(410);
    const off = keyword();
    const c = await campaign({ kind: 'keyword', code: off });
    await admin(campaignActiveContract, { id: c.id, active: false });
    expect((await redeem(p, off)).status).toBe(410);
    await admin(campaignActiveContract, { id: c.id, active: true });
    expect((await redeem(p, off)).status).toBe(200);
    const iosOnly = keyword();
    await campaign({ kind: 'keyword', code: iosOnly, os: [2] });
    expect((await redeem(p, iosOnly)).status).toBe(403);
    expect((await redeem(await newPlayer(app.ios), iosOnly)).status).toBe(200);
    const vn = keyword();
    await campaign({ kind: 'keyword', code: vn, countries: ['VN'] });
    expect((await redeem(p, vn, { country: 'TH' })).status).toBe(403);
    expect((await redeem(p, vn, { country: 'VN' })).status).toBe(200);
    const logs = await admin(usedLogsContract, { textSearch: p.playerId, page: 1, limit: 50 });
    expect(logs.data.map((l) => l.result).sort()).toEqual(['expired', 'inactive', 'not_started', 'ok', 'ok', 'restricted', 'restricted']);
  });
});
