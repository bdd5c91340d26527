import { beforeAll, describe, expect, it } from 'vitest';
import { eventApis, templateApis } from '../../src/lib/live-events/contract';
import { campaignCreateContract, usedLogsContract } from '../../src/lib/gift-codes/contract';
import { mailSendContract } from '../../src/lib/mail/contract';
import { consoleTimeText } from '../../src/lib/progress-events/contract';
import { nowMs } from '../../src/lib/time/clock';
import { answerOf, newGameApp, newPlayer, sdkOf, type GameApp } from './game-players';
import { raw, signedInAs, uniqueName, type Session } from './helpers';

/**
 * Exact idempotent replays (issue 38): a write sent again with the same client id, or a claim sent again by the
 * same player, answers exactly what the first call answered (status and body) and changes nothing more, also
 * when later writes came in between and when the copies race each other (run on PostgreSQL with
 * TEST_DATABASE_URL). Every call goes through the generated client.
 */

let root: Session;
let app: GameApp;
const HOUR = 3_600_000;

beforeAll(async () => {
  root = await signedInAs('root');
  app = await newGameApp('replay');
});

async function liveEvent(scoring: 'best' | 'latest' | 'increment') {
  const tpl = (await root(templateApis.ranking.save, { appId: app.id, name: uniqueName('Tpl'), scoring, sort: 'desc', bracketSize: 10, durationHours: 24, rewardSpec: '1: gem 10' } as never)).data;
  const now = nowMs();
  return (await root(eventApis.ranking.save, { templateId: tpl.id, name: uniqueName('Ev'), start: consoleTimeText(now - (now % 60_000)), end: consoleTimeText(now + 24 * HOUR) } as never)).data;
}

async function progressEvent() {
  const body = { appId: app.id, name: uniqueName('pass'), start: consoleTimeText(nowMs() - HOUR), end: consoleTimeText(nowMs() + 24 * HOUR), milestones: '100: coin 5\n200: gem 1' };
  const saved = await raw('POST', '/api/progress_event/events/save', { body: JSON.stringify(body), token: root.tokens.accessToken });
  expect(saved.status, saved.text).toBe(200);
  return (saved.json.data as { id: number }).id;
}

describe('a replayed score', () => {
  it('answers what its first submission answered, after later scores and under 10 parallel copies', async () => {
    const ev = await liveEvent('increment');
    const p = await newPlayer(app.android);
    const sdk = sdkOf(p);
    const score = (clientId: string, value: number) => answerOf(sdk.POST('/api/sdk/v1/events/{id}/score', { params: { path: { id: ev.id } }, body: { clientId, value } }));
    expect((await answerOf(sdk.POST('/api/sdk/v1/events/{id}/join', { params: { path: { id: ev.id } }, body: {} }))).status).toBe(200);
    const first = await score('s1', 40);
    expect([first.status, first.json.data]).toEqual([200, { score: 40, applied: true }]);
    expect((await score('s2', 15)).json.data).toEqual({ score: 55, applied: true });
    const replay = await score('s1', 40);
    expect([replay.status, replay.text]).toEqual([first.status, first.text]);
    // Ten copies of a new submission at once: one applies it, all ten answer that one's answer.
    const copies = await Promise.all(Array.from({ length: 10 }, () => score('s3', 5)));
    expect(copies.map((c) => [c.status, c.text])).toEqual(Array(10).fill([200, JSON.stringify({ data: { score: 60, applied: true } })]));
    const rank = await answerOf(sdk.GET('/api/sdk/v1/events/{id}/rank', { params: { path: { id: ev.id } } }));
    expect(rank.json.data).toMatchObject({ score: 60, rank: 1 });
  });
});

