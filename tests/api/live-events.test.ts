import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { appDetailContract } from '../../src/lib/apps/contract';
import { eventApis, templateApis } from '../../src/lib/live-events/contract';
import { formatDateTime } from '../../src/lib/time/format';
import { nowMs } from '../../src/lib/time/clock';
import type { Db } from '../../src/lib/server/db';
import { raw, signedInAs, uniqueName, type Session } from './helpers';
import { answerOf, sdkAs } from './game-players';
import { ok } from '../../src/lib/sdk-client/client';
import { scratchDatabase } from '../support/own-server';

/**
 * Live events over HTTP (templates and events refused naming the field; the game's join, score, rank and claim
 * with SDK key + player token) and, on a database of the test's own, the lifecycle job at injected times:
 * transitions, recurrence, the reward run exactly once with two runners, seasons' tier moves, 50 parallel claims.
 */

const APP = 'com.gsm.blockpuzzle'; // a demo app: it has the demo items (coin, gem, hint, life, frame_gold)
let root: Session;
let sdkKey: string;

const minute = 60_000;
const at = (ms: number) => formatDateTime(ms);

async function session(deviceId = `dev-${uniqueName('d')}`, linkCode?: string): Promise<{ playerId: string; token: string }> {
  const data = await ok(sdkAs(sdkKey).POST('/api/sdk/v1/players/session', { body: { deviceId, ...(linkCode ? { linkCode } : {}) } }));
  return { playerId: data.playerId, token: data.accessToken };
}
/** The generated SDK client as the player with this token (every game call of this suite goes through it). */
const sdk = (token: string) => sdkAs(sdkKey, token);

async function template(extra: Record<string, unknown> = {}, kind: 'ranking' | 'season' = 'ranking') {
  const body = {
    appId: APP, name: uniqueName('Tpl'), scoring: 'best', sort: 'desc', bracketSize: 2, durationHours: 24, rewardSpec: '1: gem 10\n2-5: coin 100',
    ...(kind === 'season' ? { tierSpec: 'Gold:0:1, Bronze:1:0', rewardSpec: 'Gold 1-5: gem 5\nBronze 1-5: coin 50' } : {}), ...extra,
  };
  return (await root(templateApis[kind].save, body as never)).data;
}

/** An event open now (from the start of this minute to tomorrow). */
async function liveEvent(templateId: number, extra: Record<string, unknown> = {}, kind: 'ranking' | 'exp' | 'season' = 'ranking') {
  const now = nowMs();
  const start = now - (now % minute);
  return (await root(eventApis[kind].save, { templateId, name: uniqueName('Ev'), start: at(start), end: at(start + 86_400_000), ...extra } as never)).data;
}

beforeAll(async () => {
  root = await signedInAs('root');
  const { data } = await root(appDetailContract, { appId: APP });
  sdkKey = data.os[0]!.sdkAppKey;
});

