import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, reportDay } from '../../src/lib/time/day';
import { appDetailContract } from '../../src/lib/apps/contract';
import { accountLogContract } from '../../src/lib/logs/contract';
import { consoleTimeText, progressEventCancelContract, progressEventListContract, progressEventSaveContract, SUBMISSIONS_PER_MINUTE, type ProgressEvent } from '../../src/lib/progress-events/contract';
import { progressDashboardScreen } from '../../src/lib/progress-events/screens';
import { nowMs } from '../../src/lib/time/clock';
import { raw, rejection, signedInAs, uniqueName, type Session } from './helpers';
import { answerOf, sdkAs } from './game-players';

/**
 * Progress events over HTTP: the console's rules (bad input named, nothing half-written, what may change once
 * started, audit), the status job at the events' times, the game's calls (idempotent points, the anti-cheat
 * limits, entry rules, a claim once under 50 parallel claims) and the dashboard checked against figures
 * recomputed here from what the test sent. Works on the demo app Word Quest (it has the demo items); every
 * event and player is this file's own.
 */

const APP = 'com.gsm.wordquest';
const HOUR = 3_600_000;
let root: Session;
let designer: Session;
let sdkKey: string;
let otherKey: string;

const at = (ms: number) => consoleTimeText(ms);
const event = (extra: Partial<Record<string, unknown>> = {}) => ({
  appId: APP,
  name: uniqueName('pass'),
  start: at(nowMs() - HOUR),
  end: at(nowMs() + 24 * HOUR),
  milestones: '100: coin 500\n300: gem 5, hint 2\n600: frame_gold 1',
  ...extra,
});


async function newPlayer(key = sdkKey): Promise<string> {
  const answer = await answerOf(sdkAs(key).POST('/api/sdk/v1/players/session', { body: { deviceId: `dev-${uniqueName('pe')}` } }));
  expect(answer.status, answer.text).toBe(200);
  return (answer.json.data as { accessToken: string }).accessToken;
}

type Points = { points: number; added: number; duplicate: boolean; reached: number[] };
type PointsBody = { clientId: string; points?: number; action?: string; level?: number; appVersion?: string; country?: string };
async function submit(player: string, id: number, body: PointsBody, status = 200) {
  const answer = await answerOf(sdkAs(sdkKey, player).POST('/api/sdk/v1/progress-events/{id}/points', { params: { path: { id } }, body }));
  expect(answer.status, answer.text).toBe(status);
  return answer.json as { data: Points; message?: string };
}

type SdkEvent = { id: number; points: number; open: boolean; milestones: { milestone: number; reached: boolean; claimed: boolean }[] };
async function myEvents(player: string, query: { level?: number; appVersion?: string; country?: string } = {}) {
  const answer = await answerOf(sdkAs(sdkKey, player).GET('/api/sdk/v1/progress-events', { params: { query } }));
  expect(answer.status, answer.text).toBe(200);
  return (answer.json.data as { events: SdkEvent[] }).events;
}

async function statusOf(id: number): Promise<string> {
  const { data } = await root(progressEventListContract, { appId: APP });
  return data.find((e) => e.id === id)!.status;
}

