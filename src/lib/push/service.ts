import type { Actor, SessionAccount } from '../auth/types';
import { tooDeepAt, tooDeepMessage } from '../json-depth';
import { mayViewApp } from '../apps/service';
import type { PlayerClaims } from '../players/tokens';
import { auditAs } from '../server/audit';
import { serverConfig } from '../server/config';
import { decryptSecret, encryptSecret } from '../server/crypto';
import type { Db, Sql } from '../server/db';
import { HttpError, badRequest, notFound } from '../server/errors';
import { nowMs } from '../time/clock';
import { REPORT_TIME_ZONE } from '../time/zone';
import type { Push, PushTarget } from './contract';
import type { FcmAccount } from './fcm';
import { zonedInstant } from './local-time';
import { daysMs } from '../time/day';

/**
 * Push notifications: per-app FCM settings (service account sealed), devices the SDK registers, pushes with
 * their target materialised into one delivery row per device when composed (so stats and local-time sends
 * need no second pass), and cancel. The send job is in send.ts.
 */

const forbidden = () => new HttpError(403, 'Permission invalid');

async function visibleApp(db: Sql, viewer: SessionAccount, appId: string): Promise<void> {
  if (!(await db.one('SELECT 1 FROM apps WHERE id = $1', [appId]))) throw notFound(`appId: app "${appId}" does not exist.`);
  if (!mayViewApp(viewer, appId)) throw forbidden();
}

/* ---------- settings ---------- */

type SettingsRow = { app_id: string; project_id: string; client_email: string; updated_by: string; updated_at: Date };
const toSettings = (r: SettingsRow) => ({ appId: r.app_id, projectId: r.project_id, clientEmail: r.client_email, hasServiceAccount: true, updatedBy: r.updated_by, updatedAt: new Date(r.updated_at).toISOString() });

export async function readSettings(db: Sql, viewer: SessionAccount, appId: string) {
  await visibleApp(db, viewer, appId);
  const row = await db.one<SettingsRow>('SELECT app_id, project_id, client_email, updated_by, updated_at FROM push_settings WHERE app_id = $1', [appId]);
  return row ? toSettings(row) : null;
}

export async function listSettings(db: Sql, viewer: SessionAccount) {
  const rows = await db.query<SettingsRow>('SELECT app_id, project_id, client_email, updated_by, updated_at FROM push_settings ORDER BY app_id');
  return rows.filter((r) => mayViewApp(viewer, r.app_id)).map(toSettings);
}

function parseServiceAccount(json: string): FcmAccount {
  if (tooDeepAt(json) >= 0) throw badRequest(tooDeepMessage('serviceAccountJson'));
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(json) as Record<string, unknown>;
  } catch {
    throw badRequest('serviceAccountJson: is not JSON (paste the key file of the Firebase service account).');
  }
  if (typeof parsed.client_email !== 'string' || typeof parsed.private_key !== 'string' || !parsed.private_key.includes('PRIVATE KEY')) {
    throw badRequest('serviceAccountJson: needs client_email and private_key (a service account key file).');
  }
  return { client_email: parsed.client_email, private_key: parsed.private_key, private_key_id: typeof parsed.private_key_id === 'string' ? parsed.private_key_id : undefined };
}

export async function saveSettings(db: Db, actor: Actor, input: { appId: string; projectId: string; serviceAccountJson?: string }) {
  await visibleApp(db, actor.account, input.appId);
  const account = input.serviceAccountJson?.trim() ? parseServiceAccount(input.serviceAccountJson) : null;
  return db.transaction(async (tx) => {
    const before = await tx.one<SettingsRow & { service_account: string }>('SELECT app_id, project_id, client_email, service_account, updated_by, updated_at FROM push_settings WHERE app_id = $1 FOR UPDATE', [input.appId]);
    if (!before && !account) throw badRequest('serviceAccountJson: paste the service account key file (it is required the first time).');
    const sealed = account ? encryptSecret(JSON.stringify(account), serverConfig().secretKey) : before!.service_account;
    const email = account ? account.client_email : before!.client_email;
    const row = await tx.one<SettingsRow>(
      `INSERT INTO push_settings (app_id, project_id, client_email, service_account, updated_by, updated_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (app_id) DO UPDATE SET project_id = EXCLUDED.project_id, client_email = EXCLUDED.client_email, service_account = EXCLUDED.service_account,
              updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at
       RETURNING app_id, project_id, client_email, updated_by, updated_at`,
      [input.appId, input.projectId, email, sealed, actor.account.username, new Date(nowMs())],
    );
    // The audit row holds the clear fields only, never the key.
    await auditAs(tx, actor, {
      action: before ? 'update' : 'create', entity: 'push_settings', entityId: input.appId,
      before: before ? { projectId: before.project_id, clientEmail: before.client_email } : undefined, after: { projectId: input.projectId, clientEmail: email, serviceAccountReplaced: Boolean(account) },
    });
    return toSettings(row!);
  });
}

