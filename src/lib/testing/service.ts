import { randomUUID } from 'node:crypto';
import { addDays, reportDay } from '../time/day';
import type { EventName } from '../analytics/events';
import { restateUser } from '../analytics/rollups/user-facts';
import { columnStore } from '../analytics/store/column-store';
import { latestPlayerEvents, playerEventDays } from '../analytics/store/test-events';
import { mayViewApp } from '../apps/service';
import type { Actor, SessionAccount } from '../auth/types';
import { MESSAGES } from '../http/messages';
import { auditAs } from '../server/audit';
import type { Db, Sql } from '../server/db';
import { HttpError, badRequest, conflict, notFound } from '../server/errors';
import { nowMs } from '../time/clock';
import { LIVE_EVENTS_DAYS, LIVE_EVENTS_MAX, type LiveEvent, type TestPlayer } from './contract';
import { paramErrors, paramsSchema } from './event-schema';
import { sdkKeyOf, sendThroughSdk, startSdkSession } from './forward';

/** The test screens' server side: the player they act on, its flag, its live events and the sends. */

export function mayTestApp(viewer: SessionAccount, appId: string): void {
  if (!mayViewApp(viewer, appId)) throw new HttpError(403, MESSAGES.permissionInvalid);
}

const iso = (v: Date | string) => new Date(v).toISOString();

/** An SDK player of the app with its devices and the platforms it can be sent as; 404 when there is none. */
export async function loadTestPlayer(db: Sql, appId: string, userId: string): Promise<TestPlayer> {
  const [player, devices, platforms] = await Promise.all([
    db.one<{ created_at: Date; last_seen_at: Date; is_test: boolean }>('SELECT created_at, last_seen_at, is_test FROM players WHERE app_id = $1 AND player_id = $2', [appId, userId]),
    db.query<{ device_id: string; os: number }>('SELECT device_id, os FROM player_devices WHERE app_id = $1 AND player_id = $2 ORDER BY bound_at', [appId, userId]),
    db.query<{ os: number }>('SELECT os FROM app_os WHERE app_id = $1 ORDER BY os', [appId]),
  ]);
  if (!player) {
    throw notFound(`q: ${appId} has no SDK player "${userId}". Test players are SDK players: create one with a device id (the game's own session call).`);
  }
  return {
    appId,
    userId,
    isTest: player.is_test,
    createdAt: iso(player.created_at),
    lastSeenAt: iso(player.last_seen_at),
    devices: devices.map((d) => ({ deviceId: d.device_id, os: Number(d.os) })),
    platforms: platforms.map((p) => Number(p.os)),
  };
}

export async function findTestPlayer(db: Sql, viewer: SessionAccount, q: { appId: string; by: 'userId' | 'deviceId'; q: string }): Promise<TestPlayer> {
  mayTestApp(viewer, q.appId);
  if (q.by === 'deviceId') {
    const bound = await db.one<{ player_id: string }>('SELECT player_id FROM player_devices WHERE app_id = $1 AND device_id = $2', [q.appId, q.q]);
    if (!bound) throw notFound(`q: no player of ${q.appId} has the device "${q.q}"; start a session for it to create one.`);
    return loadTestPlayer(db, q.appId, bound.player_id);
  }
  return loadTestPlayer(db, q.appId, q.q);
}

/** The device's player (created on its first call) through POST /api/sdk/v1/players/session with the platform's key. */
export async function startTestSession(db: Sql, viewer: SessionAccount, input: { appId: string; os: number; deviceId: string }) {
  mayTestApp(viewer, input.appId);
  const key = await sdkKeyOf(db, input.appId, input.os);
  const tokens = await startSdkSession(key, input.deviceId);
  // The tokens stay here: staff act on the player through the console, not as the player.
  return { player: await loadTestPlayer(db, input.appId, tokens.playerId), created: tokens.created };
}

/**
 * Marks or unmarks a test player, with one audit row, and restates the rollups in the same transaction: the
 * player's per-user facts are dropped and each day with their events is queued for recomputation.
 */
