import type { SessionAccount } from '../auth/types';
import type { Sql } from '../server/db';
import { nowMs } from '../time/clock';
import { formatDateTime } from '../time/format';
import type { LogicCheck } from './contract';
import { loadTestPlayer, mayTestApp } from './service';

/**
 * Type 5 (/test/logic): what the server would decide for this player, read only — nothing here writes.
 * Today: the player record, its devices and link codes, its sessions and its cloud save. The features still
 * being built add their checks here, each a read of what their SDK call would answer; until then they are
 * listed as planned so testers know what is not checked yet.
 */
export const PLANNED_CHECKS: readonly Omit<LogicCheck, 'status'>[] = [
  { id: 'ab-variant', title: 'A/B test variant', detail: 'Which variant of each running A/B test this player is assigned (added with A/B tests).' },
  { id: 'live-events', title: 'Open live events', detail: 'Which ranking, progress and leaderboard events are open to this player now (added with live-ops).' },
  { id: 'gift-code', title: 'Gift code redemption', detail: 'Whether a given gift code would redeem for this player, and why not (added with gift codes).' },
  { id: 'iap-verification', title: 'Purchase verification', detail: "The verification status of the player's purchases (added with IAP verification)." },
  { id: 'mailbox', title: 'Mailbox', detail: 'The in-game mail waiting for this player (added with mail).' },
];

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export async function checkLogic(db: Sql, viewer: SessionAccount, q: { appId: string; userId: string }): Promise<{ checks: LogicCheck[]; checkedAt: string }> {
  mayTestApp(viewer, q.appId);
  const player = await loadTestPlayer(db, q.appId, q.userId);
  const [save, codes, sessions, last] = await Promise.all([
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
    db.one<{ event_time: Date; name: string }>(
      `SELECT event_time, name FROM events WHERE app_id = $1 AND user_id = $2 ORDER BY event_time DESC, event_id DESC LIMIT 1`,
      [q.appId, q.userId],
    ),
  ]);
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
      detail: save ? `Version ${save.version}, ${save.bytes.toLocaleString('en-US')} bytes, last written by ${save.updated_by} at ${formatDateTime(iso(save.updated_at))}.` : 'No save yet (the game reads version 0 and {}).',
    },
    {
      id: 'last-event', title: 'Last event', status: last ? 'ok' : 'warn',
      detail: last ? `${last.name} at ${formatDateTime(iso(last.event_time))}.` : 'No event from this player yet.',
    },
    ...PLANNED_CHECKS.map((c) => ({ ...c, status: 'planned' as const })),
  ];
  return { checks, checkedAt: new Date(nowMs()).toISOString() };
}

const iso = (v: Date | string) => new Date(v).toISOString();
