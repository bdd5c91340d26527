import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, reportDay } from '../../src/lib/time/day';
import { campaignListContract, campaignSaveContract, publisherSaveContract } from '../../src/lib/house-ads/contract';
import { eventApis, templateApis } from '../../src/lib/live-events/contract';
import { consoleTimeText } from '../../src/lib/progress-events/contract';
import { nowMs } from '../../src/lib/time/clock';
import { answerOf, asPlayer, newGameApp, newPlayer, sdkAs, sdkOf, type GameApp, type Player } from './game-players';
import { ok } from '../../src/lib/sdk-client/client';
import { raw, signedInAs, uniqueName, type Session } from './helpers';

/**
 * The SDK API as a game's client developer meets it (issue 38): refusals that say what is wrong, numbers bounded
 * by what the database holds, limits that hold under parallel calls (run on PostgreSQL with TEST_DATABASE_URL),
 * tie-breaks that never move a player who did nothing, one answer shape for every error. Each test works on an
 * app of its own.
 */

let root: Session;
let app: GameApp;
const HOUR = 3_600_000;
const minute = 60_000;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** A live event of the test's app, open from the start of this minute to tomorrow. */
async function liveEvent(scoring: 'best' | 'latest' | 'increment', kind: 'ranking' | 'exp' = 'ranking', extra: Record<string, unknown> = {}) {
  const tpl = (await root(templateApis.ranking.save, { appId: app.id, name: uniqueName('Tpl'), scoring, sort: 'desc', bracketSize: 50, durationHours: 24, rewardSpec: '1: gem 10\n2-5: coin 100', ...extra } as never)).data;
  const now = nowMs();
  const start = now - (now % minute);
  return (await root(eventApis[kind].save, { templateId: tpl.id, name: uniqueName('Ev'), start: consoleTimeText(start), end: consoleTimeText(start + 86_400_000) } as never)).data;
}

beforeAll(async () => {
  root = await signedInAs('root');
  app = await newGameApp('sdkapi');
});

describe('1. a refusal says what is wrong, never "is required" for a value of the wrong kind', () => {
  let player: Player;
  beforeAll(async () => {
    player = await newPlayer(app.android);
  });

  it.each([
    [{ clientId: 'a', value: 1.5 }, 'value: expected a whole number, got 1.5'],
    [{ clientId: 'a', value: '10' }, 'value: expected a number, got text'],
    [{ clientId: 'a', value: 'NaN' }, 'value: expected a number, got text'],
    [{ clientId: 'a', value: null }, 'value: expected a number, got null'],
    [{ clientId: 'a', value: 10_000_000_000_000_000 }, 'value: must be at most 9,007,199,254,740,991'],
    [{ clientId: 'a' }, 'value: is required'],
    [{ clientId: 7, value: 1 }, 'clientId: expected text, got 7'],
  ])('a score of %j → 400 "%s"', async (body, message) => {
    // Raw: these bodies are of the wrong types on purpose; the typed client would refuse to compile them.
    const answer = await asPlayer(player, 'POST', '/api/sdk/v1/events/1/score', body);
    expect([answer.status, answer.json.message]).toEqual([400, message]);
  });

  it('a device id, a mail id, a path and a query parameter of the wrong kind are named as such; true is not mail 1', async () => {
    // Raw in this test: each call sends a value of the wrong kind on purpose; the typed client would refuse to compile it.
    const session = await raw('POST', '/api/sdk/v1/players/session', { body: JSON.stringify({ deviceId: 12345678 }), headers: { 'x-sdk-key': app.android } });
    expect([session.status, session.json.message]).toEqual([400, 'deviceId: expected text, got 12345678']);
    for (const [mailId, message] of [
      ['abc', 'mailId: expected a number, got text'],
      [true, 'mailId: expected a number, got true'],
      [1.5, 'mailId: expected a whole number, got 1.5'],
      [3_000_000_000, 'mailId: must be a mail id'],
    ] as const) {
      const claim = await asPlayer(player, 'POST', '/api/sdk/v1/mail/claim', { mailId }); // raw: a wrong kind on purpose
      expect([claim.status, claim.json.message]).toEqual([400, message]);
    }
    const join = await asPlayer(player, 'POST', '/api/sdk/v1/events/abc/join', {}); // raw: a path the typed client refuses
    expect([join.status, join.json.message]).toEqual([400, 'id: expected a number, got text']);
    const events = await asPlayer(player, 'GET', '/api/sdk/v1/events?level=abc'); // raw: a wrong kind on purpose
    expect([events.status, events.json.message]).toEqual([400, 'level: expected a number, got text']);
    const level = await answerOf(sdkOf(player).GET('/api/sdk/v1/progress-events', { params: { query: { level: 2.5 } } }));
    expect([level.status, level.json.message]).toEqual([400, 'level: expected a whole number, got 2.5']);
    // An empty query value is absent, as a form that left the field blank means it.
    expect((await asPlayer(player, 'GET', '/api/sdk/v1/events?level=')).status).toBe(200); // raw: a blank number the typed client refuses
    const ad = await asPlayer(player, 'GET', '/api/sdk/v1/ads?placement=main&format=video'); // raw: a choice out of the list on purpose
    expect([ad.status, ad.json.message]).toEqual([400, 'format: must be one of banner, interstitial, rewarded, native']);
  });

  it('the console API reads the same: a choice out of its list, a number given as text', async () => {
    const body = { appId: app.id, name: uniqueName('Tpl'), scoring: 'sum', sort: 'desc', bracketSize: '10', durationHours: 24, rewardSpec: '1: gem 10' };
    const answer = await raw('POST', templateApis.ranking.save.path, { body: JSON.stringify(body), token: root.tokens.accessToken });
    expect([answer.status, answer.json.message]).toEqual([400, 'scoring: must be best, latest or increment; bracketSize: expected a number, got text']);
  });
});

