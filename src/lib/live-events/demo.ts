import type { Db } from '../server/db';
import { nowMs } from '../time/clock';
import type { RewardRange, Tier } from './contract';
import { tickLiveEvents } from './lifecycle';
import { joinEvent, submitScore } from './sdk';
import { DAY_MS as DAY } from '../time/day';

/**
 * The demo studio's live events, played by simulated players through the same calls the game makes (join,
 * score) at times spread over the event, and moved by the same job: last week's ranking event and season
 * ended and were rewarded, this week's are live with players climbing; an exp ranking runs beside them.
 * Called once by the demo seeding.
 */

const WEEK = 7 * DAY;
const WEEKLY = '0 9 * * 1'; // Mondays 09:00 UTC+7

/** Monday 09:00 UTC+7 of the week of `now` (the last one not after it). */
function weekStart(now: number): number {
  const local = now + 7 * 3_600_000;
  const day = new Date(local).getUTCDay(); // 0 Sunday
  const mondayLocal = Math.floor(local / DAY) * DAY - ((day + 6) % 7) * DAY + 9 * 3_600_000;
  const start = mondayLocal - 7 * 3_600_000;
  return start > now ? start - WEEK : start;
}

function random(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0) / 2 ** 32);
}

const ranking: RewardRange[] = [
  { tier: null, from: 1, to: 1, rewards: [{ itemId: 'gem', amount: 100 }, { itemId: 'frame_gold', amount: 1 }] },
  { tier: null, from: 2, to: 3, rewards: [{ itemId: 'gem', amount: 50 }] },
  { tier: null, from: 4, to: 10, rewards: [{ itemId: 'coin', amount: 2000 }] },
  { tier: null, from: 11, to: 50, rewards: [{ itemId: 'coin', amount: 500 }] },
];
const tiers: Tier[] = [{ name: 'Gold', promote: 0, demote: 5 }, { name: 'Silver', promote: 5, demote: 5 }, { name: 'Bronze', promote: 5, demote: 0 }];
const league: RewardRange[] = [
  { tier: 0, from: 1, to: 30, rewards: [{ itemId: 'gem', amount: 30 }] },
  { tier: 1, from: 1, to: 30, rewards: [{ itemId: 'coin', amount: 1500 }] },
  { tier: 2, from: 1, to: 30, rewards: [{ itemId: 'coin', amount: 500 }] },
];

async function template(db: Db, appId: string, kind: 'ranking' | 'season', name: string, scoring: string, size: number, rewards: RewardRange[], tierList: Tier[] = []) {
  return (await db.one<{ id: number }>(
    `INSERT INTO live_templates (app_id, kind, name, scoring, bracket_size, duration_hours, rewards, tiers, max_delta, updated_by)
     VALUES ($1, $2, $3, $4, $5, 168, $6::jsonb, $7::jsonb, $8, 'demo') RETURNING id`,
    [appId, kind, name, scoring, size, JSON.stringify(rewards), JSON.stringify(tierList), scoring === 'increment' ? 5000 : null],
  ))!.id;
}

async function event(db: Db, templateId: number, kind: string, name: string, description: string, start: number, end: number, recurrence: string | null) {
  return (await db.one<{ id: number }>(
    `INSERT INTO live_events (template_id, app_id, kind, name, description, starts_at, ends_at, recurrence, scoring, sort, bracket_size, rewards, tiers, max_delta, updated_by)
     SELECT id, app_id, $2, $3, $4, $5::timestamptz, $6::timestamptz, $7, scoring, sort, bracket_size, rewards, tiers, max_delta, 'demo' FROM live_templates WHERE id = $1 RETURNING id`,
    [templateId, kind, name, description, new Date(start).toISOString(), new Date(end).toISOString(), recurrence],
  ))!.id;
}