describe('templates and events: bad input is refused naming the field, nothing half-written', () => {
  const save = (path: string, body: unknown) => raw('POST', path, { body: JSON.stringify(body), token: root.tokens.accessToken });
  const base = { appId: APP, name: 'x', scoring: 'best', sort: 'desc', bracketSize: 10, durationHours: 24, rewardSpec: '1: gem 10' };

  it.each([
    [{ bracketSize: 1 }, 'bracketSize', 'at least 2'],
    [{ rewardSpec: '1: gem 10\n3-5: coin 1' }, 'rewardSpec', 'ranks 2-2 are missing'],
    [{ rewardSpec: '1-3: gem 10\n3-5: coin 1' }, 'rewardSpec', 'overlap'],
    [{ rewardSpec: '2-5: gem 10' }, 'rewardSpec', 'ranks 1-1 are missing'],
    [{ rewardSpec: '1: sword 1' }, 'rewardSpec', 'sword is not an item'],
    [{ rewardSpec: '1: gem 99999' }, 'rewardSpec', 'over the item'],
  ])('a ranking template with %j', async (change, field, words) => {
    const name = uniqueName('Bad');
    const answer = await save(templateApis.ranking.save.path, { ...base, ...change, name });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.json.message).toContain(field);
    expect(answer.json.message).toContain(words);
    const list = (await root(templateApis.ranking.list, {})).data;
    expect(list.some((t) => t.name === name)).toBe(false);
  });

  it('a season needs tiers whose names its reward lines use', async () => {
    const answer = await save(templateApis.season.save.path, { ...base, tierSpec: 'Gold:0:2, Silver:2:0', rewardSpec: 'Platinum 1: gem 10' });
    expect(answer.status).toBe(400);
    expect(answer.json.message).toMatch(/rewardSpec.*no tier named "Platinum"/);
  });

  it('an event ending before its start, a bad recurrence, an exp ranking that is not increment', async () => {
    const tpl = await template();
    const now = nowMs();
    let answer = await save(eventApis.ranking.save.path, { templateId: tpl.id, name: 'x', start: at(now + 2 * 3_600_000), end: at(now + 3_600_000) });
    expect(answer.status).toBe(400);
    expect(answer.json.message).toMatch(/end.*after the start/);
    answer = await save(eventApis.ranking.save.path, { templateId: tpl.id, name: 'x', start: at(now), end: at(now + 3_600_000), recurrence: '61 * * * *' });
    expect(answer.status).toBe(400);
    expect(answer.json.message).toContain('recurrence');
    answer = await save(eventApis.exp.save.path, { templateId: tpl.id, name: 'x', start: at(now), end: at(now + 3_600_000), scoring: 'best' });
    expect(answer.status).toBe(400);
    expect(answer.json.message).toMatch(/scoring.*increment/);
  });

  it('a live event keeps its scoring and start; its end moves only later', async () => {
    const tpl = await template();
    const ev2 = await liveEvent(tpl.id);
    // Run now (refused while the scheduler's own run holds the job, which then makes the same move): wait for it.
    let status = '';
    for (let i = 0; i < 20 && status !== 'live'; i++) {
      await raw('POST', '/api/job/run', { body: JSON.stringify({ name: 'live_events' }), token: root.tokens.accessToken });
      status = (await root(eventApis.ranking.list, {})).data.find((e) => e.id === ev2.id)!.status;
      if (status !== 'live') await new Promise((r) => setTimeout(r, 500));
    }
    expect(status).toBe('live');
    const edit = { id: ev2.id, templateId: tpl.id, name: ev2.name, start: ev2.start, end: ev2.end };
    let answer = await save(eventApis.ranking.save.path, { ...edit, scoring: 'latest' });
    expect(answer.status).toBe(400);
    expect(answer.json.message).toMatch(/^scoring: the event is live/);
    answer = await save(eventApis.ranking.save.path, { ...edit, end: at(Date.parse(ev2.endsAt) - 3_600_000) });
    expect(answer.status).toBe(400);
    expect(answer.json.message).toMatch(/^end: a live event's end can only move later/);
    answer = await save(eventApis.ranking.save.path, { ...edit, name: 'Renamed while live', end: at(Date.parse(ev2.endsAt) + 3_600_000) });
    expect(answer.status, answer.text).toBe(200);
    expect((answer.json.data as { name: string }).name).toBe('Renamed while live');
  });
});