export async function markTestPlayer(db: Db, actor: Actor, input: { appId: string; userId: string; isTest: boolean }) {
  mayTestApp(actor.account, input.appId);
  const restatedDays = await db.transaction(async (tx) => {
    const before = await tx.one<{ is_test: boolean }>('SELECT is_test FROM players WHERE app_id = $1 AND player_id = $2 FOR UPDATE', [input.appId, input.userId]);
    if (!before) throw notFound(`userId: ${input.appId} has no SDK player "${input.userId}".`);
    if (before.is_test === input.isTest) return 0;
    await tx.query('UPDATE players SET is_test = $3 WHERE app_id = $1 AND player_id = $2', [input.appId, input.userId, input.isTest]);
    // On a column store the reports read the flag as they run: the days that move are the player's days with events.
    const store = columnStore();
    const days = store ? await playerEventDays(await store, input.appId, input.userId) : await restateUser(tx, input.appId, input.userId);
    await auditAs(tx, actor, {
      action: input.isTest ? 'mark_test_player' : 'unmark_test_player',
      entity: 'player', entityId: `${input.appId}/${input.userId}`, before: { isTest: before.is_test }, after: { isTest: input.isTest, restatedDays: days },
    });
    return days;
  });
  return { player: await loadTestPlayer(db, input.appId, input.userId), restatedDays };
}

/** The player's latest events (the last days' partitions, through the (app, user, time) index), newest first. */
export async function liveEvents(db: Sql, viewer: SessionAccount, q: { appId: string; userId: string }): Promise<{ events: LiveEvent[]; readAt: string }> {
  mayTestApp(viewer, q.appId);
  const now = nowMs();
  const fromDay = addDays(reportDay(now), -(LIVE_EVENTS_DAYS - 1));
  const store = columnStore();
  if (store) return { events: await latestPlayerEvents(await store, { ...q, fromDay, limit: LIVE_EVENTS_MAX }), readAt: new Date(now).toISOString() };
  const rows = await db.query<{ event_id: string; name: string; event_time: Date; received_at: Date; os: number; app_version: string; country: string; params: Record<string, unknown> }>(
    `SELECT event_id, name, event_time, received_at, os, app_version, country, params FROM events
      WHERE app_id = $1 AND user_id = $2 AND day >= $3::date ORDER BY event_time DESC, event_id DESC LIMIT $4`,
    [q.appId, q.userId, fromDay, LIVE_EVENTS_MAX],
  );
  return {
    events: rows.map((r) => ({ eventId: r.event_id, name: r.name, time: iso(r.event_time), receivedAt: iso(r.received_at), os: Number(r.os), appVersion: r.app_version, country: r.country, params: r.params })),
    readAt: new Date(now).toISOString(),
  };
}

export interface TestSend {
  appId: string;
  userId: string;
  os: number;
  appVersion: string;
  country?: string;
  params: Record<string, unknown>;
}

/** The SDK version the test screens send under, so their events are told apart in Check SDK and the logs. */
export const TEST_SDK_VERSION = 'console-test';

/**
 * Sends one event as the test player through the SDK endpoint. Only a flagged test player may be sent as:
 * events from the test screens must never reach the reports. The params are checked against the event's
 * schema first (400 naming "params.<field>"); the ingestion checks them again.
 */
export async function sendTestEvent(db: Sql, viewer: SessionAccount, name: EventName, input: TestSend): Promise<{ eventId: string; name: string; duplicate: boolean }> {
  mayTestApp(viewer, input.appId);
  const checked = paramsSchema(name).safeParse(input.params);
  if (!checked.success) {
    // The same words the form shows under the field, named as the request names it ("params.level").
    const fields = paramErrors(name, input.params);
    throw badRequest(Object.entries(fields).slice(0, 5).map(([field, text]) => `${field}: ${text}`).join('; '));
  }
  const player = await loadTestPlayer(db, input.appId, input.userId);
  if (!player.isTest) throw conflict('userId: mark this player as a test player first; events sent from the test screens must stay out of the reports.');
  const eventId = randomUUID();
  const { duplicate } = await sendThroughSdk(db, input.appId, input.os, {
    id: eventId, name, userId: input.userId, time: nowMs(), appVersion: input.appVersion, sdkVersion: TEST_SDK_VERSION, os: input.os,
    ...(input.country ? { country: input.country.toUpperCase() } : {}), params: checked.data,
  });
  return { eventId, name, duplicate };
}
