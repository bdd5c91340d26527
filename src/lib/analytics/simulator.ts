import { nowMs } from '../time/clock.ts';
import { playSession } from './simulator-play.ts';
import { simulateMoney } from './simulator-money.ts';
import { hashParts } from '../random/seeded.ts';
import { DAY_MS } from '../time/day.ts';
/**
 * A deterministic simulated studio: players of several games installing, returning, playing levels,
 * watching ads and (rarely) paying, emitted as the game SDK's event batches. The same seed gives the same
 * events with the same client event ids, so sending a simulation twice stores nothing twice.
 *
 * Self-contained on purpose (no imports but types): `npm run simulate` and `npm run bench:analytics` load
 * this file directly with Node 24's built-in TypeScript type stripping, and the server uses it to seed
 * the demo studio. Keep it free of enums, parameter properties and extensionless runtime imports.
 */

export interface SimPlatform {
  os: 1 | 2 | 3;
  /** The platform's SDK app key (batches are sent with it). */
  key: string;
  /** Share of the app's players on this platform (relative weight). */
  share: number;
}

export interface SimApp {
  appId: string;
  platforms: SimPlatform[];
  /** Relative size of the game's audience. */
  weight?: number;
  /** Days after the first simulated day the game launched (installs start then). */
  launchDay?: number;
  /**
   * Known versions per platform, oldest first, with their SDK versions: players run these (the newest
   * for the latest release) instead of generated version numbers.
   */
  versions?: Partial<Record<1 | 2 | 3, { version: string; sdkVersion: string }[]>>;
}

export interface SimOptions {
  apps: SimApp[];
  /** Players across all apps. */
  users: number;
  /** Simulated days, ending today (UTC+7). */
  days: number;
  seed?: number;
  /** Events after this instant are not generated (default: now). */
  now?: number;
  /** Events per batch (the SDK's limit is 500). */
  batchSize?: number;
}

export interface SimEvent {
  id: string;
  name: string;
  userId: string;
  time: number;
  appVersion: string;
  sdkVersion: string;
  os: 1 | 2 | 3;
  country: string;
  params: Record<string, unknown>;
}

export interface SimBatch {
  appId: string;
  os: 1 | 2 | 3;
  key: string;
  day: string;
  events: SimEvent[];
}

const OFFSET_MS = 7 * 3_600_000;
const dayOf = (ms: number) => new Date(ms + OFFSET_MS).toISOString().slice(0, 10);
const dayStartOf = (day: string) => Date.parse(`${day}T00:00:00Z`) - OFFSET_MS;