describe('replayed progress points', () => {
  it('answer what the first submission answered (points, added, reached), after later ones and under 10 parallel copies', async () => {
    const id = await progressEvent();
    const p = await newPlayer(app.android);
    const sdk = sdkOf(p);
    const points = (clientId: string, n: number) => answerOf(sdk.POST('/api/sdk/v1/progress-events/{id}/points', { params: { path: { id } }, body: { clientId, points: n } }));
    const first = await points('p1', 120);
    expect(first.json.data).toEqual({ points: 120, added: 120, duplicate: false, reached: [1] });
    expect((await points('p2', 30)).json.data).toEqual({ points: 150, added: 30, duplicate: false, reached: [] });
    const replay = await points('p1', 120);
    expect([replay.status, replay.text]).toEqual([first.status, first.text]);
    const copies = await Promise.all(Array.from({ length: 10 }, () => points('p3', 60)));
    expect(copies.map((c) => [c.status, c.text])).toEqual(Array(10).fill([200, JSON.stringify({ data: { points: 210, added: 60, duplicate: false, reached: [2] } })]));
    const listed = await answerOf(sdk.GET('/api/sdk/v1/progress-events'));
    expect((listed.json.data as { events: { id: number; points: number }[] }).events.find((e) => e.id === id)?.points).toBe(210);
  });

  it('a replayed milestone claim answers the first claim (same claimedAt), one mail in the mailbox', async () => {
    const id = await progressEvent();
    const p = await newPlayer(app.android);
    const sdk = sdkOf(p);
    await answerOf(sdk.POST('/api/sdk/v1/progress-events/{id}/points', { params: { path: { id } }, body: { clientId: 'm', points: 100 } }));
    const claim = () => answerOf(sdk.POST('/api/sdk/v1/progress-events/{id}/claim', { params: { path: { id } }, body: { milestone: 1 } }));
    const first = await claim();
    expect(first.status, first.text).toBe(200);
    const again = await claim();
    expect([again.status, again.text]).toEqual([200, first.text]);
    const mail = await answerOf(sdk.GET('/api/sdk/v1/mail'));
    expect((mail.json.data as { mail: { title: string }[] }).mail.filter((m) => m.title.endsWith('milestone 1'))).toHaveLength(1);
  });
});

describe('a replayed mail claim', () => {
  it('answers what the first claim answered (granted, rewards) and hands nothing over twice', async () => {
    const admin = await signedInAs('admin');
    const p = await newPlayer(app.android);
    const { data: sent } = await admin(mailSendContract, { appId: app.id, title: uniqueName('Gift'), rewards: 'coin:7' as never, target: 'players', playerIds: [p.playerId], expiresAt: new Date(nowMs() + HOUR).toISOString() } as never);
    const claim = () => answerOf(sdkOf(p).POST('/api/sdk/v1/mail/claim', { body: { mailId: sent.id } }));
    const first = await claim();
    expect(first.json.data).toEqual({ mailId: sent.id, rewards: [{ itemId: 'coin', amount: 7 }], granted: true });
    const copies = await Promise.all(Array.from({ length: 10 }, claim));
    expect(copies.map((c) => [c.status, c.text])).toEqual(Array(10).fill([200, first.text]));
  });
});

