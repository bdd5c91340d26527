import { createHmac, randomInt } from 'node:crypto';
import type { z } from 'zod';
import { dayStart, reportDay } from '../analytics/day';
import { appOfKey } from '../analytics/ingest';
import { playerOf } from '../players/service';
import { serverConfig } from '../server/config';
import { randomToken, signToken, verifyToken } from '../server/crypto';
import type { Db, Sql } from '../server/db';
import { HttpError, badRequest, conflict } from '../server/errors';
import { nowMs } from '../time/clock';
import { type Creative, type ServedAd, type serveRequest, type Targeting } from './contract';

/**
 * The SDK's side of in-house ads: picking an ad, reserving it against the caps, tracking impressions and
 * clicks, and crediting installs to the last click. Caps are reserved by conditional UPDATEs inside one
 * transaction per try, never read-then-write, so they hold across processes sharing PostgreSQL.
 */

const DAY_MS = 86_400_000;
/** How long a served ad's tracking tokens are accepted. */
const TRACKING_TTL_MS = 24 * 3_600_000;

/** A key for tracking tokens only, derived from SESSION_SECRET (a tracking token is never a session or player token). */
let cachedKey: { secret: string; key: string } | null = null;
function trackingKey(): string {
  const secret = serverConfig().sessionSecret;
  if (cachedKey?.secret !== secret) cachedKey = { secret, key: createHmac('sha256', secret).update('gsm house-ad tracking v1').digest('base64url') };
  return cachedKey.key;
}

interface TrackingClaims {
  /** The serve. */
  s: string;
  /** i: impression, c: click. */
  k: 'i' | 'c';
  /** Publisher app and player the ad was served to. */
  a: string;
  p: string;
  exp: number;
}

interface Candidate {
  id: number;
  advertised_app: string;
  store_links: Record<string, string>;
  creatives: (Creative & { id: string })[];
  targeting: Targeting;
  total_cap: number | null;
  daily_cap: number | null;
  frequency_cap: number | null;
  weight: number;
  priority: number;
  pacing: boolean;
}

const OS_KEYS: Record<number, 'android' | 'ios' | 'webgl'> = { 1: 'android', 2: 'ios', 3: 'webgl' };

/** Thrown inside a reservation to roll it back: a cap is reached. */
class CapReached extends Error {}

/**
 * The ads a daily cap allows so far today when paced: the cap spread evenly over the reporting day, so a
 * campaign does not spend its day in the first hour.
 */
export function pacedAllowance(dailyCap: number, now: number): number {
  const elapsed = (now - dayStart(reportDay(now))) / DAY_MS;
  return Math.max(1, Math.ceil(dailyCap * Math.min(1, elapsed)));
}

/** Higher priority first; within a priority, a weighted random order (Efraimidis–Spirakis keys). */
function pickOrder<T extends { priority: number; weight: number }>(list: T[]): T[] {
  const keyed = list.map((c) => ({ c, key: Math.pow((randomInt(1, 1_000_001) / 1_000_001), 1 / Math.max(1, c.weight)) }));
  keyed.sort((a, b) => b.c.priority - a.c.priority || b.key - a.key);
  return keyed.map((k) => k.c);
}

function matches(t: Targeting, ctx: { appId: string; os: number; country?: string; version?: string; isNew: boolean }): boolean {
  if (t.publisherApps.length && !t.publisherApps.includes(ctx.appId)) return false;
  if (t.os.length && !t.os.includes(ctx.os as 1 | 2 | 3)) return false;
  if (t.countries.length && (!ctx.country || !t.countries.includes(ctx.country))) return false;
  if (t.versions.length && (!ctx.version || !t.versions.includes(ctx.version))) return false;
  if (t.audience === 'new' && !ctx.isNew) return false;
  if (t.audience === 'returning' && ctx.isNew) return false;
  return true;
}

