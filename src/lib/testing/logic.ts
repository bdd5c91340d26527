import { columnStore } from '../analytics/store/column-store';
import { latestPlayerEvents } from '../analytics/store/test-events';
import type { SessionAccount } from '../auth/types';
import type { Db, Sql } from '../server/db';
import { joinTransaction } from '../server/db/sql';
import { HttpError } from '../server/errors';
import { redeemCode } from '../gift-codes/service';
import { OS_NAMES, type OsCode } from '../platform';
import { assignmentsFor } from '../experiments/service';
import { nowMs } from '../time/clock';
import { formatDateTime } from '../time/format';
import type { LogicCheck } from './contract';
import { loadTestPlayer, mayTestApp } from './service';
import { openEvents } from '../live-events/sdk';
import { playerInbox } from '../mail/service';
import type { PlayerClaims } from '../players/tokens';
import { openEventsFor } from '../progress-events/service';
import { formatCount } from '../numbers';

/**
 * Type 5 (/test/logic): what the server would decide for this player, read only — nothing here writes.
 * The player record, its devices and link codes, its sessions, its cloud save, its A/B variants, its
 * purchases' verification, and what the live-ops calls would answer: the open events, the mailbox and the
 * gift codes it tried. Each is a read of what the SDK call answers, for the platform, version and country of
 * the player's last event. A feature still being built lists its check as planned so testers know what is
 * not checked yet.
 */
export const PLANNED_CHECKS: readonly Omit<LogicCheck, 'status'>[] = [];