describe('2. numbers the database cannot hold are refused, never a 500', () => {
  it('a cloud save version over int4 → 400 naming the bound', async () => {
    const player = await newPlayer(app.android);
    const answer = await answerOf(sdkOf(player).PUT('/api/sdk/v1/players/me/data', { body: { version: 3_000_000_000, data: {} } }));
    expect([answer.status, answer.json.message]).toEqual([400, 'version: must be at most 2,147,483,647']);
  });

  it('a progress milestone of 3000000000 → 400 in the console, nothing saved', async () => {
    const name = uniqueName('pass');
    const body = { appId: app.id, name, start: consoleTimeText(nowMs() - HOUR), end: consoleTimeText(nowMs() + 24 * HOUR), milestones: '100: coin 5\n3000000000: gem 1' };
    const answer = await raw('POST', '/api/progress_event/events/save', { body: JSON.stringify(body), token: root.tokens.accessToken });
    expect([answer.status, answer.json.message]).toEqual([400, 'milestones: line 2: the points threshold must be at most 2,147,483,647']);
  });

  it('a running total stays one a JavaScript client reads exactly: the increment past 2^53 − 1 is refused and changes nothing', async () => {
    const ev = await liveEvent('increment');
    const player = await newPlayer(app.android);
    expect((await answerOf(sdkOf(player).POST('/api/sdk/v1/events/{id}/join', { params: { path: { id: ev.id } }, body: {} }))).status).toBe(200);
    const first = await answerOf(sdkOf(player).POST('/api/sdk/v1/events/{id}/score', { params: { path: { id: ev.id } }, body: { clientId: 'big-1', value: Number.MAX_SAFE_INTEGER } }));
    expect([first.status, first.json.data]).toEqual([200, { score: Number.MAX_SAFE_INTEGER, applied: true }]);
    const second = await answerOf(sdkOf(player).POST('/api/sdk/v1/events/{id}/score', { params: { path: { id: ev.id } }, body: { clientId: 'big-2', value: Number.MAX_SAFE_INTEGER } }));
    expect([second.status, second.json.message]).toEqual([400, 'value: would take the score to 18014398509481982, past the largest score of 9,007,199,254,740,991.']);
    const rank = await answerOf(sdkOf(player).GET('/api/sdk/v1/events/{id}/rank', { params: { path: { id: ev.id } } }));
    expect((rank.json.data as { score: number }).score).toBe(Number.MAX_SAFE_INTEGER);
    // Refused, so not recorded: the same client id may be sent again (and is refused again for the same reason).
    expect((await answerOf(sdkOf(player).POST('/api/sdk/v1/events/{id}/score', { params: { path: { id: ev.id } }, body: { clientId: 'big-2', value: 1 } }))).status).toBe(400);
  });
});