describe('the game API', () => {
  it('fills the newest bracket under its size; a second join keeps the bracket', async () => {
    const ev = await liveEvent((await template({ bracketSize: 2 })).id);
    const brackets: number[] = [];
    for (let i = 0; i < 5; i++) {
      const p = await session();
      const answer = await answerOf(sdk(p.token).POST('/api/sdk/v1/events/{id}/join', { params: { path: { id: ev.id } }, body: {} }));
      expect(answer.status, answer.text).toBe(200);
      brackets.push((answer.json.data as { bracketId: number }).bracketId);
      if (i === 0) expect(((await answerOf(sdk(p.token).POST('/api/sdk/v1/events/{id}/join', { params: { path: { id: ev.id } }, body: {} }))).json.data as { bracketId: number; joined: boolean })).toMatchObject({ bracketId: brackets[0], joined: false });
    }
    expect(brackets[0]).toBe(brackets[1]);
    expect(brackets[2]).toBe(brackets[3]);
    expect(new Set(brackets).size).toBe(3);
  });

  it('joins in parallel never overfill a bracket', async () => {
    const ev = await liveEvent((await template({ bracketSize: 3 })).id);
    const players = await Promise.all(Array.from({ length: 10 }, () => session()));
    const answers = await Promise.all(players.map((p) => answerOf(sdk(p.token).POST('/api/sdk/v1/events/{id}/join', { params: { path: { id: ev.id } }, body: {} }))));
    const counts = new Map<number, number>();
    for (const a of answers) counts.set((a.json.data as { bracketId: number }).bracketId, (counts.get((a.json.data as { bracketId: number }).bracketId) ?? 0) + 1);
    expect([...counts.values()].sort()).toEqual([1, 3, 3, 3]);
  });

  it.each([
    ['best', [50, 30, 70], 70],
    ['latest', [50, 30, 70, 20], 20],
    ['increment', [50, 30, 70], 150],
  ] as const)('scoring %s: submissions %j make %i; a retried client id is applied once and answers what it first answered', async (scoring, values, expected) => {
    const ev = await liveEvent((await template({ scoring })).id);
    const p = await session();
    await answerOf(sdk(p.token).POST('/api/sdk/v1/events/{id}/join', { params: { path: { id: ev.id } }, body: {} }));
    for (const [i, value] of values.entries()) expect((await answerOf(sdk(p.token).POST('/api/sdk/v1/events/{id}/score', { params: { path: { id: ev.id } }, body: { clientId: `c${i}`, value } }))).status).toBe(200);
    const retry = await answerOf(sdk(p.token).POST('/api/sdk/v1/events/{id}/score', { params: { path: { id: ev.id } }, body: { clientId: 'c0', value: values[0] } }));
    expect([retry.status, retry.json.data]).toEqual([200, { score: values[0], applied: true }]);
    const rank = await answerOf(sdk(p.token).GET('/api/sdk/v1/events/{id}/rank', { params: { path: { id: ev.id } } }));
    expect(rank.json.data).toMatchObject({ rank: 1, score: expected, players: 1 });
  });

  it('refuses a negative score, a change over the max delta, a score before joining and after the end', async () => {
    const ev = await liveEvent((await template({ scoring: 'increment', maxDelta: 100 })).id);
    const p = await session();
    let answer: { status: number; json: { message?: string; data?: unknown } };
    answer = await answerOf(sdk(p.token).POST('/api/sdk/v1/events/{id}/score', { params: { path: { id: ev.id } }, body: { clientId: 'a', value: 5 } }));
    expect(answer.status).toBe(409);
    expect(answer.json.message).toContain('Join event');
    await answerOf(sdk(p.token).POST('/api/sdk/v1/events/{id}/join', { params: { path: { id: ev.id } }, body: {} }));
    answer = await answerOf(sdk(p.token).POST('/api/sdk/v1/events/{id}/score', { params: { path: { id: ev.id } }, body: { clientId: 'a', value: -5 } }));
    expect(answer.status).toBe(400);
    expect(answer.json.message).toMatch(/^value: must not be negative/);
    answer = await answerOf(sdk(p.token).POST('/api/sdk/v1/events/{id}/score', { params: { path: { id: ev.id } }, body: { clientId: 'a', value: 101 } }));
    expect(answer.status).toBe(400);
    expect(answer.json.message).toMatch(/^value: .*limit of 100/);
    // Refused submissions leave nothing behind: the same client id is accepted afterwards.
    answer = await answerOf(sdk(p.token).POST('/api/sdk/v1/events/{id}/score', { params: { path: { id: ev.id } }, body: { clientId: 'a', value: 100 } }));
    expect(answer.json.data).toEqual({ score: 100, applied: true });
    // Raw: a text score is a wrong type the typed client would refuse to compile.
    answer = await raw('POST', `/api/sdk/v1/events/${ev.id}/score`, { body: JSON.stringify({ clientId: 'b', value: 'many' }), headers: { 'x-sdk-key': sdkKey, 'x-player-token': p.token } });
    expect(answer.status).toBe(400);
    expect(answer.json.message).toContain('value');

    const now = nowMs();
    const past = (await root(eventApis.ranking.save, { templateId: ev.templateId, name: uniqueName('Past'), start: at(now - 3 * 3_600_000), end: at(now - 3_600_000) })).data;
    answer = await answerOf(sdk(p.token).POST('/api/sdk/v1/events/{id}/score', { params: { path: { id: past.id } }, body: { clientId: 'z', value: 1 } }));
    expect(answer.status).toBe(409);
    expect(answer.json.message).toContain('has ended');
    answer = await answerOf(sdk(p.token).POST('/api/sdk/v1/events/{id}/join', { params: { path: { id: past.id } }, body: {} }));
    expect(answer.status).toBe(409);
  });

  it('a cancelled event refuses the next score at once', async () => {
    const ev = await liveEvent((await template()).id);
    const p = await session();
    await answerOf(sdk(p.token).POST('/api/sdk/v1/events/{id}/join', { params: { path: { id: ev.id } }, body: {} }));
    let answer = await answerOf(sdk(p.token).POST('/api/sdk/v1/events/{id}/score', { params: { path: { id: ev.id } }, body: { clientId: 'a', value: 7 } }));
    expect(answer.json.data).toEqual({ score: 7, applied: true });
    expect((await answerOf(sdk(p.token).GET('/api/sdk/v1/events/{id}/rank', { params: { path: { id: ev.id }, query: { around: 1, top: 3 } } }))).json.data).toMatchObject({ rank: 1, score: 7 });
    await root(eventApis.ranking.cancel, { id: ev.id });
    answer = await answerOf(sdk(p.token).POST('/api/sdk/v1/events/{id}/score', { params: { path: { id: ev.id } }, body: { clientId: 'b', value: 9 } }));
    expect([answer.status, answer.json.message]).toEqual([409, `Event ${ev.id} was cancelled.`]);
  });

  it('at most 20 scores per player in 10 s (the 21st is 429 and leaves nothing); parallel retries of one client id apply once', async () => {
    const ev = await liveEvent((await template({ scoring: 'increment' })).id);
    const p = await session();
    await answerOf(sdk(p.token).POST('/api/sdk/v1/events/{id}/join', { params: { path: { id: ev.id } }, body: {} }));
    // Ten copies of one submission at once: applied once (the score is 7, not 70), all ten answered alike.
    const copies = await Promise.all(Array.from({ length: 10 }, () => answerOf(sdk(p.token).POST('/api/sdk/v1/events/{id}/score', { params: { path: { id: ev.id } }, body: { clientId: 'same', value: 7 } }))));
    expect(copies.map((a) => [a.status, a.json.data])).toEqual(Array(10).fill([200, { score: 7, applied: true }]));
    for (let i = 1; i < 20; i++) expect((await answerOf(sdk(p.token).POST('/api/sdk/v1/events/{id}/score', { params: { path: { id: ev.id } }, body: { clientId: `n${i}`, value: 1 } }))).status).toBe(200);
    const over = await answerOf(sdk(p.token).POST('/api/sdk/v1/events/{id}/score', { params: { path: { id: ev.id } }, body: { clientId: 'n20', value: 1 } }));
    expect([over.status, over.json.message]).toEqual([429, 'Too many scores: at most 20 per 10 seconds per player; send the best one later.']);
    // Not recorded: the same client id is refused again (not answered as applied), and the score did not move.
    expect((await answerOf(sdk(p.token).POST('/api/sdk/v1/events/{id}/score', { params: { path: { id: ev.id } }, body: { clientId: 'n20', value: 1 } }))).status).toBe(429);
    expect((await answerOf(sdk(p.token).GET('/api/sdk/v1/events/{id}/rank', { params: { path: { id: ev.id } } }))).json.data).toMatchObject({ score: 7 + 19 });
  });

  it('entry rules: level, version and country filter the open events and refuse a join', async () => {
    const ev = await liveEvent((await template({ minLevel: 10, minVersion: '2.0.0', countries: ['VN'] })).id);
    const p = await session();
    const open = async (level: number, appVersion: string, country: string) =>
      (await ok(sdk(p.token).GET('/api/sdk/v1/events', { params: { query: { level, appVersion, country } } }))).events.some((e) => e.id === ev.id);
    expect(await open(12, '2.1.0', 'VN')).toBe(true);
    expect(await open(9, '2.1.0', 'VN')).toBe(false);
    expect(await open(12, '1.9.9', 'VN')).toBe(false);
    expect(await open(12, '2.1.0', 'US')).toBe(false);
    const refused = await answerOf(sdk(p.token).POST('/api/sdk/v1/events/{id}/join', { params: { path: { id: ev.id } }, body: { level: 3, appVersion: '2.1.0', country: 'VN' } }));
    expect(refused.status).toBe(403);
    expect(refused.json.message).toMatch(/^level: .*from level 10/);
  });

  it('ranks: ties go to the earlier reach; neighbours and the top of my bracket', async () => {
    const ev = await liveEvent((await template({ bracketSize: 10 })).id);
    const players: { playerId: string; token: string }[] = [];
    for (let i = 0; i < 6; i++) players.push(await session());
    for (const p of players) await answerOf(sdk(p.token).POST('/api/sdk/v1/events/{id}/join', { params: { path: { id: ev.id } }, body: {} }));
    const scores = [40, 70, 70, 10, 90, 55]; // players[1] reaches 70 before players[2]
    for (const [i, p] of players.entries()) {
      await answerOf(sdk(p.token).POST('/api/sdk/v1/events/{id}/score', { params: { path: { id: ev.id } }, body: { clientId: 'one', value: scores[i] } }));
      await new Promise((r) => setTimeout(r, 5));
    }
    const rank = async (i: number) => (await answerOf(sdk(players[i]!.token).GET('/api/sdk/v1/events/{id}/rank', { params: { path: { id: ev.id }, query: { around: 1, top: 3 } } }))).json.data as { rank: number; above: { playerId: string }[]; below: { playerId: string }[]; top: { playerId: string; score: number }[] };
    expect((await rank(4)).rank).toBe(1);
    expect((await rank(1)).rank).toBe(2);
    const third = await rank(2);
    expect(third.rank).toBe(3);
    expect(third.above.map((r) => r.playerId)).toEqual([players[1]!.playerId]);
    expect(third.below.map((r) => r.playerId)).toEqual([players[5]!.playerId]);
    expect(third.top.map((r) => r.score)).toEqual([90, 70, 70]);
    expect(third.top.map((r) => r.playerId)).toEqual([players[4]!.playerId, players[1]!.playerId, players[2]!.playerId]);
    expect((await rank(3)).rank).toBe(6);
    // Two neighbours each side, nearest last above and first below, each with its rank.
    const fourth = (await answerOf(sdk(players[5]!.token).GET('/api/sdk/v1/events/{id}/rank', { params: { path: { id: ev.id }, query: { around: 2, top: 0 } } }))).json.data as { rank: number; players: number; above: unknown[]; below: unknown[]; top: unknown[] };
    expect(fourth).toMatchObject({ rank: 4, players: 6, top: [] });
    expect(fourth.above).toEqual([{ rank: 2, playerId: players[1]!.playerId, score: 70 }, { rank: 3, playerId: players[2]!.playerId, score: 70 }]);
    expect(fourth.below).toEqual([{ rank: 5, playerId: players[0]!.playerId, score: 40 }, { rank: 6, playerId: players[3]!.playerId, score: 10 }]);
  });

  it('an ascending event (lower is better) ranks the lowest first; rank of an unknown or unjoined event is 404', async () => {
    const ev = await liveEvent((await template({ bracketSize: 10, sort: 'asc' })).id);
    const players: { playerId: string; token: string }[] = [];
    for (let i = 0; i < 3; i++) players.push(await session());
    for (const [i, p] of players.entries()) {
      await answerOf(sdk(p.token).POST('/api/sdk/v1/events/{id}/join', { params: { path: { id: ev.id } }, body: {} }));
      await answerOf(sdk(p.token).POST('/api/sdk/v1/events/{id}/score', { params: { path: { id: ev.id } }, body: { clientId: 'one', value: [30, 10, 20][i] } }));
    }
    // The first read of an event is answered in its own order (the server cannot know it before reading it).
    const middle = (await answerOf(sdk(players[2]!.token).GET('/api/sdk/v1/events/{id}/rank', { params: { path: { id: ev.id }, query: { around: 1, top: 3 } } }))).json.data as { rank: number; above: { score: number }[]; below: { score: number }[]; top: { score: number }[] };
    expect(middle).toMatchObject({ rank: 2, score: 20, players: 3 });
    expect(middle.top.map((r) => r.score)).toEqual([10, 20, 30]);
    expect(middle.above.map((r) => r.score)).toEqual([10]);
    expect(middle.below.map((r) => r.score)).toEqual([30]);
    expect((await answerOf(sdk(players[0]!.token).GET('/api/sdk/v1/events/{id}/rank', { params: { path: { id: ev.id } } }))).json.data).toMatchObject({ rank: 3, score: 30 });
    const outsider = await session();
    const unjoined = await answerOf(sdk(outsider.token).GET('/api/sdk/v1/events/{id}/rank', { params: { path: { id: ev.id } } }));
    expect(unjoined.status).toBe(404);
    expect(unjoined.json.message).toBe(`You have not joined event ${ev.id}.`);
    const unknown = await answerOf(sdk(outsider.token).GET('/api/sdk/v1/events/{id}/rank', { params: { path: { id: 2147483000 } } }));
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toBe('Event 2147483000 was not found.');
  });

  it('the rank read refuses as every game call does: unknown key, bad token, a device that moved', async () => {
    const ev = await liveEvent((await template()).id);
    const p = await session();
    await answerOf(sdk(p.token).POST('/api/sdk/v1/events/{id}/join', { params: { path: { id: ev.id } }, body: {} }));
    const rank = (key: string | null, token: string) => answerOf(sdkAs(key, token).GET('/api/sdk/v1/events/{id}/rank', { params: { path: { id: ev.id } } }));
    const answer = async (key: string | null, token: string) => {
      const r = await rank(key, token);
      return [r.status, r.json.message];
    };
    expect(await answer('no-such-key', p.token)).toEqual([401, 'Unknown SDK key.']);
    expect(await answer('no-such-key', 'garbage')).toEqual([401, 'Unknown SDK key.']);
    expect(await answer(null, p.token)).toEqual([401, 'Missing SDK key: send the app key in the X-SDK-Key header.']);
    const [status] = await answer(sdkKey, 'garbage');
    expect(status).toBe(401);
    // The player's device is taken over by another player (a link code typed on it): its old token stops at once.
    const deviceId = `dev-${uniqueName('d')}`;
    const before = await session(deviceId);
    await answerOf(sdk(before.token).POST('/api/sdk/v1/events/{id}/join', { params: { path: { id: ev.id } }, body: {} }));
    expect((await rank(sdkKey, before.token)).status).toBe(200);
    const code = ((await answerOf(sdk(p.token).POST('/api/sdk/v1/players/me/link-code', { body: {} }))).json.data as { code: string }).code;
    await session(deviceId, code);
    expect(await answer(sdkKey, before.token)).toEqual([401, 'This device no longer belongs to that player: start a new session.']);
  });

  it.each([
    // Counted 3, 4, 4, 9, 13 (one player's 2 is beaten by its 4): 11 values, bands of 3, the second empty, the top
    // band (the fourth) ends at 13. One more player joins without scoring.
    { submitted: [[3], [2, 4], [4], [9], [13], []], labels: ['3–5', '6–8', '9–11', '12–13'] },
    // 100..116 is 17 values: bands of 4 (in four bands they would be 5 wide), the fifth holds 116 alone.
    { submitted: [[100], [101], [107], [112], [116]], labels: ['100–103', '104–107', '108–111', '112–115', '116–116'] },
  ])('the live view counts players and splits their scores into five equal bands from the lowest to the highest: $labels', async ({ submitted, labels }) => {
    const ev = await liveEvent((await template({ scoring: 'best', bracketSize: 3 })).id);
    for (const values of submitted) {
      const p = await session();
      expect((await answerOf(sdk(p.token).POST('/api/sdk/v1/events/{id}/join', { params: { path: { id: ev.id } }, body: {} }))).status).toBe(200);
      for (const [i, value] of values.entries()) expect((await answerOf(sdk(p.token).POST('/api/sdk/v1/events/{id}/score', { params: { path: { id: ev.id } }, body: { clientId: `c${i}`, value } }))).status).toBe(200);
    }
    const view = (await root(eventApis.ranking.view, { id: ev.id })).data;

    // The same bands recomputed here from the submissions (best scoring: a player's highest value counts).
    const counted = submitted.filter((v) => v.length).map((v) => Math.max(...v));
    const lo = Math.min(...counted);
    const hi = Math.max(...counted);
    const width = Math.ceil((hi - lo + 1) / 5);
    const expected: { label: string; players: number }[] = [];
    for (let from = lo; from <= hi; from += width) {
      const to = Math.min(from + width - 1, hi);
      expected.push({ label: `${from}–${to}`, players: counted.filter((s) => s >= from && s <= to).length });
    }
    expect(expected.map((b) => b.label)).toEqual(labels);
    expect(view.distribution).toEqual(expected);
    expect(view).toMatchObject({ participants: submitted.length, scored: counted.length, brackets: Math.ceil(submitted.length / 3), granted: 0, claimed: 0, rewardResult: null });
    expect(view.distribution.reduce((sum, b) => sum + b.players, 0)).toBe(view.scored);
  });

  it('the live view of an event nobody scored in has no bands', async () => {
    const ev = await liveEvent((await template()).id);
    const p = await session();
    await answerOf(sdk(p.token).POST('/api/sdk/v1/events/{id}/join', { params: { path: { id: ev.id } }, body: {} }));
    expect((await root(eventApis.ranking.view, { id: ev.id })).data).toMatchObject({ participants: 1, scored: 0, distribution: [] });
  });

  it('an unknown event, another app\'s token, no token: refused', async () => {
    const p = await session();
    expect((await answerOf(sdk(p.token).POST('/api/sdk/v1/events/{id}/join', { params: { path: { id: 2147483000 } }, body: {} }))).status).toBe(404);
    expect((await answerOf(sdkAs(sdkKey).GET('/api/sdk/v1/events'))).status).toBe(401);
    // Raw: an id that is not a number is a path the typed client would refuse to compile.
    expect((await raw('POST', '/api/sdk/v1/events/abc/join', { body: '{}', headers: { 'x-sdk-key': sdkKey, 'x-player-token': p.token } })).status).toBe(400);
  });
});

