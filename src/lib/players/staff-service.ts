import { mayViewApp } from '../apps/service';
import type { Actor, SessionAccount } from '../auth/types';
import { MESSAGES } from '../http/messages';
import { auditAs } from '../server/audit';
import type { Db, Sql } from '../server/db';
import { HttpError, conflict, notFound } from '../server/errors';
import type { PlayerProfile } from './staff-contract';
import { writePlayerData } from './service';
import { columnStore } from '../analytics/store/column-store';
import * as fromStore from '../analytics/store/player-profile';
import type { StoredProfile } from '../analytics/store/player-profile';
import { nowMs } from '../time/clock';
import { addDays, reportDay } from '../time/day';

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function mayView(viewer: SessionAccount, appId: string): void {
  if (!mayViewApp(viewer, appId)) throw new HttpError(403, MESSAGES.permissionInvalid);
}

/** The players a search names in an app: by user id (when the app has seen it), by a bound device, by a purchase's transaction id. */
export async function findPlayers(db: Sql, viewer: SessionAccount, q: { appId: string; by: 'userId' | 'deviceId' | 'transactionId'; q: string }) {
  mayView(viewer, q.appId);
  if (q.by === 'deviceId') {
    const rows = await db.query<{ player_id: string }>('SELECT player_id FROM player_devices WHERE app_id = $1 AND device_id = $2', [q.appId, q.q]);
    return { matches: rows.map((r) => ({ userId: r.player_id, how: `device ${q.q}` })) };
  }
  const store = columnStore();
  if (q.by === 'transactionId') {
    // The purchases index (migration 0072) finds a transaction id in any day partition.
    const users = store
      ? await fromStore.usersOfTransaction(await store, q.appId, q.q)
      : (await db.query<{ user_id: string }>(
          `SELECT DISTINCT user_id FROM events WHERE app_id = $1 AND name = 'iap_purchase' AND params->>'transactionId' = $2 ORDER BY user_id LIMIT 20`,
          [q.appId, q.q],
        )).map((r) => r.user_id);
    return { matches: users.map((userId) => ({ userId, how: `purchase ${q.q}` })) };
  }
  const known = await db.one<{ user_id: string }>(
    `SELECT user_id FROM app_users WHERE app_id = $1 AND user_id = $2
     UNION SELECT player_id FROM players WHERE app_id = $1 AND player_id = $2
     ${store ? '' : 'UNION (SELECT user_id FROM user_days WHERE app_id = $1 AND user_id = $2 LIMIT 1)'}`,
    [q.appId, q.q],
  );
  // On a column store the rollups are empty: a player the reports count is one with a counted event there.
  const found = known ? true : store ? await fromStore.hasLiveEvents(db, await store, q.appId, q.q) : false;
  return { matches: found ? [{ userId: q.q, how: 'user id' }] : [] };
}

/** What the profile reads from events (or their rollups), on PostgreSQL; the column store's is fromStore.playerFacts. */
async function postgresFacts(db: Sql, appId: string, userId: string, since: string): Promise<StoredProfile> {
  const [install, activity, seen, levels, purchases] = await Promise.all([
    db.one<{ install_day: string; os: number; app_version: string; country: string }>('SELECT install_day::text, os, app_version, country FROM app_users WHERE app_id = $1 AND user_id = $2', [appId, userId]),
    db.one<StoredProfile['activity']>(
      `SELECT min(day)::text AS first_day, max(day)::text AS last_day, count(*)::int AS active_days, coalesce(sum(sessions), 0)::int AS sessions,
              coalesce(sum(session_seconds), 0)::float8 AS play, coalesce(sum(ad_impressions), 0)::int AS impressions, coalesce(sum(ad_revenue), 0)::float8 AS ad_revenue,
              coalesce(sum(iap_purchases), 0)::int AS purchases, coalesce(sum(iap_revenue), 0)::float8 AS iap_revenue
         FROM user_days WHERE app_id = $1 AND user_id = $2`,
      [appId, userId],
    ),
    // Every version and country the player's events carried (the daily rollup keeps only each day's last one).
    db.one<{ versions: string[] | null; countries: string[] | null }>(
      `SELECT array_agg(DISTINCT app_version) AS versions, array_agg(DISTINCT country) AS countries FROM events
        WHERE app_id = $1 AND user_id = $2 AND day >= $3::date`,
      [appId, userId, since],
    ),
    db.query<{ mode: string; level: number }>('SELECT mode, max(level)::int AS level FROM level_reach WHERE app_id = $1 AND user_id = $2 GROUP BY mode ORDER BY mode', [appId, userId]),
    db.query<{ event_time: Date; params: Record<string, unknown> }>(
      `SELECT event_time, params FROM events WHERE app_id = $1 AND user_id = $2 AND name = 'iap_purchase' AND day >= $3::date
        ORDER BY event_time DESC, event_id DESC LIMIT 20`,
      [appId, userId, since],
    ),
  ]);
  return {
    install: install ? { ...install, os: Number(install.os) } : null,
    activity: activity ?? { first_day: null, last_day: null, active_days: 0, sessions: 0, play: 0, impressions: 0, ad_revenue: 0, purchases: 0, iap_revenue: 0 },
    seen: { versions: seen?.versions ?? [], countries: seen?.countries ?? [] },
    levels,
    purchases: purchases.map((p) => ({ event_time: iso(p.event_time)!, params: p.params })),
  };
}