describe('2b. a per-event score ceiling', () => {
  it.each([
    ['best', [1000, 1001], 1000],
    ['increment', [600, 600], 600],
  ] as const)('%s: a score past the event\'s highest score is refused and changes nothing', async (scoring, [first, second], kept) => {
    const ev = await liveEvent(scoring, 'ranking', { maxScore: 1000 });
    const player = await newPlayer(app.android);
    expect((await answerOf(sdkOf(player).POST('/api/sdk/v1/events/{id}/join', { params: { path: { id: ev.id } }, body: {} }))).status).toBe(200);
    expect((await answerOf(sdkOf(player).POST('/api/sdk/v1/events/{id}/score', { params: { path: { id: ev.id } }, body: { clientId: 'a', value: first } }))).status).toBe(200);
    const over = await answerOf(sdkOf(player).POST('/api/sdk/v1/events/{id}/score', { params: { path: { id: ev.id } }, body: { clientId: 'b', value: second } }));
    expect([over.status, over.json.message]).toEqual([400, `value: would take the score to ${scoring === 'best' ? 1001 : 1200}, past this event's highest score of 1,000.`]);
    const rank = await answerOf(sdkOf(player).GET('/api/sdk/v1/events/{id}/rank', { params: { path: { id: ev.id } } }));
    expect((rank.json.data as { score: number }).score).toBe(kept);
  });
});

describe('4. a submission that does not change a standing never changes its tie time', () => {
  async function ranks(evId: number, players: Player[]) {
    const answer = await answerOf(sdkOf(players[0]!).GET('/api/sdk/v1/events/{id}/rank', { params: { path: { id: evId }, query: { top: 10 } } }));
    const top = (answer.json.data as { top: { rank: number; playerId: string }[] }).top;
    return players.map((p) => top.find((r) => r.playerId === p.playerId)?.rank);
  }

  it.each([
    ['increment', 'exp', 0],
    ['latest', 'ranking', 50],
    ['best', 'ranking', 50],
  ] as const)('%s (%s event): re-sending %i keeps the first to reach 50 first', async (scoring, kind, again) => {
    const ev = await liveEvent(scoring, kind);
    const players = [await newPlayer(app.android), await newPlayer(app.android), await newPlayer(app.android)];
    for (const p of players) expect((await answerOf(sdkOf(p).POST('/api/sdk/v1/events/{id}/join', { params: { path: { id: ev.id } }, body: {} }))).status).toBe(200);
    for (const p of players) {
      expect((await answerOf(sdkOf(p).POST('/api/sdk/v1/events/{id}/score', { params: { path: { id: ev.id } }, body: { clientId: 'reach', value: 50 } }))).status).toBe(200);
      await sleep(20);
    }
    expect(await ranks(ev.id, players)).toEqual([1, 2, 3]);
    const resend = await answerOf(sdkOf(players[0]!).POST('/api/sdk/v1/events/{id}/score', { params: { path: { id: ev.id } }, body: { clientId: 'again', value: again } }));
    expect([resend.status, (resend.json.data as { score: number }).score]).toEqual([200, 50]);
    expect(await ranks(ev.id, players)).toEqual([1, 2, 3]);
  });
});