const plural = (n: number, word: string, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;

/** The player's newest event (any day), from the events table or the column store. */
async function lastEvent(db: Sql, q: { appId: string; userId: string }): Promise<{ event_time: Date | string; name: string; os: number; app_version: string; country: string } | null> {
  const store = columnStore();
  if (store) {
    const [e] = await latestPlayerEvents(await store, { ...q, fromDay: null, limit: 1 });
    return e ? { event_time: e.time, name: e.name, os: e.os, app_version: e.appVersion, country: e.country } : null;
  }
  const row = await db.one<{ event_time: Date; name: string; os: number; app_version: string; country: string }>(
    `SELECT event_time, name, os, app_version, country FROM events WHERE app_id = $1 AND user_id = $2 ORDER BY event_time DESC, event_id DESC LIMIT 1`,
    [q.appId, q.userId],
  );
  return row ?? null;
}

export async function checkLogic(db: Db, viewer: SessionAccount, q: { appId: string; userId: string; code?: string }): Promise<{ checks: LogicCheck[]; checkedAt: string }> {
  mayTestApp(viewer, q.appId);
  const player = await loadTestPlayer(db, q.appId, q.userId);
  const [save, codes, sessions, last, purchases] = await Promise.all([
    db.one<{ version: number; bytes: number; updated_by: string; updated_at: Date }>(
      'SELECT version, octet_length(data::text)::int AS bytes, updated_by, updated_at FROM player_data WHERE app_id = $1 AND player_id = $2',
      [q.appId, q.userId],
    ),
    db.one<{ open: number; used: number }>(
      `SELECT count(*) FILTER (WHERE used_at IS NULL AND expires_at > now())::int AS open, count(*) FILTER (WHERE used_at IS NOT NULL)::int AS used
         FROM player_link_codes WHERE app_id = $1 AND player_id = $2`,
      [q.appId, q.userId],
    ),
    db.one<{ live: number }>(
      `SELECT count(*)::int AS live FROM player_refresh_tokens
        WHERE app_id = $1 AND player_id = $2 AND rotated_at IS NULL AND revoked_at IS NULL AND expires_at > now()`,
      [q.appId, q.userId],
    ),
    lastEvent(db, q),
    db.query<{ status: string; n: number }>(
      `SELECT status, count(*)::int AS n FROM iap_verifications WHERE app_id = $1 AND user_id = $2 GROUP BY status ORDER BY status`,
      [q.appId, q.userId],
    ),
  ]);
  const ab = await abCheck(db, q, last ?? null);
  const checks: LogicCheck[] = [
    {
      id: 'player', title: 'Player record', status: 'ok',
      detail: `${player.userId}, created ${formatDateTime(player.createdAt)}, last session ${formatDateTime(player.lastSeenAt)}.`,
    },
    {
      id: 'test-flag', title: 'Test player', status: player.isTest ? 'ok' : 'warn',
      detail: player.isTest ? 'Marked: left out of every report.' : 'Not marked: this player counts in the reports. Mark it before sending test events.',
    },
    {
      id: 'devices', title: 'Linked devices', status: player.devices.length ? 'ok' : 'warn',
      detail: `${plural(player.devices.length, 'device')}${player.devices.length ? ` (${player.devices.map((d) => d.deviceId).join(', ')})` : ''}; ${plural(codes?.open ?? 0, 'open link code')}, ${plural(codes?.used ?? 0, 'used link code')}.`,
    },
    { id: 'sessions', title: 'Player sessions', status: 'ok', detail: `${plural(sessions?.live ?? 0, 'refresh token')} that can still be used.` },
    {
      id: 'cloud-save', title: 'Cloud save', status: 'ok',
      detail: save ? `Version ${save.version}, ${formatCount(save.bytes)} bytes, last written by ${save.updated_by} at ${formatDateTime(iso(save.updated_at))}.` : 'No save yet (the game reads version 0 and {}).',
    },
    {
      id: 'last-event', title: 'Last event', status: last ? 'ok' : 'warn',
      detail: last ? `${last.name} at ${formatDateTime(iso(last.event_time))}.` : 'No event from this player yet.',
    },
    ab,
    {
      id: 'iap-verification', title: 'Purchase verification', status: purchases.some((p) => p.status === 'refused' || p.status === 'pending') ? 'warn' : 'ok',
      detail: purchases.length ? `${purchases.map((p) => `${p.n} ${p.status}`).join(', ')} (IAP log: /statistic/iapLog).` : 'No purchase of this player has been verified yet.',
    },
    ...(await liveOpsChecks(db, { appId: q.appId, playerId: q.userId, deviceId: player.devices[0]?.deviceId ?? '' }, last ?? null, q.code)),
    ...PLANNED_CHECKS.map((c) => ({ ...c, status: 'planned' as const })),
  ];
  return { checks, checkedAt: new Date(nowMs()).toISOString() };
}

const iso = (v: Date | string) => new Date(v).toISOString();

/**
 * The answer GET /api/sdk/v1/experiments would give now, for the platform, version and country of the
 * player's last event (an experiment's audience is matched on them); nothing is exposed or stored.
 */
async function abCheck(db: Sql, q: { appId: string; userId: string }, last: { os: number; app_version: string; country: string } | null): Promise<LogicCheck> {
  const title = 'A/B test variants';
  if (!last) return { id: 'ab-variant', title, status: 'warn', detail: "Send an event first: an experiment's audience is matched on the player's platform, version and country." };
  const device = { appVersion: last.app_version, country: last.country };
  const { experiments } = await assignmentsFor(db, { appId: q.appId, os: Number(last.os) }, { appId: q.appId, playerId: q.userId, deviceId: '' }, device);
  const as = `as ${OS_NAMES[Number(last.os) as OsCode] ?? `OS ${last.os}`} ${last.app_version} in ${last.country || 'an unknown country'}`;
  if (experiments.length === 0) return { id: 'ab-variant', title, status: 'ok', detail: `No running A/B test includes this player (${as}).` };
  return { id: 'ab-variant', title, status: 'ok', detail: `${experiments.map((e) => `${e.variant} in "${e.name}"`).join('; ')} (${as}; shown to the player once the game sends experiment_exposure).` };
}

/** What the live-ops SDK calls would answer this player now (events, progress, mailbox) and its gift-code tries. */
async function liveOpsChecks(db: Db, player: PlayerClaims, last: { app_version: string; country: string } | null, code?: string): Promise<LogicCheck[]> {
  const device = last ? { appVersion: last.app_version, country: last.country || undefined } : {};
  const [live, progress, inbox, tries] = await Promise.all([
    openEvents(db, player, device),
    openEventsFor(db, player, device),
    playerInbox(db, player, device),
    db.query<{ at: Date; code: string; result: string }>(
      'SELECT at, code, result FROM gift_code_log WHERE app_id = $1 AND player_id = $2 ORDER BY at DESC, id DESC LIMIT 5',
      [player.appId, player.playerId],
    ),
  ]);
  const events = [
    ...live.events.map((e) => `${e.name} (${e.kind}${e.joined ? `, joined, score ${e.score ?? 0}` : ', not joined'})`),
    ...progress.events.map((e) => `${e.title || e.name} (progress, ${e.points} points, ${e.milestones.filter((m) => m.reached).length} of ${e.milestones.length} milestones reached)`),
  ];
  const unread = inbox.mail.filter((m) => !m.read).length;
  const unclaimed = inbox.mail.filter((m) => m.rewards.length > 0 && !m.claimed);
  const failed = tries.filter((t) => t.result !== 'ok').length;
  return [
    {
      id: 'live-events', title: 'Open live events', status: 'ok',
      detail: events.length ? `${plural(events.length, 'event')} open to this player: ${events.join('; ')}.` : 'No ranking, season, exp or progress event is open to this player now (entry rules are matched on its last event).',
    },
    {
      id: 'mailbox', title: 'Mailbox', status: 'ok',
      detail: inbox.mail.length
        ? `${plural(inbox.mail.length, 'mail')} (${unread} unread, ${plural(unclaimed.length, 'unclaimed reward mail')})${unclaimed.length ? `: ${unclaimed.slice(0, 3).map((m) => `"${m.title}"`).join(', ')}` : ''}.`
        : 'No mail for this player.',
    },
    code
      ? await giftCodeDryRun(db, player, code, last?.country || undefined)
      : {
          id: 'gift-code', title: 'Gift code redemption', status: failed > 0 ? 'warn' : 'ok',
          detail: tries.length ? `Last ${plural(tries.length, 'try', 'tries')}: ${tries.map((t) => `${t.code} ${t.result} at ${formatDateTime(iso(t.at))}`).join('; ')}.` : 'This player has not tried a gift code.',
        },
  ];
}

class DryRunDone extends Error {
  constructor(readonly outcome: { ok: true; rewards: { itemId: string; amount: number }[] } | { ok: false; message: string }) {
    super('dry run');
  }
}

/**
 * Whether a gift code would redeem for this player now, and why not: the real redemption runs inside one
 * transaction that is always rolled back, so its answer is exactly the game's and nothing it wrote stays
 * (not the use, the mail, the log row nor a failure count).
 */
async function giftCodeDryRun(db: Db, player: PlayerClaims, code: string, country: string | undefined): Promise<LogicCheck> {
  const title = 'Gift code redemption';
  try {
    await db.transaction(async (tx) => {
      try {
        const done = await redeemCode(joinTransaction(tx, db.kind), player, { code, country });
        throw new DryRunDone({ ok: true, rewards: done.rewards });
      } catch (error) {
        if (error instanceof DryRunDone) throw error;
        if (error instanceof HttpError) throw new DryRunDone({ ok: false, message: error.message });
        throw error;
      }
    });
  } catch (error) {
    if (!(error instanceof DryRunDone)) throw error;
    const o = error.outcome;
    return o.ok
      ? { id: 'gift-code', title, status: 'ok', detail: `${code} would redeem now: ${o.rewards.map((r) => `${r.itemId} ${r.amount}`).join(', ')} to the mailbox (nothing was redeemed).` }
      : { id: 'gift-code', title, status: 'warn', detail: `${code} would be refused: "${o.message}" (nothing was recorded).` };
  }
  throw new Error('unreachable: the dry run always rolls back');
}
