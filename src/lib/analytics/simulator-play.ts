/**
 * The simulated studio's gameplay and custom events beyond levels, ads and purchases (simulator.ts calls
 * this once per session): technical measurements (with one slow version per app), quest progress and
 * failures, a second resource (energy) and more sinks, a shop funnel beside the tutorial, and counters.
 *
 * Self-contained like simulator.ts (loaded by Node's type stripping): its own small seeded generator, so
 * the events of simulator.ts keep their random stream.
 */
import { hashParts, mulberry32 } from '../random/seeded.ts';

export interface PlaySession {
  playerId: string;
  os: 1 | 2 | 3;
  appVersion: string;
  /** Day index of the simulation and of the player's install. */
  day: number;
  installDay: number;
  session: number;
  sessions: number;
  /** Session start and the last moment before its end (epoch ms). */
  start: number;
  end: number;
}

type Emit = (name: string, time: number, params?: Record<string, unknown>) => void;

const DAILY_QUESTS = ['daily_play_3', 'daily_win_2', 'daily_watch_ad', 'daily_spend_coins'];
const SHOP_STEPS = ['open_shop', 'view_offer', 'start_checkout', 'purchase'];

function lognormal(rng: () => number, median: number, sigma: number): number {
  const u = Math.max(rng(), 1e-9);
  return median * Math.exp(sigma * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng()));
}

/** One version in three loads 40% slower and uses more memory: the regression the Measurement report shows. */
export const slowVersion = (appVersion: string) => hashParts(`slow:${appVersion}`) % 3 === 0;

export function playSession(emit: Emit, s: PlaySession): void {
  const rng = mulberry32(hashParts(`${s.playerId}|${s.day}|${s.session}`));
  const span = Math.max(1000, s.end - s.start);
  const at = (share: number) => s.start + Math.floor(span * share);
  const slow = slowVersion(s.appVersion);

  // Measurements: load time at start, frame rate and memory during the session.
  const baseLoad = s.os === 2 ? 1400 : s.os === 3 ? 2600 : 1900;
  emit('measurement', at(0.001), { name: 'load_time', value: Math.round(lognormal(rng, baseLoad * (slow ? 1.4 : 1), 0.3)), unit: 'ms' });
  if (rng() < 0.6) emit('measurement', at(0.5), { name: 'fps', value: Math.round(Math.min(60, lognormal(rng, slow ? 49 : 56, 0.08)) * 10) / 10, unit: 'fps' });
  if (rng() < 0.4) emit('measurement', at(0.6), { name: 'memory_mb', value: Math.round(lognormal(rng, slow ? 610 : 480, 0.15)), unit: 'MB' });

  // Quests: progress on the daily quest, sometimes a failure at the day's last session; a weekly quest.
  const daily = DAILY_QUESTS[s.day % DAILY_QUESTS.length]!;
  if (s.session > 0 && rng() < 0.35) emit('task_quest', at(0.3), { questId: daily, state: 'progress' });
  if (s.session === s.sessions - 1 && rng() < 0.12) emit('task_quest', at(0.95), { questId: daily, state: 'fail' });
  if ((s.day - s.installDay) % 7 === 0 && s.session === 0) emit('task_quest', at(0.2), { questId: 'weekly_levels_20', state: 'start' });
  if (rng() < 0.2) emit('task_quest', at(0.7), { questId: 'weekly_levels_20', state: 'progress' });
  if (rng() < 0.03) {
    emit('task_quest', at(0.8), { questId: 'weekly_levels_20', state: 'complete' });
    if (rng() < 0.85) emit('task_quest', at(0.81), { questId: 'weekly_levels_20', state: 'claim' });
  }

  // Energy: a daily bonus, spent on plays, refilled with ads; coins and gems on more sinks.
  if (s.session === 0) {
    emit('resource_earn', at(0.01), { resource: 'energy', amount: 30, source: 'daily_bonus' });
    emit('resource_earn', at(0.011), { resource: 'coins', amount: 50, source: 'daily_bonus' });
  }
  if (rng() < 0.1) emit('resource_earn', at(0.35), { resource: 'coins', amount: 25, source: 'rewarded_ad' });
  if (rng() < 0.03) emit('resource_earn', at(0.36), { resource: 'gems', amount: 2, source: 'achievement' });
  emit('resource_spend', at(0.4), { resource: 'energy', amount: 5 * (1 + Math.floor(rng() * 4)), sink: 'level_play' });
  if (rng() < 0.15) emit('resource_earn', at(0.45), { resource: 'energy', amount: 10, source: 'rewarded_ad' });
  if (rng() < 0.1) emit('resource_spend', at(0.55), { resource: 'coins', amount: 100 + 50 * Math.floor(rng() * 4), sink: 'shop_item' });
  if (rng() < 0.05) emit('resource_spend', at(0.65), { resource: 'gems', amount: 5, sink: 'skip_level' });

  // The shop funnel: open, view an offer, start checkout, purchase.
  if (rng() < 0.12) {
    let t = at(0.75);
    for (let step = 0; step < SHOP_STEPS.length; step++) {
      if (step > 0 && rng() > [1, 0.55, 0.35, 0.5][step]!) break;
      emit('funnel_step', t, { funnel: 'shop', step, stepName: SHOP_STEPS[step] });
      t += Math.round(lognormal(rng, [0, 6, 20, 15][step + 1] ?? 10, 0.5) * 1000);
    }
  }

  // Counters.
  if (s.session === 0) emit('counter', at(0.02), { name: 'daily_login', value: 1 });
  if (rng() < 0.25) emit('counter', at(0.5), { name: 'hint_used', value: 1 + Math.floor(rng() * 3) });
}