describe('3. per-player, per-device and per-address limits hold under parallel calls (PostgreSQL: TEST_DATABASE_URL)', () => {
  const count = (statuses: number[]) => statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

  it('40 parallel progress submissions from one player: exactly 30 accepted (30 a minute), the rest 429, the points of those 30 only', async () => {
    const name = uniqueName('pass');
    const body = { appId: app.id, name, start: consoleTimeText(nowMs() - HOUR), end: consoleTimeText(nowMs() + 24 * HOUR), milestones: '100: coin 5' };
    const saved = await raw('POST', '/api/progress_event/events/save', { body: JSON.stringify(body), token: root.tokens.accessToken });
    expect(saved.status, saved.text).toBe(200);
    const id = (saved.json.data as { id: number }).id;
    const player = await newPlayer(app.android);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => answerOf(sdkOf(player).POST('/api/sdk/v1/progress-events/{id}/points', { params: { path: { id } }, body: { clientId: `c-${i}`, points: 2 } }))));
    expect(count(answers.map((a) => a.status))).toEqual({ 200: 30, 429: 10 });
    const events = await answerOf(sdkOf(player).GET('/api/sdk/v1/progress-events'));
    expect((events.json.data as { events: { id: number; points: number }[] }).events.find((e) => e.id === id)!.points).toBe(60);
  });

  it('30 parallel wrong gift codes from one player: exactly 10 looked up, 20 answered 429', async () => {
    const player = await newPlayer(app.android);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => answerOf(sdkOf(player).POST('/api/sdk/v1/giftcodes/redeem', { body: { code: `WRONGPAR${i}X` } }))));
    expect(count(answers.map((a) => a.status))).toEqual({ 404: 10, 429: 20 });
  });

  it('a new device id per guess does not give unlimited guesses: 50 wrong codes an address an app, then 429', async () => {
    const own = await newGameApp('sdkaddr');
    const players = await Promise.all(Array.from({ length: 60 }, () => newPlayer(own.android)));
    const answers = await Promise.all(players.map((p, i) => answerOf(sdkOf(p).POST('/api/sdk/v1/giftcodes/redeem', { body: { code: `MINTED${i}XYZ` } }))));
    expect(count(answers.map((a) => a.status))).toEqual({ 404: 50, 429: 10 });
  });

  it('30 parallel scores from one player to one event: exactly 20 applied (20 per 10 s), the rest 429', async () => {
    const ev = await liveEvent('increment');
    const player = await newPlayer(app.android);
    expect((await answerOf(sdkOf(player).POST('/api/sdk/v1/events/{id}/join', { params: { path: { id: ev.id } }, body: {} }))).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => answerOf(sdkOf(player).POST('/api/sdk/v1/events/{id}/score', { params: { path: { id: ev.id } }, body: { clientId: `s-${i}`, value: 1 } }))));
    expect(count(answers.map((a) => a.status))).toEqual({ 200: 20, 429: 10 });
    expect(((await answerOf(sdkOf(player).GET('/api/sdk/v1/events/{id}/rank', { params: { path: { id: ev.id } } }))).json.data as { score: number }).score).toBe(20);
  });

  it('10 parallel link-code requests of one player: exactly 3 open codes, the rest 429', async () => {
    const player = await newPlayer(app.android);
    const answers = await Promise.all(Array.from({ length: 10 }, () => answerOf(sdkOf(player).POST('/api/sdk/v1/players/me/link-code', { body: {} }))));
    expect(count(answers.map((a) => a.status))).toEqual({ 200: 3, 429: 7 });
  });
});

