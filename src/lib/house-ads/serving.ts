import { createHmac, randomInt } from 'node:crypto';
import type { z } from 'zod';
import { dayStart, reportDay, DAY_MS } from '../time/day';
import { appOfKey } from '../analytics/ingest';
import { playerOf } from '../players/service';
import { serverConfig } from '../server/config';
import { randomToken, signToken, verifyToken } from '../server/crypto';
import type { Db } from '../server/db';
import { servingSnapshot } from './serving-cache';
import { HttpError, badRequest } from '../server/errors';
import { nowMs } from '../time/clock';
import { type Creative, type ServedAd, type serveRequest, type Targeting } from './contract';

/**
 * The SDK's side of in-house ads: picking an ad, reserving it against the caps, tracking impressions and
 * clicks, and crediting installs to the last click. Caps are reserved by conditional UPDATEs inside one
 * transaction per try, never read-then-write, so they hold across processes sharing PostgreSQL.
 */

/** How long a served ad's tracking tokens are accepted. */
const TRACKING_TTL_MS = DAY_MS;

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

const OS_KEYS: Record<number, 'android' | 'ios' | 'webgl'> = { 1: 'android', 2: 'ios', 3: 'webgl' };


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
  const [player, snap] = await Promise.all([playerOf(db, headers, app), servingSnapshot(db)]);
  const placements = snap.publishers.get(app.appId);
  if (!placements) return null;
  if (!placements.includes(req.placement)) throw badRequest(`placement: ${req.placement} is not a placement of this app (Published Apps lists them).`);
  const today = reportDay(now);
  const running = snap.campaigns.filter((c) => c.start_at <= now && c.end_at > now && c.advertised_app !== app.appId && !snap.totalReached.has(c.id) && !snap.dayReached.has(`${c.id}|${today}`));
  let isNew = false;
  if (running.some((c) => c.targeting.audience !== 'all')) {
    const p = await db.one<{ created_at: Date | string }>('SELECT created_at FROM players WHERE app_id = $1 AND player_id = $2', [app.appId, player.playerId]);
    isNew = p ? reportDay(new Date(p.created_at).getTime()) === today : false;
  }
  const eligible = running
    .filter((c) => matches(c.targeting, { appId: app.appId, os: app.os, country: req.country, version: req.version, isNew }))
    .map((c) => ({ ...c, shown: c.creatives.filter((cr) => cr.format === req.format) }))
    .filter((c) => c.shown.length > 0);
  const nowIso = new Date(now).toISOString();
  for (const campaign of pickOrder(eligible)) {
    const creative = campaign.shown[randomInt(campaign.shown.length)]!;
    const serveId = randomToken(16);
    const dailyLimit = campaign.daily_cap === null ? null : campaign.pacing ? Math.min(campaign.daily_cap, pacedAllowance(campaign.daily_cap, now)) : campaign.daily_cap;
    const result = await db.one<{ r: string }>('SELECT house_ad_reserve($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) AS r', [
      serveId, campaign.id, creative.id, app.appId, req.placement, player.playerId, player.deviceId, today, nowIso, app.os, req.version ?? null, req.country ?? null,
      dailyLimit, campaign.frequency_cap ?? snap.settings.frequencyCap,
    ]);
    if (result?.r !== 'ok') {
      // Remembered until the snapshot reloads, so the next asks skip it without a try. A paced day's
      // allowance grows by the minute, so only an unpaced day is remembered as full.
      if (result?.r === 'total') snap.totalReached.add(campaign.id);
      if (result?.r === 'daily' && !campaign.pacing) snap.dayReached.add(`${campaign.id}|${today}`);
      continue;
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
  return fallbackAd(snap.settings.fallbackCreative, req.format);
}

/** The studio's fallback creative when no campaign fills a request of its format: nobody's ad, nothing to track. */
function fallbackAd(fallback: Creative | null, format: string): ServedAd | null {
  if (!fallback || fallback.format !== format) return null;
  return { campaignId: 0, creativeId: 'fallback', format: fallback.format, width: fallback.width, height: fallback.height, url: fallback.url, storeUrl: '', impressionToken: '', clickToken: '' };
}

/**
 * Counts the impression or click a tracking token names, once (a replay answers the first answer); forged, expired
 * or foreign tokens are refused.
 */
export async function track(db: Db, headers: Headers, token: string, kind: 'i' | 'c', now = nowMs()): Promise<{ storeUrl: string }> {
  const claims = verifyToken<TrackingClaims>(token, trackingKey());
  if (!claims || typeof claims.s !== 'string' || claims.k !== kind) throw badRequest(`token: not a valid ${kind === 'i' ? 'impression' : 'click'} token.`);
  if (typeof claims.exp !== 'number' || claims.exp < now) throw badRequest('token: expired (tracking tokens are valid 24 hours).');
  const app = await appOfKey(db, headers.get('x-sdk-key'));
  const player = await playerOf(db, headers, app);
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
      : // A click counts only on a serve whose impression was recorded: an ad nobody saw cannot be tapped, and a
        // click token sent straight after the serve (a script farming clicks) must not count.
        await db.one<{ store_links: Record<string, string> }>(
          `UPDATE house_ad_serves s SET click_at = $2, click_day = $3 FROM house_ad_campaigns c
            WHERE s.serve_id = $1 AND s.click_at IS NULL AND s.impression_at IS NOT NULL AND c.id = s.campaign_id RETURNING c.store_links`,
          [claims.s, at, day],
        );
  if (!row) {
    // Not counted now: a replay of a counted token (the same player's retry after a lost answer) answers what the
    // first call answered, and counts nothing again; a click on a serve nobody saw is refused.
    const serve = await db.one<{ shown: boolean; clicked: boolean; store_links: Record<string, string> }>(
      `SELECT s.impression_at IS NOT NULL AS shown, s.click_at IS NOT NULL AS clicked, c.store_links
         FROM house_ad_serves s JOIN house_ad_campaigns c ON c.id = s.campaign_id WHERE s.serve_id = $1`,
      [claims.s],
    );
    if (serve && kind === 'c' && !serve.shown) throw new HttpError(409, 'token: this ad\'s impression was not recorded; send the impression token first, then the click.', {}, 'AD_IMPRESSION_MISSING');
    if (!serve || !(kind === 'i' ? serve.shown : serve.clicked)) throw new HttpError(409, `token: this ${kind === 'i' ? 'impression' : 'click'} was already counted.`, {}, 'AD_TOKEN_USED');
    return { storeUrl: serve.store_links[OS_KEYS[app.os]!] ?? '' };
  }
  return { storeUrl: row.store_links[OS_KEYS[app.os]!] ?? '' };
}