export async function fcmCredentials(db: Sql, appId: string): Promise<{ projectId: string; account: FcmAccount } | null> {
  const row = await db.one<{ project_id: string; service_account: string }>('SELECT project_id, service_account FROM push_settings WHERE app_id = $1', [appId]);
  if (!row) return null;
  return { projectId: row.project_id, account: JSON.parse(decryptSecret(row.service_account, serverConfig().secretKey)) as FcmAccount };
}

/* ---------- devices (SDK) ---------- */

export async function registerDevice(db: Sql, player: PlayerClaims, os: number, input: { token: string; timeZone: string; appVersion: string; country?: string }) {
  await db.query(
    `INSERT INTO push_devices (app_id, device_id, player_id, token, os, time_zone, app_version, country, last_seen_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (app_id, device_id) DO UPDATE SET player_id = EXCLUDED.player_id, token = EXCLUDED.token, os = EXCLUDED.os, time_zone = EXCLUDED.time_zone,
            app_version = EXCLUDED.app_version, country = CASE WHEN EXCLUDED.country = '' THEN push_devices.country ELSE EXCLUDED.country END, last_seen_at = EXCLUDED.last_seen_at`,
    [player.appId, player.deviceId, player.playerId, input.token, os, input.timeZone, input.appVersion, input.country ?? '', new Date(nowMs())],
  );
  return { registered: true };
}

export async function unregisterDevice(db: Sql, player: PlayerClaims) {
  const rows = await db.query('DELETE FROM push_devices WHERE app_id = $1 AND device_id = $2 RETURNING device_id', [player.appId, player.deviceId]);
  return { removed: rows.length > 0 };
}

/** The first open of a push on this player's device counts; later ones and pushes never sent there do not. */
export async function reportOpened(db: Sql, player: PlayerClaims, pushId: number) {
  const rows = await db.query(
    `UPDATE push_deliveries d SET opened_at = $4 FROM pushes p
      WHERE d.push_id = $1 AND p.id = d.push_id AND p.app_id = $2 AND d.player_id = $3 AND d.status = 'sent' AND d.opened_at IS NULL RETURNING d.push_id`,
    [pushId, player.appId, player.playerId, new Date(nowMs())],
  );
  return { counted: rows.length > 0 };
}

/* ---------- pushes ---------- */

type PushRow = {
  id: number; app_id: string; title: string; body: string; data: Record<string, string>; target: PushTarget; schedule_kind: 'now' | 'at' | 'local';
  send_at: Date; local_time: string | null; status: Push['status']; targeted: number; created_by: string; created_at: Date;
};
const COLUMNS = 'id, app_id, title, body, data, target, schedule_kind, send_at, local_time, status, targeted, created_by, created_at';

async function statsOf(db: Sql, ids: number[]): Promise<Map<number, Push['stats']>> {
  const out = new Map<number, Push['stats']>();
  if (!ids.length) return out;
  const rows = await db.query<{ push_id: number; status: string; reason: string | null; n: number; opened: number }>(
    `SELECT push_id, status, reason, count(*)::int AS n, count(opened_at)::int AS opened FROM push_deliveries WHERE push_id = ANY($1::int[]) GROUP BY push_id, status, reason`,
    [ids],
  );
  for (const r of rows) {
    const s = out.get(r.push_id) ?? { targeted: 0, queued: 0, sent: 0, failed: 0, failedByReason: {}, opened: 0 };
    s.targeted += r.n;
    s.opened += r.opened;
    if (r.status === 'queued') s.queued += r.n;
    if (r.status === 'sent') s.sent += r.n;
    if (r.status === 'failed') {
      s.failed += r.n;
      s.failedByReason[r.reason ?? 'UNKNOWN'] = (s.failedByReason[r.reason ?? 'UNKNOWN'] ?? 0) + r.n;
    }
    out.set(r.push_id, s);
  }
  return out;
}