describe('5. a click counts only after its impression was recorded for the same serve', () => {
  it('a click token sent straight after the serve is refused and counts nothing; after the impression it counts once', async () => {
    const [advertised, publisher] = [await newGameApp('sdkadv'), await newGameApp('sdkpub')];
    await root(publisherSaveContract, { appId: publisher.id, placements: ['main'] });
    const today = reportDay(nowMs());
    const { data: c } = await root(campaignSaveContract, {
      name: uniqueName('Campaign'), advertisedApp: advertised.id, storeLinks: { android: 'https://play.google.com/store/apps/details?id=x', ios: '', webgl: '' },
      creatives: 'banner 320x50 https://cdn.example.com/b.png', targeting: { publisherApps: [publisher.id], os: [], countries: [], versions: [], audience: 'all' },
      startDay: addDays(today, -1), endDay: addDays(today, 1), status: 'running',
    } as never);
    const player = await newPlayer(publisher.android);
    const served = await answerOf(sdkOf(player).GET('/api/sdk/v1/ads', { params: { query: { placement: 'main', format: 'banner' } } }));
    const ad = served.json.data as { campaignId: number; impressionToken: string; clickToken: string };
    expect(ad.campaignId).toBe(c.id);
    const early = await Promise.all(Array.from({ length: 5 }, () => answerOf(sdkOf(player).POST('/api/sdk/v1/ads/click', { body: { token: ad.clickToken } }))));
    expect(early.map((a) => [a.status, a.json.message])).toEqual(Array.from({ length: 5 }, () => [409, "token: this ad's impression was not recorded; send the impression token first, then the click."]));
    expect((await root(campaignListContract, {})).data.find((x) => x.id === c.id)).toMatchObject({ impressions: 0, clicks: 0 });
    expect((await answerOf(sdkOf(player).POST('/api/sdk/v1/ads/impression', { body: { token: ad.impressionToken } }))).status).toBe(200);
    const click = await answerOf(sdkOf(player).POST('/api/sdk/v1/ads/click', { body: { token: ad.clickToken } }));
    expect([click.status, click.json.data]).toEqual([200, { counted: true, storeUrl: 'https://play.google.com/store/apps/details?id=x' }]);
    expect((await root(campaignListContract, {})).data.find((x) => x.id === c.id)).toMatchObject({ impressions: 1, clicks: 1 });
  });
});

describe('8. a spent refresh token presented again ends the device\'s access tokens at once', () => {
  it('the access tokens issued before the replay stop working on every kind of call; a new session works', async () => {
    const deviceId = `dev-${uniqueName('d')}`;
    const game = sdkAs(app.android);
    const first = await ok(game.POST('/api/sdk/v1/players/session', { body: { deviceId } }));
    const me = (token: string) => answerOf(sdkAs(app.android, token).GET('/api/sdk/v1/players/me'));
    expect((await me(first.accessToken)).status).toBe(200);
    const second = await ok(game.POST('/api/sdk/v1/players/refresh', { body: { refreshToken: first.refreshToken } }));
    expect((await me(second.accessToken)).status).toBe(200);
    // The first refresh token again: a copy is in other hands.
    const replay = await answerOf(game.POST('/api/sdk/v1/players/refresh', { body: { refreshToken: first.refreshToken } }));
    expect(replay.status).toBe(401);
    const ended = 'This session was ended (its refresh token was used twice): start a new session at /api/sdk/v1/players/session.';
    const ev = await liveEvent('best');
    for (const token of [first.accessToken, second.accessToken]) {
      const sdk = sdkAs(app.android, token);
      const calls = [
        ['/players/me', me(token)],
        ['/events/{id}/rank', answerOf(sdk.GET('/api/sdk/v1/events/{id}/rank', { params: { path: { id: ev.id } } }))],
        ['/ads', answerOf(sdk.GET('/api/sdk/v1/ads', { params: { query: { placement: 'main', format: 'banner' } } }))],
        ['/mail', answerOf(sdk.GET('/api/sdk/v1/mail'))],
      ] as const;
      for (const [path, call] of calls) {
        const answer = await call;
        expect([path, answer.status, answer.json.message]).toEqual([path, 401, ended]);
      }
    }
    const fresh = await ok(game.POST('/api/sdk/v1/players/session', { body: { deviceId } }));
    expect(fresh.playerId).toBe(first.playerId);
    expect((await me(fresh.accessToken)).status).toBe(200);
  });
});