/** Runs the status job now (retrying while the scheduler's own minute run holds it). */
async function runStatusJob() {
  for (let i = 0; i < 20; i++) {
    const answer = await raw('POST', '/api/job/run', { body: JSON.stringify({ name: 'progress_event_status' }), token: root.tokens.accessToken });
    if (answer.status === 200) return;
    expect(answer.status, answer.text).toBe(409);
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the status job stayed busy');
}

beforeAll(async () => {
  root = await signedInAs('root');
  designer = await signedInAs('designer');
  const { data } = await root(appDetailContract, { appId: APP });
  sdkKey = data.os[0]!.sdkAppKey;
  const { data: other } = await root(appDetailContract, { appId: 'com.gsm.tilematch' });
  otherKey = other.os[0]!.sdkAppKey;
});

describe('progress events in the console', () => {
  it('refuses bad input naming the field, and writes nothing', async () => {
    const name = uniqueName('bad');
    for (const [extra, field, text] of [
      [{ start: at(nowMs() + 2 * HOUR), end: at(nowMs() + HOUR) }, 'end', 'must be after the start'],
      [{ start: '31-02-2026 10:00' }, 'start', 'must be a time like'],
      [{ milestones: '300: coin 1\n100: gem 1' }, 'milestones', 'thresholds must be strictly ascending (100 is not above 300)'],
      [{ milestones: '100: coin 1\n100: gem 1' }, 'milestones', 'strictly ascending'],
      [{ milestones: '0: coin 1' }, 'milestones', 'the points threshold must be above 0'],
      [{ milestones: '-5: coin 1' }, 'milestones', 'the points threshold must be above 0'],
      [{ milestones: '100: coin 0' }, 'milestones', 'is not "item amount"'],
      [{ milestones: '100: frobnicator 3' }, 'milestones', 'frobnicator is not an item of com.gsm.wordquest'],
      [{ milestones: '100: gem 20000' }, 'milestones', "over the item's limit"],
      [{ pointRules: 'win: 0' }, 'pointRules', 'points must be between 1 and 1000000'],
      [{ maxPointsPerSubmit: 0 }, 'maxPointsPerSubmit', 'must be at least 1'],
    ] as const) {
      const error = await rejection(root(progressEventSaveContract, event({ name, ...extra }) as never));
      expect(error.status, JSON.stringify(extra)).toBe(400);
      expect(error.message, JSON.stringify(extra)).toContain(field);
      expect(error.message, JSON.stringify(extra)).toContain(text);
    }
    const { data } = await root(progressEventListContract, { appId: APP });
    expect(data.filter((e) => e.name === name)).toEqual([]);
  });

  it('once started keeps the track, start and rules; texts and a later end may change; all audited', async () => {
    const { data: created } = await designer(progressEventSaveContract, event({ pointRules: 'win_level: 10' }));
    expect(created).toMatchObject({ status: 'live', pointRules: 'win_level: 10', milestoneList: [{ milestone: 1, threshold: 100, rewards: [{ itemId: 'coin', amount: 500 }] }, { threshold: 300 }, { threshold: 600 }] });
    const base = { id: created.id, appId: APP, name: created.name, start: created.start, end: created.end, milestones: created.milestones, pointRules: created.pointRules };
    const track = await rejection(designer(progressEventSaveContract, { ...base, milestones: '100: coin 500\n300: gem 5, hint 2\n700: frame_gold 1' }));
    expect([track.status, track.message]).toEqual([400, 'milestones: the track of an event that has started cannot change (players are earning towards it).']);
    const earlier = await rejection(designer(progressEventSaveContract, { ...base, end: at(Date.parse(created.endAt) - HOUR) }));
    expect(earlier.message).toBe('end: an event that has started may only end later, not earlier.');
    const moved = await rejection(designer(progressEventSaveContract, { ...base, start: at(Date.parse(created.startAt) + 60_000) }));
    expect(moved.message).toBe('start: an event that has started keeps its start.');
    const rules = await rejection(designer(progressEventSaveContract, { ...base, pointRules: 'win_level: 20' }));
    expect(rules.message).toContain('pointRules');
    const later = at(Date.parse(created.endAt) + 2 * HOUR);
    const { data: edited } = await designer(progressEventSaveContract, { ...base, name: `${created.name}-v2`, title: 'Stars!', end: later });
    expect(edited).toMatchObject({ name: `${created.name}-v2`, title: 'Stars!', end: later, status: 'live' });
    const { data: cancelled } = await designer(progressEventCancelContract, { id: created.id });
    expect(cancelled.status).toBe('cancelled');
    expect((await rejection(designer(progressEventSaveContract, { ...base, title: 'again' }))).status).toBe(409);
    const { data: log } = await root(accountLogContract, { page: 1, limit: 50, entity: 'progress_event' } as never);
    const actions = (log as { action: string; entityId: string }[]).filter((l) => l.entityId === String(created.id)).map((l) => l.action);
    expect(actions.sort()).toEqual(['cancel', 'create', 'update']);
  });

  it('serves the screens by route and editing by live_event_edit, on visible apps only', async () => {
    const pm = await signedInAs('pm');
    // pm has the routes but not live_event_edit, and does not see Word Quest.
    expect((await pm(progressEventListContract, {})).data.every((e) => e.appId !== APP)).toBe(true);
    expect((await rejection(pm(progressEventListContract, { appId: APP }))).status).toBe(403);
    expect((await rejection(pm(progressEventSaveContract, event()))).status).toBe(403);
    const analyst = await signedInAs('analyst');
    expect((await rejection(analyst(progressEventListContract, {}))).status).toBe(403);
    expect((await rejection(analyst(progressDashboardScreen.contract, { apps: [APP] } as never))).status).toBe(403);
    const anonymous = await raw('GET', '/api/progress_event/events');
    expect(anonymous.status).toBe(401);
  });

  it('moves scheduled → live → ended by the status job at the event times', async () => {
    const start = nowMs() + 2_000;
    const end = start + 2_500;
    // Times in the form's minute precision would be too coarse for a quick test: ISO with seconds.
    const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z');
    const { data: created } = await root(progressEventSaveContract, event({ start: iso(Math.ceil(start / 1000) * 1000), end: iso(Math.ceil(end / 1000) * 1000) }));
    expect(created.status).toBe('scheduled');
    await runStatusJob();
    expect(await statusOf(created.id)).toBe('scheduled');
    while (nowMs() < Date.parse(created.startAt) + 50) await new Promise((r) => setTimeout(r, 100));
    await runStatusJob();
    expect(await statusOf(created.id)).toBe('live');
    while (nowMs() < Date.parse(created.endAt) + 50) await new Promise((r) => setTimeout(r, 100));
    await runStatusJob();
    expect(await statusOf(created.id)).toBe('ended');
  }, 30_000);
});

describe('progress events in the game', () => {
  let live: ProgressEvent;
  beforeAll(async () => {
    live = (await root(progressEventSaveContract, event({ pointRules: 'win_level: 40', maxPointsPerSubmit: 250 }))).data;
  });

  it('needs the SDK key and the player token; another app cannot see the event', async () => {
    const player = await newPlayer();
    expect((await answerOf(sdkAs(sdkKey).GET('/api/sdk/v1/progress-events'))).status).toBe(401);
    expect((await answerOf(sdkAs(null, player).GET('/api/sdk/v1/progress-events'))).status).toBe(401);
    expect((await answerOf(sdkAs(sdkKey).POST('/api/sdk/v1/progress-events/{id}/points', { params: { path: { id: live.id } }, body: { clientId: 'a', points: 5 } }))).status).toBe(401);
    const stranger = await newPlayer(otherKey);
    const answer = await answerOf(sdkAs(otherKey, stranger).POST('/api/sdk/v1/progress-events/{id}/points', { params: { path: { id: live.id } }, body: { clientId: 'a', points: 5 } }));
    expect(answer.status).toBe(404);
    expect((await myEvents(player)).some((e) => e.id === live.id)).toBe(true);
  });

  it('adds points once per clientId, within the limits, and says which milestones were reached', async () => {
    const player = await newPlayer();
    expect((await submit(player, live.id, { clientId: 'c-1', points: 90 })).data).toEqual({ points: 90, added: 90, duplicate: false, reached: [] });
    // A retry of the same submission adds nothing and answers what the first answered, even after later ones.
    expect((await submit(player, live.id, { clientId: 'c-1', points: 90 })).data).toEqual({ points: 90, added: 90, duplicate: false, reached: [] });
    expect((await submit(player, live.id, { clientId: 'c-2', action: 'win_level' })).data).toEqual({ points: 130, added: 40, duplicate: false, reached: [1] });
    expect((await submit(player, live.id, { clientId: 'c-1', points: 90 })).data).toEqual({ points: 90, added: 90, duplicate: false, reached: [] });
    expect((await submit(player, live.id, { clientId: 'c-2', action: 'win_level' })).data).toEqual({ points: 130, added: 40, duplicate: false, reached: [1] });
    expect((await submit(player, live.id, { clientId: 'c-3', points: 251 }, 400)).message).toBe('points: at most 250 in one submission.');
    expect((await submit(player, live.id, { clientId: 'c-4', points: 0 }, 400)).message).toContain('points');
    expect((await submit(player, live.id, { clientId: 'c-5', points: -3 }, 400)).message).toContain('points');
    expect((await submit(player, live.id, { clientId: 'c-6', action: 'cheat' }, 400)).message).toBe('action: cheat is not an action of this event (win_level).');
    expect((await submit(player, live.id, { clientId: 'c-7' }, 400)).message).toContain('send either points or an action');
    // Parallel retries of one new submission: added once.
    const retries = await Promise.all(Array.from({ length: 10 }, () => answerOf(sdkAs(sdkKey, player).POST('/api/sdk/v1/progress-events/{id}/points', { params: { path: { id: live.id } }, body: { clientId: 'c-8', points: 200 } }))));
    expect(retries.map((r) => [r.status, r.json.data])).toEqual(Array(10).fill([200, { points: 330, added: 200, duplicate: false, reached: [2] }]));
    const mine = (await myEvents(player)).find((e) => e.id === live.id)!;
    expect(mine.points).toBe(330);
    expect(mine.milestones.map((m) => [m.milestone, m.reached, m.claimed])).toEqual([[1, true, false], [2, true, false], [3, false, false]]);
  });

  it(`refuses more than ${SUBMISSIONS_PER_MINUTE} submissions a minute`, async () => {
    const player = await newPlayer();
    for (let i = 0; i < SUBMISSIONS_PER_MINUTE; i++) await submit(player, live.id, { clientId: `r-${i}`, points: 1 });
    expect((await submit(player, live.id, { clientId: 'r-over', points: 1 }, 429)).message).toContain(`at most ${SUBMISSIONS_PER_MINUTE} a minute`);
    expect((await myEvents(player)).find((e) => e.id === live.id)!.points).toBe(SUBMISSIONS_PER_MINUTE);
  });

  it('applies entry rules and refuses points outside the window (409 after the end)', async () => {
    const { data: gated } = await root(progressEventSaveContract, event({ minLevel: 10, minVersion: '2.0.0', countries: ['vn'] }));
    const { data: over } = await root(progressEventSaveContract, event({ start: at(nowMs() - 3 * HOUR), end: at(nowMs() - HOUR) }));
    const { data: later } = await root(progressEventSaveContract, event({ start: at(nowMs() + 3 * HOUR), end: at(nowMs() + 5 * HOUR) }));
    expect([over.status, later.status]).toEqual(['ended', 'scheduled']);
    const player = await newPlayer();
    expect((await myEvents(player)).some((e) => e.id === gated.id)).toBe(false);
    expect((await myEvents(player, { level: 12, appVersion: '2.1.0', country: 'VN' })).some((e) => e.id === gated.id)).toBe(true);
    expect((await myEvents(player, { level: 9, appVersion: '2.1.0', country: 'VN' })).some((e) => e.id === gated.id)).toBe(false);
    expect((await submit(player, gated.id, { clientId: 'g-1', points: 5, level: 9, appVersion: '2.1.0', country: 'VN' }, 403)).message).toContain('level 10');
    expect((await submit(player, gated.id, { clientId: 'g-2', points: 5, level: 10, appVersion: '2.0.0', country: 'vn' })).data.points).toBe(5);
    expect((await submit(player, over.id, { clientId: 'o-1', points: 5 }, 409)).message).toBe(`Progress event ${over.id} has ended: no more points.`);
    expect((await submit(player, later.id, { clientId: 'l-1', points: 5 }, 409)).message).toContain('has not started yet');
    // An ended event is listed (claims stay open a while) but not open for points.
    expect((await myEvents(player)).find((e) => e.id === over.id)?.open).toBe(false);
  });

  it('lets a reached milestone be claimed exactly once under 50 parallel claims, each answered alike', async () => {
    const player = await newPlayer();
    await submit(player, live.id, { clientId: 'k-1', points: 150 });
    const early = await answerOf(sdkAs(sdkKey, player).POST('/api/sdk/v1/progress-events/{id}/claim', { params: { path: { id: live.id } }, body: { milestone: 2 } }));
    expect([early.status, early.json.message]).toEqual([409, 'Milestone 2 needs 300 points; you have 150.']);
    const unknown = await answerOf(sdkAs(sdkKey, player).POST('/api/sdk/v1/progress-events/{id}/claim', { params: { path: { id: live.id } }, body: { milestone: 9 } }));
    expect([unknown.status, unknown.json.message]).toEqual([400, 'milestone: this event has milestones 1 to 3.']);
    const claims = await Promise.all(Array.from({ length: 50 }, () => answerOf(sdkAs(sdkKey, player).POST('/api/sdk/v1/progress-events/{id}/claim', { params: { path: { id: live.id } }, body: { milestone: 1 } }))));
    // One claim hands the rewards over; every other answers exactly what it answered (a retry is never a refusal).
    expect(claims.map((c) => c.status)).toEqual(Array(50).fill(200));
    expect(new Set(claims.map((c) => c.text)).size).toBe(1);
    expect(claims[0]!.json.data).toMatchObject({ milestone: 1, rewards: [{ itemId: 'coin', amount: 500 }] });
    expect((await myEvents(player)).find((e) => e.id === live.id)!.milestones[0]).toMatchObject({ reached: true, claimed: true });
    // The one claim put one mail with the milestone's rewards into the player's mailbox.
    const box = await answerOf(sdkAs(sdkKey, player).GET('/api/sdk/v1/mail'));
    expect(box.status).toBe(200);
    const mine = (box.json.data as { mail: { title: string; rewards: unknown; claimed: boolean }[] }).mail.filter((m) => m.title.endsWith('milestone 1'));
    expect(mine).toEqual([expect.objectContaining({ rewards: [{ itemId: 'coin', amount: 500 }], claimed: false })]);
  }, 30_000);
});

describe('the progress dashboard', () => {
  it('matches a recomputation from the submissions and claims the test made', async () => {
    const { data: ev } = await root(progressEventSaveContract, event({ milestones: '50: coin 10\n120: gem 1\n400: hint 1' }));
    // Five players with known submissions (two land exactly on a threshold); each claims what it reached except the last milestone.
    const plans = [[30], [25, 25], [100, 20], [200, 200, 10], [10, 10, 10, 10]];
    const thresholds = [50, 120, 400];
    const from = reportDay(nowMs());
    let claimed = [0, 0, 0];
    for (const [p, plan] of plans.entries()) {
      const player = await newPlayer();
      for (const [i, points] of plan.entries()) await submit(player, ev.id, { clientId: `d-${p}-${i}`, points });
      const total = plan.reduce((s, x) => s + x, 0);
      for (const [i, t] of thresholds.slice(0, 2).entries()) {
        if (total < t) continue;
        const answer = await answerOf(sdkAs(sdkKey, player).POST('/api/sdk/v1/progress-events/{id}/claim', { params: { path: { id: ev.id } }, body: { milestone: i + 1 } }));
        expect(answer.status, answer.text).toBe(200);
        claimed = claimed.map((c, j) => (j === i ? c + 1 : c));
      }
    }
    const to = reportDay(nowMs());
    const { data } = await root(progressDashboardScreen.contract, { apps: [APP], event: String(ev.id), from: addDays(from, -1), to: addDays(to, 1) } as never);
    const totals = plans.map((p) => p.reduce((s, x) => s + x, 0));
    expect(data.event).toBe(String(ev.id));
    expect(data.participants).toBe(plans.length);
    expect(data.thresholds).toEqual(thresholds);
    expect(data.reachedTotal).toEqual(thresholds.map((t) => totals.filter((x) => x >= t).length));
    expect(data.claimedTotal).toEqual(claimed);
    // Histogram edges are the thresholds: 1–49, 50–119, 120–399, 400–top.
    expect(data.histogram).toEqual([
      { low: 1, high: 49, players: totals.filter((x) => x < 50).length },
      { low: 50, high: 119, players: totals.filter((x) => x >= 50 && x < 120).length },
      { low: 120, high: 399, players: totals.filter((x) => x >= 120 && x < 400).length },
      { low: 400, high: Math.max(...totals), players: totals.filter((x) => x >= 400).length },
    ]);
    // Day lines: everything happened today (or at worst across one midnight of UTC+7) — sums over the range.
    const sum = (f: (r: (typeof data.rows)[number]) => number) => data.rows.reduce((s, r) => s + f(r), 0);
    expect(sum((r) => r.points)).toBe(totals.reduce((s, x) => s + x, 0));
    expect(sum((r) => r.joined)).toBe(plans.length);
    expect(thresholds.map((_t, i) => sum((r) => r.reached[i]!))).toEqual(data.reachedTotal);
    expect(thresholds.map((_t, i) => sum((r) => r.claimed[i]!))).toEqual(claimed);
    const busy = data.rows.filter((r) => r.points > 0).map((r) => r.day);
    expect(busy.every((d) => d === from || d === to)).toBe(true);
    if (from === to) expect(data.rows.find((r) => r.day === from)!.active).toBe(plans.length);
    // The table's Total line says the same.
    const table = progressDashboardScreen.table(data as never, {} as never);
    expect(table.total).toEqual(['Total', null, plans.length, totals.reduce((s, x) => s + x, 0), ...thresholds.flatMap((_t, i) => [data.reachedTotal[i], claimed[i]])]);
  }, 30_000);
});