async function toPushes(db: Sql, rows: PushRow[]): Promise<Push[]> {
  const stats = await statsOf(db, rows.map((r) => r.id));
  return rows.map((r) => ({
    id: r.id, appId: r.app_id, title: r.title, body: r.body, deepLink: r.data.deepLink ?? '', target: r.target, scheduleKind: r.schedule_kind,
    sendAt: new Date(r.send_at).toISOString(), localTime: r.local_time, status: r.status, createdBy: r.created_by, createdAt: new Date(r.created_at).toISOString(),
    stats: stats.get(r.id) ?? { targeted: r.targeted, queued: 0, sent: 0, failed: 0, failedByReason: {}, opened: 0 },
  }));
}

export async function listPushes(db: Sql, viewer: SessionAccount, appId?: string): Promise<Push[]> {
  if (appId && !mayViewApp(viewer, appId)) throw forbidden();
  const rows = await db.query<PushRow>(`SELECT ${COLUMNS} FROM pushes ${appId ? 'WHERE app_id = $1' : ''} ORDER BY id DESC LIMIT 500`, appId ? [appId] : []);
  return toPushes(db, rows.filter((r) => mayViewApp(viewer, r.app_id)));
}

async function onePush(db: Sql, viewer: SessionAccount, id: number, lock = false): Promise<PushRow> {
  const row = await db.one<PushRow>(`SELECT ${COLUMNS} FROM pushes WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  if (!row || !mayViewApp(viewer, row.app_id)) throw notFound(`id: push ${id} was not found.`);
  return row;
}

export async function pushStatsRows(db: Sql, viewer: SessionAccount, id: number) {
  const [push] = await toPushes(db, [await onePush(db, viewer, id)]);
  const s = push!.stats;
  return [
    { metric: 'Targeted', value: s.targeted },
    { metric: 'Waiting', value: s.queued },
    { metric: 'Sent', value: s.sent },
    { metric: 'Failed', value: s.failed },
    ...Object.entries(s.failedByReason).map(([reason, n]) => ({ metric: `Failed: ${reason}`, value: n })),
    { metric: 'Opened', value: s.opened },
  ];
}

export interface ComposeInput extends PushTarget {
  appId: string; title: string; body: string; deepLink: string;
  scheduleKind: 'now' | 'at' | 'local'; sendDay?: string; sendTime?: string;
}

type DeviceRow = { device_id: string; player_id: string; token: string; time_zone: string };

function targetedDevices(db: Sql, appId: string, t: PushTarget, now: number): Promise<DeviceRow[]> {
  const where = ['app_id = $1'];
  const args: unknown[] = [appId];
  const add = (sql: string, value: unknown) => {
    args.push(value);
    where.push(sql.replace('$?', `$${args.length}`));
  };
  if (t.os) add('os = $?', t.os);
  if (t.countries.length) add('country = ANY($?::text[])', t.countries);
  if (t.versions.length) add('app_version = ANY($?::text[])', t.versions);
  if (t.lastSeenDays) add('last_seen_at >= $?', new Date(now - daysMs(t.lastSeenDays)));
  if (t.playerIds.length) add('player_id = ANY($?::text[])', t.playerIds);
  return db.query<DeviceRow>(`SELECT device_id, player_id, token, time_zone FROM push_devices WHERE ${where.join(' AND ')}`, args);
}

/** Grace for "now" and a time typed a moment ago: a form sent within a minute is not "in the past". */
const PAST_GRACE_MS = 60_000;

export async function createPush(db: Db, actor: Actor, input: ComposeInput): Promise<Push> {
  await visibleApp(db, actor.account, input.appId);
  const now = nowMs();
  const target: PushTarget = { os: input.os, countries: input.countries, versions: input.versions, lastSeenDays: input.lastSeenDays, playerIds: input.playerIds };
  let sendAt = now;
  if (input.scheduleKind === 'at') {
    sendAt = zonedInstant(input.sendDay!, input.sendTime!, REPORT_TIME_ZONE);
    if (sendAt < now - PAST_GRACE_MS) throw badRequest('sendTime: is in the past.');
  }
  if (!(await db.one('SELECT 1 FROM push_settings WHERE app_id = $1', [input.appId]))) {
    throw badRequest('appId: the app has no FCM settings yet (project id and service account).');
  }
  const devices = await targetedDevices(db, input.appId, target, now);
  if (!devices.length) throw badRequest('target: no registered device matches this target (0 devices).');
  // Local time: each device's due time is the wall time in its own zone; a zone where it has passed is skipped,
  // as Firebase's console does, and counted as failed "LOCAL_TIME_PASSED".
  const due = devices.map((d) => (input.scheduleKind === 'local' ? zonedInstant(input.sendDay!, input.sendTime!, d.time_zone) : sendAt));
  if (input.scheduleKind === 'local') {
    if (due.every((t) => t < now - PAST_GRACE_MS)) throw badRequest('sendTime: has passed in every targeted time zone.');
    sendAt = Math.min(...due.filter((t) => t >= now - PAST_GRACE_MS));
  }
  return db.transaction(async (tx) => {
    const row = await tx.one<PushRow>(
      `INSERT INTO pushes (app_id, title, body, data, target, schedule_kind, send_at, local_time, status, targeted, created_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'scheduled', $9, $10, $11) RETURNING ${COLUMNS}`,
      [input.appId, input.title, input.body, JSON.stringify(input.deepLink ? { deepLink: input.deepLink } : {}), JSON.stringify(target), input.scheduleKind, new Date(sendAt),
       input.scheduleKind === 'local' ? `${input.sendDay} ${input.sendTime}` : null, devices.length, actor.account.username, new Date(now)],
    );
    const id = row!.id;
    for (let i = 0; i < devices.length; i += 500) {
      const chunk = devices.slice(i, i + 500);
      const args: unknown[] = [id];
      const values = chunk.map((d, j) => {
        const k = i + j;
        const passed = due[k]! < now - PAST_GRACE_MS;
        args.push(d.device_id, d.player_id, d.token, new Date(due[k]!), passed ? 'failed' : 'queued', passed ? 'LOCAL_TIME_PASSED' : null);
        const b = args.length - 6;
        return `($1, $${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6})`;
      });
      await tx.query(`INSERT INTO push_deliveries (push_id, device_id, player_id, token, due_at, status, reason) VALUES ${values.join(', ')}`, args);
    }
    await auditAs(tx, actor, {
      action: 'create', entity: 'push', entityId: String(id),
      after: { appId: input.appId, title: input.title, target, scheduleKind: input.scheduleKind, sendAt: new Date(sendAt).toISOString(), targeted: devices.length },
    });
    return (await toPushes(tx, [row!]))[0]!;
  });
}

export async function cancelPush(db: Db, actor: Actor, id: number): Promise<Push> {
  return db.transaction(async (tx) => {
    const row = await onePush(tx, actor.account, id, true);
    if (row.status !== 'scheduled' && row.status !== 'sending') throw badRequest(`id: push ${id} is ${row.status}; only a scheduled push can be cancelled.`);
    await tx.query(`UPDATE push_deliveries SET status = 'cancelled' WHERE push_id = $1 AND status = 'queued'`, [id]);
    const updated = await tx.one<PushRow>(`UPDATE pushes SET status = 'cancelled', cancelled_at = $2 WHERE id = $1 RETURNING ${COLUMNS}`, [id, new Date(nowMs())]);
    await auditAs(tx, actor, { action: 'cancel', entity: 'push', entityId: String(id), before: { status: row.status }, after: { status: 'cancelled' } });
    return (await toPushes(tx, [updated!]))[0]!;
  });
}