/** Everything the console knows of one player of an app, from the rollups, the player record and the raw purchases. */
export async function playerProfile(db: Sql, viewer: SessionAccount, appId: string, userId: string): Promise<PlayerProfile> {
  mayView(viewer, appId);
  // "The last year" of versions, countries and purchases: 366 days back from today's reporting day (the console's clock).
  const since = addDays(reportDay(nowMs()), -366);
  const store = columnStore();
  const [facts, player, devices] = await Promise.all([
    store ? store.then((s) => fromStore.playerFacts(db, s, appId, userId, since)) : postgresFacts(db, appId, userId, since),
    db.one<{ created_at: Date; last_seen_at: Date; is_test: boolean; data_version: number | null }>(
      'SELECT p.created_at, p.last_seen_at, p.is_test, d.version AS data_version FROM players p LEFT JOIN player_data d USING (app_id, player_id) WHERE p.app_id = $1 AND p.player_id = $2',
      [appId, userId],
    ),
    db.query<{ device_id: string; os: number; bound_at: Date; last_seen_at: Date }>('SELECT device_id, os, bound_at, last_seen_at FROM player_devices WHERE app_id = $1 AND player_id = $2 ORDER BY bound_at', [appId, userId]),
  ]);
  const { install, activity, seen, levels, purchases } = facts;
  if (!install && !activity.first_day && !player && purchases.length === 0) throw notFound(`No player "${userId}" in ${appId}.`);
  return {
    appId,
    userId,
    install: install ? { day: install.install_day, os: Number(install.os), appVersion: install.app_version, country: install.country } : null,
    activity: activity.first_day
      ? {
          firstDay: activity.first_day, lastDay: activity.last_day!, activeDays: activity.active_days, sessions: activity.sessions, playSeconds: Number(activity.play),
          adImpressions: activity.impressions, adRevenue: Number(activity.ad_revenue), iapPurchases: activity.purchases, iapRevenue: Number(activity.iap_revenue),
          versions: [...seen.versions].sort(), countries: [...seen.countries].sort(),
        }
      : null,
    levels,
    player: player
      ? {
          createdAt: iso(player.created_at)!, lastSeenAt: iso(player.last_seen_at)!, isTest: player.is_test, dataVersion: Number(player.data_version ?? 0),
          devices: devices.map((d) => ({ deviceId: d.device_id, os: Number(d.os), boundAt: iso(d.bound_at)!, lastSeenAt: iso(d.last_seen_at)! })),
        }
      : null,
    purchases: purchases.map((p) => ({
      time: p.event_time, productId: String(p.params.productId ?? ''), revenueUsdMicros: Number(p.params.revenueUsdMicros ?? 0), transactionId: String(p.params.transactionId ?? ''), store: String(p.params.store ?? ''),
    })),
  };
}

/** The cloud save of a player as staff see it. */
export async function readSaveForStaff(db: Sql, viewer: SessionAccount, appId: string, userId: string) {
  mayView(viewer, appId);
  const exists = await db.one('SELECT 1 FROM players WHERE app_id = $1 AND player_id = $2', [appId, userId]);
  if (!exists) throw notFound(`No player "${userId}" in ${appId} uses player sessions, so there is no save.`);
  const row = await db.one<{ version: number; data: Record<string, unknown>; updated_at: Date; updated_by: string }>(
    'SELECT version, data, updated_at, updated_by FROM player_data WHERE app_id = $1 AND player_id = $2',
    [appId, userId],
  );
  return row ? { version: row.version, data: row.data, updatedAt: iso(row.updated_at), updatedBy: row.updated_by } : { version: 0, data: {}, updatedAt: null, updatedBy: null };
}

/**
 * A staff edit of a cloud save: over the version the editor opened (409 when the game saved since), with an
 * audit row holding the document before and after, in one transaction.
 */
export async function updateSaveForStaff(db: Db, actor: Actor, input: { appId: string; userId: string; version: number; data: Record<string, unknown> }) {
  mayView(actor.account, input.appId);
  return db.transaction(async (tx) => {
    const before = await tx.one<{ version: number; data: Record<string, unknown> }>('SELECT version, data FROM player_data WHERE app_id = $1 AND player_id = $2 FOR UPDATE', [input.appId, input.userId]);
    if (!before) throw notFound(`"${input.userId}" has no save in ${input.appId} to edit.`);
    if (before.version !== input.version) throw conflict(`version: the game saved version ${before.version} since you opened version ${input.version}; reload and apply your change again.`);
    const saved = await writePlayerData(tx, { appId: input.appId, playerId: input.userId, deviceId: '' }, { version: input.version, data: input.data }, actor.account.username);
    await auditAs(tx, actor, {
      action: 'update_player_data', entity: 'player_data', entityId: `${input.appId}/${input.userId}`,
      before: { version: before.version, data: before.data }, after: { version: saved.version, data: input.data },
    });
    return saved;
  });
}