/** Players join at random times in [from, until) and submit a few scores after joining. */
async function play(db: Db, appId: string, eventId: number, players: number, from: number, until: number, seed: number, score: (rnd: () => number, i: number) => number, prefix: string) {
  const rnd = random(seed);
  for (let i = 0; i < players; i++) {
    const player = { appId, playerId: `p_demo${prefix}${String(i).padStart(4, '0')}`, deviceId: `demo-${prefix}-${i}` };
    const joinedAt = from + Math.floor(rnd() * (until - from) * 0.6);
    await joinEvent(db, player, eventId, {}, joinedAt);
    const times = Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => joinedAt + 1 + Math.floor(rnd() * (until - joinedAt - 1))).sort((a, b) => a - b);
    for (const [k, at] of times.entries()) await submitScore(db, player, eventId, { clientId: `s${k}`, value: score(rnd, i) }, at);
  }
}

export async function seedDemoLiveEvents(db: Db, users: number, now = nowMs()): Promise<void> {
  const app = await db.one<{ app_id: string }>(`SELECT min(app_id) AS app_id FROM game_items WHERE item_id = 'gem'`);
  if (!app?.app_id) return;
  const appId = app.app_id;
  const players = Math.max(40, Math.min(150, Math.floor(users / 4)));
  const thisWeek = weekStart(now);
  const lastWeek = thisWeek - WEEK;

  // Ranking: last week's event (rewarded by the job) recurs into this week's (live).
  const weekly = await template(db, appId, 'ranking', 'Weekly high score', 'best', 50, ranking);
  const past = await event(db, weekly, 'ranking', 'Weekly high score', 'Beat your best score this week: the top 50 of each room win gems and coins.', lastWeek, thisWeek, WEEKLY);
  await tickLiveEvents(db, lastWeek);
  await play(db, appId, past, players, lastWeek, thisWeek, 18, (rnd) => Math.floor(200 + rnd() ** 2 * 9800), 'rk');

  // Season: players already spread over the tiers, so promotion and demotion show after last week's reset.
  const leagueTpl = await template(db, appId, 'season', 'Weekly league', 'increment', 30, league, tiers);
  const s1 = await event(db, leagueTpl, 'season', 'League season', 'Climb the league: the top 5 of each room move up a tier, the last 5 move down.', lastWeek, thisWeek, WEEKLY);
  for (let i = 0; i < players; i++) await db.query('INSERT INTO live_season_players (series_id, player_id, tier) VALUES ($1, $2, $3)', [s1, `p_demolg${String(i).padStart(4, '0')}`, i % 3]);
  await tickLiveEvents(db, lastWeek);
  await play(db, appId, s1, players, lastWeek, thisWeek, 19, (rnd) => Math.floor(100 + rnd() * 1900), 'lg');

  // The end of last week: both rewarded; this week's followers created, then started.
  await tickLiveEvents(db, thisWeek);
  await tickLiveEvents(db, thisWeek);
  const followers = await db.query<{ id: number; kind: string }>('SELECT id, kind FROM live_events WHERE parent_id IN ($1, $2)', [past, s1]);
  const playUntil = Math.max(thisWeek + 60_000, now - 60_000);
  for (const f of followers) {
    if (f.kind === 'ranking') await play(db, appId, f.id, Math.floor(players * 0.8), thisWeek, playUntil, 20, (rnd) => Math.floor(200 + rnd() ** 2 * 9800), 'rk');
    else await play(db, appId, f.id, Math.floor(players * 0.9), thisWeek, playUntil, 21, (rnd) => Math.floor(100 + rnd() * 1900), 'lg');
  }

  // Exp ranking: experience gained this week adds up.
  const expTpl = await template(db, appId, 'ranking', 'Exp race', 'increment', 50, ranking);
  const exp = await event(db, expTpl, 'exp', 'Exp race', 'Gain the most experience this week.', thisWeek, thisWeek + WEEK, null);
  await tickLiveEvents(db, Math.max(thisWeek, now - 60_000));
  await play(db, appId, exp, Math.floor(players * 0.7), thisWeek, playUntil, 22, (rnd) => Math.floor(50 + rnd() * 950), 'xp');
}