/** sfc32: a small, fast, well-distributed seeded generator. */
function sfc32(a: number, b: number, c: number, d: number): () => number {
  return () => {
    a |= 0; b |= 0; c |= 0; d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

function rngFor(...parts: (string | number)[]): () => number {
  const next = sfc32(hashParts('a', ...parts), hashParts('b', ...parts), hashParts('c', ...parts), hashParts('d', ...parts));
  for (let i = 0; i < 12; i++) next();
  return next;
}

function pick<T>(rng: () => number, items: readonly T[], weights: readonly number[]): T {
  const total = weights.reduce((s, w) => s + w, 0);
  let r = rng() * total;
  for (let i = 0; i < items.length; i++) {
    r -= weights[i]!;
    if (r < 0) return items[i]!;
  }
  return items[items.length - 1]!;
}

function poisson(rng: () => number, mean: number): number {
  const limit = Math.exp(-mean);
  let k = 0;
  let p = rng();
  while (p > limit && k < 50) {
    k++;
    p *= rng();
  }
  return k;
}

/** Log-normal around a median. */
function lognormal(rng: () => number, median: number, sigma: number): number {
  const u = Math.max(rng(), 1e-9);
  const v = rng();
  return median * Math.exp(sigma * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v));
}

/** Country, share of players and ad price tier (1 richest). */
const COUNTRIES: [string, number, 1 | 2 | 3][] = [
  ['US', 18, 1], ['VN', 12, 3], ['BR', 8, 3], ['IN', 8, 3], ['ID', 6, 3], ['GB', 5, 1], ['DE', 5, 1], ['JP', 5, 1], ['KR', 3, 1],
  ['FR', 4, 1], ['MX', 4, 2], ['TH', 3, 3], ['PH', 3, 3], ['TR', 3, 2], ['RU', 3, 2], ['CA', 2, 1], ['AU', 2, 1], ['ES', 2, 2],
  ['IT', 2, 2], ['PL', 1, 2], ['SA', 1, 2], ['EG', 1, 3], ['NG', 1, 3], ['ZZ', 1, 3],
];
/** eCPM in USD by format for tier 1; tiers 2 and 3 earn a fraction. */
const ECPM = { banner: 0.9, interstitial: 12, rewarded: 18, app_open: 7 } as const;
const TIER_FACTOR = { 1: 1, 2: 0.38, 3: 0.12 } as const;
const NETWORKS = ['admob', 'applovin', 'unity', 'ironsource', 'mintegral'];
const NETWORK_WEIGHTS = [40, 25, 15, 12, 8];
const PRODUCTS: [string, number][] = [['coins_small', 990_000], ['coins_medium', 4_990_000], ['remove_ads', 2_990_000], ['starter_pack', 1_990_000], ['coins_large', 19_990_000]];
const PRODUCT_WEIGHTS = [45, 18, 20, 14, 3];
/** Local currency and USD→local rate for prices (micros). */
const LOCAL: Record<string, [string, number]> = { VN: ['VND', 25_000], JP: ['JPY', 150], KR: ['KRW', 1350], DE: ['EUR', 0.92], FR: ['EUR', 0.92], ES: ['EUR', 0.92], IT: ['EUR', 0.92], GB: ['GBP', 0.79], BR: ['BRL', 5], IN: ['INR', 83], ID: ['IDR', 15_500] };
const STORE_OF = { 1: 'google_play', 2: 'app_store', 3: 'web' } as const;
const FUNNEL_STEPS = ['open', 'tutorial_start', 'tutorial_move', 'tutorial_win', 'name_entered', 'first_reward'];
const QUESTS = ['daily_play_3', 'daily_win_2', 'daily_watch_ad', 'daily_spend_coins'];
const SDK_OF_VERSION = ['3.3.0', '3.4.0', '3.5.0', '3.5.1', '3.6.0', '3.6.2'];

interface Player {
  id: string;
  platform: SimPlatform;
  country: string;
  tier: 1 | 2 | 3;
  installDay: number;
  engagement: number;
  payer: boolean;
  level: number;
  attempts: number;
  miniLevel: number;
  coins: number;
  subscribed: boolean;
  updateLag: number;
  seq: number;
  rng: () => number;
}

interface AppState {
  app: SimApp;
  index: number;
  difficulty: number;
  hasAppOpen: boolean;
  /** Days (index) on which version k was released. */
  releases: number[];
  players: Player[];
}

/** Daily install weights of a game: a launch spike decaying to a floor, with busier weekends. */
function installCurve(days: number, launch: number, firstDay: string): number[] {
  const weights: number[] = [];
  for (let d = 0; d < days; d++) {
    if (d < launch) {
      weights.push(0);
      continue;
    }
    const age = d - launch;
    const weekday = new Date(Date.parse(`${firstDay}T00:00:00Z`) + d * DAY_MS).getUTCDay();
    const weekend = weekday === 0 || weekday === 6 ? 1.2 : 1;
    weights.push((0.35 + 1.6 * Math.exp(-age / 12) + 0.25 * Math.exp(-Math.abs(age - 45) / 6)) * weekend);
  }
  return weights;
}

/** Splits n into integer parts proportional to weights (largest remainder), deterministically. */
function apportion(n: number, weights: readonly number[]): number[] {
  const total = weights.reduce((s, w) => s + w, 0) || 1;
  const exact = weights.map((w) => (n * w) / total);
  const parts = exact.map(Math.floor);
  let left = n - parts.reduce((s, v) => s + v, 0);
  const order = exact.map((v, i) => [v - Math.floor(v), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) parts[order[k]![1]]!++;
  return parts;
}

/** Probability a player is active n days after install (n ≥ 1): D1 ≈ 40%, D7 ≈ 13%, D30 ≈ 6% at engagement 1. */
function activeChance(n: number, engagement: number): number {
  return Math.min(0.9, 0.4 * Math.pow(n, -0.62) * engagement + 0.006);
}

/** Difficulty of a level: a gentle slope with spikes on every 10th level and a bump on every 5th. */
export function levelWinChance(level: number, appDifficulty: number): number {
  let p = 0.86 - 0.0025 * level - appDifficulty;
  if (level % 10 === 0) p -= 0.38;
  else if (level % 5 === 0) p -= 0.16;
  return Math.max(0.12, Math.min(0.97, p));
}

/**
 * The studio's events, day by day and app by app, in SDK batches. Players are drawn when they install;
 * every day each installed player may come back, play sessions of levels, see ads, complete quests and
 * sometimes buy. Totals scale with options.users; a 120-day studio of 50,000 players is about 10 million
 * events.
 */
export function* simulateStudio(options: SimOptions): Generator<SimBatch> {
  const seed = options.seed ?? 42;
  const now = options.now ?? nowMs();
  const batchSize = Math.min(500, options.batchSize ?? 500);
  const lastDay = dayOf(now);
  const firstDay = dayOf(dayStartOf(lastDay) - (options.days - 1) * DAY_MS);
  const appWeights = options.apps.map((a, i) => a.weight ?? 1 / Math.pow(i + 1, 0.5));
  const usersPerApp = apportion(options.users, appWeights);

  const apps: AppState[] = options.apps.map((app, index) => {
    const rng = rngFor(seed, 'app', app.appId);
    const releases = [0];
    for (let d = Math.round(8 + rng() * 10); d < options.days; d += Math.round(12 + rng() * 14)) releases.push(d);
    return { app, index, difficulty: rng() * 0.12, hasAppOpen: rng() < 0.6, releases, players: [] };
  });

  // Who installs on which day.
  const installsByDay: { state: AppState; count: number }[][] = Array.from({ length: options.days }, () => []);
  for (const state of apps) {
    const launch = Math.min(options.days - 1, state.app.launchDay ?? 0);
    const perDay = apportion(usersPerApp[state.index]!, installCurve(options.days, launch, firstDay));
    perDay.forEach((count, d) => count > 0 && installsByDay[d]!.push({ state, count }));
  }

  for (let d = 0; d < options.days; d++) {
    const day = dayOf(dayStartOf(firstDay) + d * DAY_MS + 3_600_000);
    const start = dayStartOf(day);
    for (const { state, count } of installsByDay[d]!) {
      for (let k = 0; k < count; k++) state.players.push(newPlayer(state, seed, d));
    }
    for (const state of apps) {
      const byKey = new Map<string, SimEvent[]>();
      for (const player of state.players) {
        const events = playDay(state, player, d, start, now);
        if (events.length === 0) continue;
        const list = byKey.get(player.platform.key) ?? [];
        if (!byKey.has(player.platform.key)) byKey.set(player.platform.key, list);
        for (const e of events) list.push(e);
      }
      for (const platform of state.app.platforms) {
        const events = byKey.get(platform.key);
        if (!events) continue;
        events.sort((a, b) => a.time - b.time || (a.id < b.id ? -1 : 1));
        for (let i = 0; i < events.length; i += batchSize) {
          yield { appId: state.app.appId, os: platform.os, key: platform.key, day, events: events.slice(i, i + batchSize) };
        }
      }
    }
  }
}

function newPlayer(state: AppState, seed: number, day: number): Player {
  const n = state.players.length;
  const rng = rngFor(seed, state.app.appId, n);
  const platform = pick(rng, state.app.platforms, state.app.platforms.map((p) => p.share));
  const [country, , tier] = pick(rng, COUNTRIES, COUNTRIES.map((c) => c[1]));
  const engagement = Math.min(2.2, lognormal(rng, 1, 0.45));
  return {
    id: `${state.app.appId.split('.').pop()}-${platform.os}-${n.toString(36).padStart(4, '0')}`,
    platform,
    country,
    tier,
    installDay: day,
    engagement,
    payer: rng() < 0.025 * engagement,
    level: 1,
    attempts: 0,
    miniLevel: 1,
    coins: 100,
    subscribed: false,
    updateLag: Math.floor(rng() * 4),
    seq: 0,
    rng,
  };
}

function versionOf(state: AppState, player: Player, d: number): { appVersion: string; sdkVersion: string } {
  let k = 0;
  for (let i = 0; i < state.releases.length; i++) if (state.releases[i]! + player.updateLag <= d || (i === 0)) k = i;
  const known = state.app.versions?.[player.platform.os];
  if (known?.length) {
    const v = known[Math.max(0, known.length - state.releases.length + k)]!;
    return { appVersion: v.version, sdkVersion: v.sdkVersion };
  }
  return { appVersion: `1.${k}.${(state.index + k) % 3}`, sdkVersion: SDK_OF_VERSION[Math.min(SDK_OF_VERSION.length - 1, Math.floor(k / 2))]! };
}

/** One player's events of one day (empty when the player does not come back that day). */
function playDay(state: AppState, p: Player, d: number, dayStart: number, now: number): SimEvent[] {
  if (d < p.installDay) return [];
  const rng = p.rng;
  const n = d - p.installDay;
  if (n > 0 && rng() >= activeChance(n, p.engagement)) return [];
  const { appVersion, sdkVersion } = versionOf(state, p, d);
  const out: SimEvent[] = [];
  const emit = (name: string, time: number, params: Record<string, unknown> = {}) => {
    if (time > now) return;
    out.push({ id: `${p.id}-${(p.seq++).toString(36)}`, name, userId: p.id, time: Math.floor(time), appVersion, sdkVersion, os: p.platform.os, country: p.country, params });
  };

  const sessions = Math.min(6, 1 + poisson(rng, 0.55 * p.engagement));
  // Session start times spread over the waking hours (07:00-24:00 local), in order.
  const starts = Array.from({ length: sessions }, () => dayStart + (7 + rng() * 16.5) * 3_600_000).sort((a, b) => a - b);
  let questDone = false;
  for (let s = 0; s < sessions; s++) {
    let t = starts[s]!;
    const length = Math.max(30, Math.min(3600, lognormal(rng, 150 * p.engagement, 0.7)));
    const end = Math.min(t + length * 1000, s + 1 < sessions ? starts[s + 1]! - 1000 : dayStart + DAY_MS - 1000);
    if (n === 0 && s === 0) {
      emit('first_open', t, { source: pick(rng, ['organic', 'facebook', 'google_ads', 'unity_ads'], [50, 20, 20, 10]) });
      FUNNEL_STEPS.forEach((step, i) => {
        if (i === 0 || rng() < 0.9 - i * 0.04) emit('funnel_step', t + 2000 + i * 8000, { funnel: 'tutorial', step: i, stepName: step });
      });
    }
    emit('session_start', t);
    if (state.hasAppOpen && s > 0 && rng() < 0.35) adImpression(emit, rng, p, t + 500, 'app_open', 'session_start');
    if (s === 0 && rng() < 0.7) emit('task_quest', t + 1000, { questId: QUESTS[d % QUESTS.length], state: 'start' });
    t += 3000;
    let bannerNext = t + 45_000;
    let levelsWon = 0;
    while (t < end - 20_000) {
      const mini = rng() < 0.08;
      const level = mini ? p.miniLevel : p.level;
      const mode = mini ? 'minigame' : 'main';
      emit('level_start', t, { level, mode });
      const duration = Math.round(Math.max(8, lognormal(rng, mini ? 35 : 70, 0.45)));
      t += duration * 1000;
      while (bannerNext < t) {
        adImpression(emit, rng, p, bannerNext, 'banner', 'gameplay');
        bannerNext += 60_000 + rng() * 60_000;
      }
      p.attempts++;
      const won = rng() < levelWinChance(level, state.difficulty + (mini ? -0.1 : 0));
      if (won) {
        emit('level_complete', t, { level, mode, duration, attempts: p.attempts });
        const reward = 20 + Math.floor(level / 5) * 5;
        p.coins += reward;
        emit('resource_earn', t + 200, { resource: 'coins', amount: reward, source: 'level_reward' });
        p.attempts = 0;
        if (mini) p.miniLevel++;
        else p.level++;
        levelsWon++;
        if (levelsWon % 2 === 0 && rng() < 0.8) adImpression(emit, rng, p, t + 800, 'interstitial', 'level_end');
      } else {
        emit('level_fail', t, { level, mode, duration, attempts: p.attempts });
        if (rng() < 0.28) {
          const network = adImpression(emit, rng, p, t + 800, 'rewarded', 'continue');
          // Some players close the ad before its end: no reward.
          if (network && rng() < 0.9) emit('ad_view', t + 31_000, { action: 'reward', format: 'rewarded', network, placement: 'continue' });
          t += 31_000;
        } else if (p.coins >= 50 && rng() < 0.3) {
          p.coins -= 50;
          emit('resource_spend', t + 500, { resource: 'coins', amount: 50, sink: 'booster' });
          emit('counter', t + 600, { name: 'booster_used', value: 1 });
        }
      }
      t += 4000 + rng() * 6000;
      if (!questDone && levelsWon >= 2 && rng() < 0.6) {
        questDone = true;
        emit('task_quest', t, { questId: QUESTS[d % QUESTS.length], state: 'complete' });
        emit('task_quest', t + 1500, { questId: QUESTS[d % QUESTS.length], state: 'claim' });
        emit('resource_earn', t + 1600, { resource: 'gems', amount: 5, source: 'quest' });
      }
    }
    let purchase: Record<string, unknown> | null = null;
    if (p.payer && rng() < 0.09) {
      const [productId, usd] = pick(rng, PRODUCTS, PRODUCT_WEIGHTS);
      const [currency, rate] = LOCAL[p.country] ?? ['USD', 1];
      purchase = {
        productId,
        priceMicros: Math.round(usd * rate),
        currency,
        revenueUsdMicros: usd,
        transactionId: `GPA.${p.id}.${p.seq}`,
        store: STORE_OF[p.platform.os],
      };
      emit('iap_purchase', t, purchase);
      emit('resource_earn', t + 300, { resource: 'gems', amount: Math.round(usd / 10_000), source: 'iap' });
      if (!p.subscribed && rng() < 0.15) {
        p.subscribed = true;
        emit('subscription', t + 500, { action: 'start', productId: 'vip_weekly', priceMicros: 2_990_000, currency: 'USD', revenueUsdMicros: 2_990_000 });
      }
    }
    if (p.subscribed && s === 0 && (d - p.installDay) % 7 === 0 && n > 0) {
      if (rng() < 0.25) {
        p.subscribed = false;
        emit('subscription', t + 400, { action: 'cancel', productId: 'vip_weekly' });
      } else emit('subscription', t + 400, { action: 'renew', productId: 'vip_weekly', priceMicros: 2_990_000, currency: 'USD', revenueUsdMicros: 2_990_000 });
    }
    playSession(emit, { playerId: p.id, os: p.platform.os, appVersion, day: d, installDay: p.installDay, session: s, sessions, start: starts[s]!, end: Math.max(t, starts[s]! + 1000) });
    simulateMoney(emit, p, { time: t, session: s, daysSinceInstall: n, purchase });
    emit('counter', t + 900, { name: 'session_levels', value: levelsWon });
    emit('session_end', Math.max(t, starts[s]! + 1000) + 1000, { duration: Math.round((Math.max(t, starts[s]! + 1000) + 1000 - starts[s]!) / 1000) });
  }
  return out;
}

function adImpression(
  emit: (name: string, time: number, params?: Record<string, unknown>) => void,
  rng: () => number,
  p: Player,
  time: number,
  format: keyof typeof ECPM,
  placement: string,
): string | null {
  const network = pick(rng, NETWORKS, NETWORK_WEIGHTS);
  if (format !== 'banner') emit('ad_view', time, { action: 'request', format, network, placement });
  if (rng() < 0.05) {
    emit('ad_view', time + 300, { action: 'failed', format, network, placement, reason: pick(rng, ['no_fill', 'timeout', 'network_error'], [70, 20, 10]) });
    return null;
  }
  if (format !== 'banner') emit('ad_view', time + 400, { action: 'show', format, network, placement });
  const ecpm = ECPM[format] * TIER_FACTOR[p.tier] * (0.7 + rng() * 0.6);
  emit('ad_impression', time + 500, { format, network, placement, revenueUsdMicros: Math.round(ecpm * 1000) });
  if (rng() < 0.02) emit('ad_view', time + 2500, { action: 'click', format, network, placement });
  return network;
}

/** The first and last simulated day for options (for scripts and tests). */
export function simulatedRange(days: number, now = nowMs()): { from: string; to: string } {
  const to = dayOf(now);
  return { from: dayOf(dayStartOf(to) - (days - 1) * DAY_MS), to };
}