/** Picks and reserves an ad for the player behind the headers, or null: no fill. */
export async function serveAd(db: Db, headers: Headers, req: z.output<typeof serveRequest>, now = nowMs()): Promise<ServedAd | null> {
  const app = await appOfKey(db, headers.get('x-sdk-key'));
  const player = await playerOf(db, headers);
  const publisher = await db.one<{ placements: string[] }>('SELECT placements FROM house_ad_publishers WHERE app_id = $1 AND published', [app.appId]);
  if (!publisher) return null;
  if (!publisher.placements.includes(req.placement)) throw badRequest(`placement: ${req.placement} is not a placement of this app (Published Apps lists them).`);
  const nowIso = new Date(now).toISOString();
  const today = reportDay(now);
  const running = await db.query<Candidate>(
    `SELECT id, advertised_app, store_links, creatives, targeting, total_cap, daily_cap, frequency_cap, weight, priority, pacing
       FROM house_ad_campaigns
      WHERE status = 'running' AND start_at <= $1 AND end_at > $1 AND advertised_app <> $2 AND (total_cap IS NULL OR served_total < total_cap)`,
    [nowIso, app.appId],
  );
  if (!running.length) return null;
  let isNew = false;
  if (running.some((c) => c.targeting.audience !== 'all')) {
    const p = await db.one<{ created_at: Date | string }>('SELECT created_at FROM players WHERE app_id = $1 AND player_id = $2', [app.appId, player.playerId]);
    isNew = p ? reportDay(new Date(p.created_at).getTime()) === today : false;
  }
  const eligible = running
    .filter((c) => matches(c.targeting, { appId: app.appId, os: app.os, country: req.country, version: req.version, isNew }))
    .map((c) => ({ ...c, shown: c.creatives.filter((cr) => cr.format === req.format) }))
    .filter((c) => c.shown.length > 0);
  for (const campaign of pickOrder(eligible)) {
    const creative = campaign.shown[randomInt(campaign.shown.length)]!;
    const serveId = randomToken(16);
    try {
      await db.transaction(async (tx) => {
        await reserve(tx, campaign, app.appId, player.playerId, today, now);
        await tx.query(
          `INSERT INTO house_ad_serves (serve_id, campaign_id, creative_id, publisher_app, placement, player_id, device_id, day, served_at, os, app_version, country)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
          [serveId, campaign.id, creative.id, app.appId, req.placement, player.playerId, player.deviceId, today, nowIso, app.os, req.version ?? null, req.country ?? null],
        );
      });
    } catch (error) {
      if (error instanceof CapReached) continue;
      throw error;
    }
    const claims = { s: serveId, a: app.appId, p: player.playerId, exp: now + TRACKING_TTL_MS };
    return {
      campaignId: campaign.id,
      creativeId: creative.id,
      format: creative.format,
      width: creative.width,
      height: creative.height,
      url: creative.url,
      storeUrl: campaign.store_links[OS_KEYS[app.os]!] ?? '',
      impressionToken: signToken({ ...claims, k: 'i' } satisfies TrackingClaims, trackingKey()),
      clickToken: signToken({ ...claims, k: 'c' } satisfies TrackingClaims, trackingKey()),
    };
  }
  return null;
}

/**
 * One ad against the total, daily (paced) and per-player caps: each counter moves only while under its cap,
 * in one statement, so two processes can never both take the last ad. Any cap reached rolls the try back.
 */
async function reserve(tx: Sql, c: Candidate, appId: string, playerId: string, day: string, now: number): Promise<void> {
  const total = await tx.one('UPDATE house_ad_campaigns SET served_total = served_total + 1 WHERE id = $1 AND status = $2 AND (total_cap IS NULL OR served_total < total_cap) RETURNING id', [c.id, 'running']);
  if (!total) throw new CapReached();
  const dailyLimit = c.daily_cap === null ? null : c.pacing ? Math.min(c.daily_cap, pacedAllowance(c.daily_cap, now)) : c.daily_cap;
  const daily = await tx.one(
    `INSERT INTO house_ad_day_counts (campaign_id, day, served) VALUES ($1, $2, 1)
     ON CONFLICT (campaign_id, day) DO UPDATE SET served = house_ad_day_counts.served + 1
      WHERE $3::int IS NULL OR house_ad_day_counts.served < $3::int
     RETURNING served`,
    [c.id, day, dailyLimit],
  );
  if (!daily) throw new CapReached();
  if (c.frequency_cap !== null) {
    const perPlayer = await tx.one(
      `INSERT INTO house_ad_player_days (campaign_id, day, app_id, player_id, served) VALUES ($1, $2, $3, $4, 1)
       ON CONFLICT (campaign_id, day, app_id, player_id) DO UPDATE SET served = house_ad_player_days.served + 1
        WHERE house_ad_player_days.served < $5::int
       RETURNING served`,
      [c.id, day, appId, playerId, c.frequency_cap],
    );
    if (!perPlayer) throw new CapReached();
  }
}

/** Counts the impression or click a tracking token names, once; forged, expired or foreign tokens are refused. */
export async function track(db: Db, headers: Headers, token: string, kind: 'i' | 'c', now = nowMs()): Promise<{ storeUrl: string }> {
  const claims = verifyToken<TrackingClaims>(token, trackingKey());
  if (!claims || typeof claims.s !== 'string' || claims.k !== kind) throw badRequest(`token: not a valid ${kind === 'i' ? 'impression' : 'click'} token.`);
  if (typeof claims.exp !== 'number' || claims.exp < now) throw badRequest('token: expired (tracking tokens are valid 24 hours).');
  const player = await playerOf(db, headers);
  if (player.appId !== claims.a || player.playerId !== claims.p) throw new HttpError(403, 'token: this ad was served to another player.');
  const at = new Date(now).toISOString();
  const day = reportDay(now);
  const row =
    kind === 'i'
      ? await db.one<{ store_links: Record<string, string> }>(
          `UPDATE house_ad_serves s SET impression_at = $2, impression_day = $3 FROM house_ad_campaigns c
            WHERE s.serve_id = $1 AND s.impression_at IS NULL AND c.id = s.campaign_id RETURNING c.store_links`,
          [claims.s, at, day],
        )
      : await db.one<{ store_links: Record<string, string> }>(
          `UPDATE house_ad_serves s SET click_at = $2, click_day = $3 FROM house_ad_campaigns c
            WHERE s.serve_id = $1 AND s.click_at IS NULL AND c.id = s.campaign_id RETURNING c.store_links`,
          [claims.s, at, day],
        );
  if (!row) throw conflict(`token: this ${kind === 'i' ? 'impression' : 'click'} was already counted.`);
  const os = (await appOfKey(db, headers.get('x-sdk-key'))).os;
  return { storeUrl: row.store_links[OS_KEYS[os]!] ?? '' };
}
