import type { Db, Sql } from '../server/db';
import type { Creative, Targeting } from './contract';
import { HOUSE_AD_DEFAULTS } from './contract';

/**
 * What every serve reads and staff rarely change — the published apps and their placements, the running
 * campaigns, the studio settings — kept per process, so a serve costs no query for them.
 *
 * What keeps it safe: the triggers of migration 0166 notify at commit on any change to those tables except
 * the serve counters, and every process drops its copy; while a process is not listening (PGlite before the
 * first serve, a lost PostgreSQL connection) it reads the database every time. A generation number keeps a
 * load that started before a change from being kept. The caps never depend on it: every cap is still
 * reserved by a conditional UPDATE in the database, so a stale copy can cost a failed try, never an extra ad.
 * The lifetime bounds how long a copy lives if a notification were ever missed.
 */

export const HOUSE_ADS_CHANNEL = 'gsm_house_ads';
const TTL_MS = 5_000;

export interface Candidate {
  id: number;
  advertised_app: string;
  store_links: Record<string, string>;
  creatives: (Creative & { id: string })[];
  targeting: Targeting;
  start_at: number;
  end_at: number;
  total_cap: number | null;
  daily_cap: number | null;
  frequency_cap: number | null;
  weight: number;
  priority: number;
  pacing: boolean;
}

export interface StudioSettings {
  frequencyCap: number | null;
  fallbackCreative: Creative | null;
  attributionWindowDays: number;
  pacing: boolean;
}

export interface ServingSnapshot {
  publishers: Map<string, string[]>;
  campaigns: Candidate[];
  settings: StudioSettings;
  /** Campaigns whose total cap was found reached (only an edit, which reloads, can change that). */
  totalReached: Set<number>;
  /** "<campaign>|<day>" whose (unpaced) daily cap was found reached. */
  dayReached: Set<string>;
}

export async function loadSettings(db: Sql): Promise<StudioSettings> {
  const row = await db.one<{ frequency_cap: number | null; fallback_creative: Creative | null; attribution_window_days: number; pacing: boolean }>(
    'SELECT frequency_cap, fallback_creative, attribution_window_days, pacing FROM house_ad_settings WHERE id',
  );
  return {
    frequencyCap: row?.frequency_cap ?? null,
    fallbackCreative: row?.fallback_creative ?? null,
    attributionWindowDays: row?.attribution_window_days ?? HOUSE_AD_DEFAULTS.attributionWindowDays,
    pacing: row?.pacing ?? false,
  };
}

async function load(db: Sql): Promise<ServingSnapshot> {
  const [publishers, campaigns, settings] = await Promise.all([
    db.query<{ app_id: string; placements: string[] }>('SELECT app_id, placements FROM house_ad_publishers WHERE published'),
    db.query<Omit<Candidate, 'start_at' | 'end_at'> & { start_at: Date | string; end_at: Date | string }>(
      `SELECT id, advertised_app, store_links, creatives, targeting, start_at, end_at, total_cap, daily_cap, frequency_cap, weight, priority, pacing
         FROM house_ad_campaigns WHERE status = 'running' AND (total_cap IS NULL OR served_total < total_cap)`,
    ),
    loadSettings(db),
  ]);
  return {
    publishers: new Map(publishers.map((p) => [p.app_id, p.placements])),
    campaigns: campaigns.map((c) => ({ ...c, start_at: new Date(c.start_at).getTime(), end_at: new Date(c.end_at).getTime() })),
    settings,
    totalReached: new Set(),
    dayReached: new Set(),
  };
}

class ServingCache {
  private snapshot: { value: ServingSnapshot; until: number } | null = null;
  private loading: Promise<ServingSnapshot> | null = null;
  private listening = false;
  private started = false;
  private generation = 0;

  async get(db: Db): Promise<ServingSnapshot> {
    if (!this.started) {
      this.started = true;
      await db.listen(HOUSE_ADS_CHANNEL, { message: () => this.drop(), up: () => this.setListening(true), down: () => this.setListening(false) });
    }
    if (!this.listening) return load(db);
    const now = Date.now();
    if (this.snapshot && this.snapshot.until > now) return this.snapshot.value;
    // One load at a time: the requests arriving meanwhile share it.
    if (!this.loading) {
      const generation = this.generation;
      this.loading = load(db).then(
        (value) => {
          if (generation === this.generation && this.listening) this.snapshot = { value, until: Date.now() + TTL_MS };
          this.loading = null;
          return value;
        },
        (error) => {
          this.loading = null;
          throw error;
        },
      );
    }
    return this.loading;
  }

  drop(): void {
    this.generation++;
    this.snapshot = null;
    this.loading = null;
  }

  private setListening(on: boolean): void {
    this.drop();
    this.listening = on;
  }
}

// One cache per process, shared by every chunk of the server bundle.
const holder = globalThis as typeof globalThis & { __gsmHouseAdCache?: ServingCache };

/** The process's house-ads serving snapshot (published apps, running campaigns, settings). */
export function servingSnapshot(db: Db): Promise<ServingSnapshot> {
  holder.__gsmHouseAdCache ??= new ServingCache();
  return holder.__gsmHouseAdCache.get(db);
}

/** Drops this process's copy at once (a change made here; the notification tells the others). */
export function dropServingSnapshot(): void {
  holder.__gsmHouseAdCache?.drop();
}
