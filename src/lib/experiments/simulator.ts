import type { SdkEvent } from '../analytics/events';
import { assignVariant } from './assign.ts';
import type { Variant } from './contract';
import { mulberry32 } from '../random/seeded.ts';
import { DAY_MS } from '../time/day.ts';

// Self-contained (types and ./assign.ts only): `npm run bench:analytics` loads it with Node 24's type
// stripping, so the days of the reporting zone (UTC+7, as src/lib/time/day.ts) are repeated here.
const ZONE_MS = 7 * 3_600_000;
const reportDay = (ms: number) => new Date(ms + ZONE_MS).toISOString().slice(0, 10);
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) - ZONE_MS;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);

/**
 * Simulated players of an A/B experiment with a KNOWN effect (server only: assignment hashes): each is
 * installed and exposed on one day of the experiment, gets the variant the console would assign, and comes
 * back on day N with probability base(N) + the variant's lift. The demo studio runs one experiment where B
 * retains better by AB_DEMO_LIFT at every day (so at D7) and one A/A experiment, and the API suite checks
 * that the reports find the first and not the second at AB_DEMO_PLAYERS players.
 */

/** Players of each demo experiment. */
export const AB_DEMO_PLAYERS = 2000;
/** B's extra chance to come back on any day after exposure: +8 percentage points (D7 ≈ 13.5 % → 21.5 %). */
export const AB_DEMO_LIFT = 0.08;
/** Days the demo experiments have been running. */
export const AB_DEMO_DAYS = 28;

/** Chance to come back on day N ≥ 1 without any variant effect (about 45 % at D1, 13 % at D7, 6 % at D30). */
export const baseReturn = (n: number) => 0.45 * n ** -0.62;

export interface ExperimentSimulation {
  experimentId: number;
  variants: readonly Variant[];
  /** Extra return chance per variant key (0 when absent). */
  lift: Record<string, number>;
  players: number;
  /** The first exposure day; players are spread evenly over startDay…yesterday. */
  startDay: string;
  now: number;
  seed: number;
  os: 1 | 2 | 3;
  country: string;
  appVersion: string;
  /** The SDK that version ships with (events without one would make the version's SDK unknown). */
  sdkVersion?: string;
  /** Player ids are `${prefix}${n}`. */
  prefix: string;
  /** False: only what retention needs (install, exposure, one session_start per active day), a fifth of the events. */
  detail?: boolean;
}

/** The events of the simulated players (first_open and exposure on day 0, then sessions, levels, ads and purchases on active days). */
export function simulateExperiment(o: ExperimentSimulation): SdkEvent[] {
  const random = mulberry32(o.seed);
  const today = reportDay(o.now);
  const spread = Math.max(1, daysBetween(o.startDay, today));
  const events: SdkEvent[] = [];
  for (let i = 0; i < o.players; i++) {
    const userId = `${o.prefix}${i}`;
    const variant = assignVariant(o.experimentId, o.variants, userId);
    const day0 = addDays(o.startDay, i % spread);
    let seq = 0;
    let level = 1;
    const emit = (name: SdkEvent['name'], time: number, params?: Record<string, unknown>) =>
      events.push({ id: `ab${o.experimentId}-${i}-${seq++}`, name, userId, time, appVersion: o.appVersion, ...(o.sdkVersion ? { sdkVersion: o.sdkVersion } : {}), os: o.os, country: o.country, ...(params ? { params } : {}) });
    const activeDay = (n: number) => {
      // Mid-morning to evening of the report day, never in the future.
      const at = Math.min(dayStart(addDays(day0, n)) + (9 + Math.floor(random() * 12)) * 3_600_000 + Math.floor(random() * 3_600_000), o.now - 60_000);
      if (n === 0) {
        emit('first_open', at);
        emit('experiment_exposure', at + 1000, { experiment: String(o.experimentId), variant });
      }
      if (o.detail === false) return void emit('session_start', at + 2000);
      const sessions = 1 + Math.floor(random() * 2);
      let t = at + 2000;
      for (let s = 0; s < sessions; s++) {
        const duration = 60 + Math.floor(random() * 840);
        emit('session_start', t);
        const plays = random() < 0.7 ? 1 : 0;
        for (let k = 0; k < plays; k++) emit('level_complete', t + (k + 1) * 1000, { level: level++, duration: 30 + Math.floor(random() * 120), attempts: 1 });
        if (random() < 0.3) emit('ad_impression', t + 500, { format: 'interstitial', network: 'admob', placement: 'level_end', revenueUsdMicros: 2000 + Math.floor(random() * 18_000) });
        emit('session_end', t + duration * 1000, { duration });
        t += (duration + 600) * 1000;
      }
      if (random() < 0.03) emit('iap_purchase', t, { productId: 'gems_small', priceMicros: 1_990_000, currency: 'USD', revenueUsdMicros: 1_990_000, transactionId: `ab${o.experimentId}-${i}-${seq}`, store: 'google_play' });
    };
    activeDay(0);
    for (let n = 1; addDays(day0, n) < today; n++) {
      if (random() < Math.min(0.95, baseReturn(n) + (o.lift[variant] ?? 0))) activeDay(n);
    }
  }
  return events;
}