/** The lifecycle job on a database of the test's own, with the clock injected (PGlite in memory, or a scratch PostgreSQL database). */
describe('the lifecycle job at its times', () => {
  it('scheduled → live → ended → rewarded once with two runners; recurrence; ties; season tiers; 50 parallel claims → one', async () => {
    const { migrate } = await import('../../src/lib/server/db/migrate');
    const { tickLiveEvents } = await import('../../src/lib/live-events/lifecycle');
    const { joinEvent, submitScore, claimReward } = await import('../../src/lib/live-events/sdk');
    let db: Db;
    let cleanup: () => Promise<void>;
    let second: Db;
    if (process.env.TEST_DATABASE_URL) {
      const { openPostgres } = await import('../../src/lib/server/db/open');
      const url = await scratchDatabase(process.env.TEST_DATABASE_URL, 'live');
      db = await openPostgres(url);
      second = await openPostgres(url); // a second process's pool
      cleanup = async () => { await db.close(); await second.close(); };
    } else {
      const { openPglite } = await import('../../src/lib/server/db/open');
      const dir = mkdtempSync(join(tmpdir(), 'gsm-live-'));
      db = await openPglite(dir);
      second = db; // one process per PGlite directory: two runners share it
      cleanup = async () => { await db.close(); rmSync(dir, { recursive: true, force: true }); };
    }
    try {
      await migrate(db);
      await db.query(`INSERT INTO apps (id, name) VALUES ('app.live', 'Live')`);
      await db.query(`INSERT INTO game_items (app_id, item_id, name) VALUES ('app.live', 'coin', 'Coins'), ('app.live', 'gem', 'Gems')`);
      const T0 = Date.UTC(2030, 0, 7, 2, 0); // Monday 09:00 UTC+7
      const H = 3_600_000;
      const tpl = await db.one<{ id: number }>(
        `INSERT INTO live_templates (app_id, kind, name, scoring, bracket_size, duration_hours, rewards, updated_by)
         VALUES ('app.live', 'ranking', 'Weekly', 'best', 3, 24, $1::jsonb, 't') RETURNING id`,
        [JSON.stringify([{ tier: null, from: 1, to: 1, rewards: [{ itemId: 'gem', amount: 10 }] }, { tier: null, from: 2, to: 3, rewards: [{ itemId: 'coin', amount: 5 }] }])],
      );
      const ev = await db.one<{ id: number }>(
        `INSERT INTO live_events (template_id, app_id, kind, name, starts_at, ends_at, recurrence, scoring, sort, bracket_size, rewards, updated_by)
         SELECT id, app_id, 'ranking', 'Week 1', $2::timestamptz, $3::timestamptz, '0 9 * * 1', scoring, sort, bracket_size, rewards, 't' FROM live_templates WHERE id = $1 RETURNING id`,
        [tpl!.id, new Date(T0).toISOString(), new Date(T0 + 24 * H).toISOString()],
      );
      const status = async (id = ev!.id) => (await db.one<{ status: string }>('SELECT status FROM live_events WHERE id = $1', [id]))!.status;

      await tickLiveEvents(db, T0 - 1);
      expect(await status()).toBe('scheduled');
      await tickLiveEvents(db, T0);
      expect(await status()).toBe('live');

      const player = (i: number) => ({ appId: 'app.live', playerId: `p${i}`, deviceId: `d${i}` });
      for (let i = 1; i <= 4; i++) await joinEvent(db, player(i), ev!.id, {}, T0 + i);
      // p2 and p3 tie on 80; p3 reached it first. p4 (second bracket) is alone.
      await submitScore(db, player(1), ev!.id, { clientId: 'a', value: 50 }, T0 + H);
      await submitScore(db, player(3), ev!.id, { clientId: 'a', value: 80 }, T0 + 2 * H);
      await submitScore(db, player(2), ev!.id, { clientId: 'a', value: 80 }, T0 + 3 * H);
      await submitScore(db, player(4), ev!.id, { clientId: 'a', value: 5 }, T0 + 3 * H);
      await expect(submitScore(db, player(1), ev!.id, { clientId: 'b', value: 99 }, T0 + 24 * H)).rejects.toMatchObject({ status: 409 });

      await tickLiveEvents(db, T0 + 24 * H - 1);
      expect(await status()).toBe('live');
      // Two runners at the end: the reward run happens once.
      await Promise.all([tickLiveEvents(db, T0 + 24 * H), tickLiveEvents(second, T0 + 24 * H), tickLiveEvents(second, T0 + 24 * H + 1)]);
      expect(await status()).toBe('rewarded');
      const grants = await db.query<{ player_id: string; rank: number; rewards: unknown }>('SELECT player_id, rank, rewards FROM live_grants WHERE event_id = $1 ORDER BY player_id', [ev!.id]);
      expect(grants).toEqual([
        { player_id: 'p1', rank: 3, rewards: [{ itemId: 'coin', amount: 5 }] },
        { player_id: 'p2', rank: 2, rewards: [{ itemId: 'coin', amount: 5 }] },
        { player_id: 'p3', rank: 1, rewards: [{ itemId: 'gem', amount: 10 }] },
        { player_id: 'p4', rank: 1, rewards: [{ itemId: 'gem', amount: 10 }] },
      ]);
      // The recurrence made the next week's event once, same length.
      const next = await db.query<{ id: number; starts_at: Date; ends_at: Date; status: string }>('SELECT id, starts_at, ends_at, status FROM live_events WHERE parent_id = $1', [ev!.id]);
      expect(next).toHaveLength(1);
      expect(new Date(next[0]!.starts_at).getTime()).toBe(T0 + 7 * 24 * H);
      expect(new Date(next[0]!.ends_at).getTime()).toBe(T0 + 8 * 24 * H);
      expect(next[0]!.status).toBe('scheduled');

      // 50 parallel claims of one grant: one hands it over, and all 50 answer exactly that claim's answer.
      const claims = await Promise.all(Array.from({ length: 50 }, (_, i) => claimReward(i % 2 ? second : db, player(3), ev!.id, T0 + 25 * H + i)));
      expect(new Set(claims.map((c) => JSON.stringify(c))).size).toBe(1);
      expect(claims[0]).toMatchObject({ eventId: ev!.id, rewards: [{ itemId: 'gem', amount: 10 }] });
      // The one claim mailed the rewards to the player, in the claim's own transaction.
      const mailed = await db.query<{ rewards: unknown; source: string }>(
        `SELECT m.rewards, m.source FROM mails m JOIN mail_recipients r ON r.mail_id = m.id WHERE r.app_id = 'app.live' AND r.player_id = 'p3'`,
      );
      expect(mailed).toEqual([{ rewards: [{ itemId: 'gem', amount: 10 }], source: 'live_event' }]);

      // A season: the winner of Bronze moves up to Gold, the last of Gold moves down, for the next season.
      const stpl = await db.one<{ id: number }>(
        `INSERT INTO live_templates (app_id, kind, name, scoring, bracket_size, duration_hours, rewards, tiers, updated_by)
         VALUES ('app.live', 'season', 'League', 'increment', 10, 24, $1::jsonb, $2::jsonb, 't') RETURNING id`,
        [JSON.stringify([{ tier: 0, from: 1, to: 10, rewards: [{ itemId: 'gem', amount: 3 }] }, { tier: 1, from: 1, to: 10, rewards: [{ itemId: 'coin', amount: 1 }] }]), JSON.stringify([{ name: 'Gold', promote: 0, demote: 1 }, { name: 'Bronze', promote: 1, demote: 0 }])],
      );
      const season = await db.one<{ id: number }>(
        `INSERT INTO live_events (template_id, app_id, kind, name, starts_at, ends_at, scoring, sort, bracket_size, rewards, tiers, updated_by)
         SELECT id, app_id, 'season', 'S1', $2::timestamptz, $3::timestamptz, scoring, sort, bracket_size, rewards, tiers, 't' FROM live_templates WHERE id = $1 RETURNING id`,
        [stpl!.id, new Date(T0).toISOString(), new Date(T0 + 24 * H).toISOString()],
      );
      await db.query(`INSERT INTO live_season_players (series_id, player_id, tier) VALUES ($1, 'g1', 0), ($1, 'g2', 0)`, [season!.id]);
      for (const [id, value] of [['g1', 10], ['g2', 20], ['b1', 7], ['b2', 3]] as const) {
        const joined = await joinEvent(db, { appId: 'app.live', playerId: id, deviceId: id }, season!.id, {}, T0 + 1);
        expect(joined.tier).toBe(id.startsWith('g') ? 'Gold' : 'Bronze');
        await submitScore(db, { appId: 'app.live', playerId: id, deviceId: id }, season!.id, { clientId: 'x', value }, T0 + 2);
      }
      await tickLiveEvents(db, T0 + 24 * H);
      const tiers = await db.query<{ player_id: string; tier: number }>('SELECT player_id, tier FROM live_season_players WHERE series_id = $1 ORDER BY player_id', [season!.id]);
      expect(tiers).toEqual([{ player_id: 'b1', tier: 0 }, { player_id: 'b2', tier: 1 }, { player_id: 'g1', tier: 1 }, { player_id: 'g2', tier: 0 }]);
      const seasonGrants = await db.query<{ player_id: string; rewards: unknown }>('SELECT player_id, rewards FROM live_grants WHERE event_id = $1 ORDER BY player_id', [season!.id]);
      expect(seasonGrants.map((g) => [g.player_id, (g.rewards as { itemId: string }[])[0]!.itemId])).toEqual([['b1', 'coin'], ['b2', 'coin'], ['g1', 'gem'], ['g2', 'gem']]);
    } finally {
      await cleanup();
    }
  }, 120_000);
});