describe('a replayed gift-code redemption', () => {
  async function keywordCampaign(extra: Record<string, unknown> = {}) {
    const code = `R${uniqueName('').replace(/[^a-z0-9]/gi, '').toUpperCase()}`.slice(0, 20);
    await root(campaignCreateContract, { appId: app.id, name: uniqueName('Replay'), kind: 'keyword', code, rewards: 'coin:5' as never, expiresAt: new Date(nowMs() + 24 * HOUR).toISOString(), ...extra } as never);
    return code;
  }

  it('with the same clientId answers the first redemption (status and body), also under 10 parallel copies: one redemption, one mail', async () => {
    const code = await keywordCampaign({ perPlayerLimit: 2 });
    const p = await newPlayer(app.android);
    const sdk = sdkOf(p);
    const redeem = (clientId?: string) => answerOf(sdk.POST('/api/sdk/v1/giftcodes/redeem', { body: { code, ...(clientId ? { clientId } : {}) } }));
    const first = await redeem('r1');
    expect(first.status, first.text).toBe(200);
    const mailId = (first.json.data as { mailId: number }).mailId;
    expect(first.json.data).toEqual({ result: 'ok', rewards: [{ itemId: 'coin', amount: 5 }], mailId });
    const replay = await redeem('r1');
    expect([replay.status, replay.text]).toEqual([200, first.text]);
    // Ten copies of a new request at once: one redemption (the player's second and last), ten identical answers.
    const copies = await Promise.all(Array.from({ length: 10 }, () => redeem('r2')));
    expect(copies[0]!.status, copies[0]!.text).toBe(200);
    expect(copies.map((c) => [c.status, c.text])).toEqual(Array(10).fill([200, copies[0]!.text]));
    expect((copies[0]!.json.data as { mailId: number }).mailId).not.toBe(mailId);
    // The replays counted nothing: without an id, a third redemption is over the player's limit of 2.
    const third = await redeem();
    expect([third.status, third.json.error?.code]).toEqual([409, 'GIFT_CODE_ALREADY_REDEEMED']);
    const mail = await answerOf(sdk.GET('/api/sdk/v1/mail'));
    expect((mail.json.data as { mail: { title: string }[] }).mail.filter((m) => m.title === `Gift code ${code}`)).toHaveLength(2);
    const logs = await root(usedLogsContract, { appId: app.id, textSearch: code, page: 1, limit: 50 } as never);
    expect((logs.data as { result: string }[]).map((r) => r.result).sort()).toEqual(['limit_reached', 'ok', 'ok']);
  });

  it('without a clientId a retry is a second redemption, answered by the code\'s rules (as before)', async () => {
    const code = await keywordCampaign();
    const p = await newPlayer(app.android);
    const redeem = () => answerOf(sdkOf(p).POST('/api/sdk/v1/giftcodes/redeem', { body: { code } }));
    expect((await redeem()).status).toBe(200);
    const again = await redeem();
    expect([again.status, again.json.error?.code]).toEqual([409, 'GIFT_CODE_ALREADY_REDEEMED']);
  });

  it('a refusal is not stored: the same clientId redeems once the cause is gone', async () => {
    const code = await keywordCampaign();
    const p = await newPlayer(app.android);
    const other = await newPlayer(app.android);
    // Another player's request id is another request: the key is the player and the id.
    expect((await answerOf(sdkOf(other).POST('/api/sdk/v1/giftcodes/redeem', { body: { code, clientId: 'same' } }))).status).toBe(200);
    const wrong = await answerOf(sdkOf(p).POST('/api/sdk/v1/giftcodes/redeem', { body: { code: 'NOSUCHCODE1', clientId: 'same' } }));
    expect([wrong.status, wrong.json.error?.code]).toEqual([404, 'GIFT_CODE_INVALID']);
    const right = await answerOf(sdkOf(p).POST('/api/sdk/v1/giftcodes/redeem', { body: { code, clientId: 'same' } }));
    expect([right.status, (right.json.data as { result: string }).result]).toEqual([200, 'ok']);
  });

  it('refuses a clientId over 64 characters or empty, naming the field', async () => {
    const p = await newPlayer(app.android);
    const long = await answerOf(sdkOf(p).POST('/api/sdk/v1/giftcodes/redeem', { body: { code: 'ANYCODE1', clientId: 'x'.repeat(65) } }));
    expect([long.status, long.json.error]).toEqual([400, { code: 'VALIDATION', message: 'clientId: must be at most 64 characters', field: 'clientId' }]);
    const empty = await answerOf(sdkOf(p).POST('/api/sdk/v1/giftcodes/redeem', { body: { code: 'ANYCODE1', clientId: ' ' } }));
    expect([empty.status, empty.json.error]).toEqual([400, { code: 'VALIDATION', message: 'clientId: is required', field: 'clientId' }]);
  });
});
