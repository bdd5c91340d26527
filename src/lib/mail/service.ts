import type { z } from 'zod';
import type { Actor, SessionAccount } from '../auth/types';
import { mayViewApp, seesAllApps } from '../apps/service';
import { OS_NAMES, type OsCode } from '../platform';
import { MESSAGES } from '../http/messages';
import type { PlayerClaims } from '../players/tokens';
import { checkRewards, type Reward } from '../rewards/items';
import { auditAs } from '../server/audit';
import type { Db, Sql } from '../server/db';
import { badRequest, conflict, HttpError, notFound } from '../server/errors';
import { nowMs } from '../time/clock';
import { formatDay } from '../time/format';
import type { mailListContract, mailSendContract, MailRow } from './contract';
import { dayStartIso } from './when';
import { DAY_MS } from '../time/day';

type SendInput = z.output<(typeof mailSendContract)['request']>;
type ListInput = z.output<(typeof mailListContract)['request']>;

interface Filters {
  os: number[];
  countries: string[];
  versions: string[];
  installedFrom?: string;
  installedTo?: string;
}

interface DbMail {
  id: number | string;
  app_id: string;
  title: string;
  body: string;
  rewards: Reward[];
  target: 'players' | 'broadcast';
  filters: Filters;
  targeted: number;
  send_at: Date | string;
  sent_at: Date | string | null;
  expires_at: Date | string;
  recalled_at: Date | string | null;
  source: string;
  source_ref: string;
  created_by: string;
  read_count: number;
  claimed_count: number;
}

const iso = (v: Date | string) => new Date(v).toISOString();
const nowIso = () => new Date(nowMs()).toISOString();

function audienceOf(m: DbMail): string {
  if (m.target === 'players') return `${m.targeted} listed player${m.targeted === 1 ? '' : 's'}`;
  const f = m.filters;
  const parts = [
    f.os.length ? f.os.map((o) => OS_NAMES[o as OsCode]).join('/') : 'All players',
    f.countries.length ? f.countries.join(', ') : '',
    f.versions.length ? `v${f.versions.join(', v')}` : '',
    // Days are stored as the start instant of the UTC+7 day; show the day back.
    f.installedFrom ? `installed from ${formatDay(new Date(Date.parse(f.installedFrom) + 7 * 3_600_000).toISOString().slice(0, 10))}` : '',
    f.installedTo ? `installed before ${formatDay(new Date(Date.parse(f.installedTo) + 7 * 3_600_000).toISOString().slice(0, 10))}` : '',
  ];
  return parts.filter(Boolean).join(' · ');
}

function toRow(m: DbMail): MailRow {
  const now = nowMs();
  const status = m.recalled_at ? 'recalled' : !m.sent_at ? 'scheduled' : new Date(m.expires_at).getTime() <= now ? 'expired' : 'sent';
  return {
    id: Number(m.id),
    appId: m.app_id,
    title: m.title,
    body: m.body,
    rewards: m.rewards,
    target: m.target,
    audience: audienceOf(m),
    status,
    sendAt: iso(m.send_at),
    sentAt: m.sent_at ? iso(m.sent_at) : null,
    expiresAt: iso(m.expires_at),
    targeted: m.targeted,
    read: Number(m.read_count),
    claimed: Number(m.claimed_count),
    source: m.source,
    sourceRef: m.source_ref,
    createdBy: m.created_by,
  };
}

const MAIL_COLUMNS = `m.*,
  (SELECT count(*)::int FROM mail_recipients r WHERE r.mail_id = m.id AND r.read_at IS NOT NULL) AS read_count,
  (SELECT count(*)::int FROM mail_recipients r WHERE r.mail_id = m.id AND r.claimed_at IS NOT NULL) AS claimed_count`;

function requireApp(account: SessionAccount, appId: string): void {
  if (!mayViewApp(account, appId)) throw new HttpError(403, MESSAGES.permissionInvalid);
}

async function mailById(db: Sql, id: number, lock = false): Promise<DbMail | undefined> {
  if (lock) await db.query('SELECT id FROM mails WHERE id = $1 FOR UPDATE', [id]);
  return db.one<DbMail>(`SELECT ${MAIL_COLUMNS} FROM mails m WHERE m.id = $1`, [id]);
}

/** The Mail Box list: newest first, the apps the account sees, searchable by title, source or player id. */
export async function listMails(db: Sql, account: SessionAccount, input: ListInput): Promise<{ data: MailRow[]; totalRecord: number }> {
  if (input.appId) requireApp(account, input.appId);
  const params: unknown[] = [input.appId ?? null, input.textSearch ? `%${input.textSearch.toLowerCase()}%` : null];
  let visible = 'true';
  if (!seesAllApps(account)) {
    params.push(JSON.stringify(account.listApp));
    visible = `m.app_id IN (SELECT jsonb_array_elements_text($${params.length}::jsonb))`;
  }
  const where = `($1::text IS NULL OR m.app_id = $1) AND ${visible} AND ($2::text IS NULL OR lower(m.title) LIKE $2 OR lower(m.source_ref) LIKE $2 OR lower(m.source) LIKE $2
    OR (m.target = 'players' AND EXISTS (SELECT 1 FROM mail_recipients r WHERE r.mail_id = m.id AND lower(r.player_id) LIKE $2)))`;
  const total = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM mails m WHERE ${where}`, params);
  const rows = await db.query<DbMail>(
    `SELECT ${MAIL_COLUMNS} FROM mails m WHERE ${where} ORDER BY m.send_at DESC, m.id DESC LIMIT ${input.limit} OFFSET ${(input.page - 1) * input.limit}`,
    params,
  );
  return { data: rows.map(toRow), totalRecord: total?.n ?? 0 };
}

/** SQL: the players of app $1 a broadcast with filters $2 (jsonb) reaches, on what the console knows (OS, install). */
const BROADCAST_PLAYERS = `FROM players p WHERE p.app_id = $1 AND NOT p.is_test
  AND (jsonb_array_length($2::jsonb->'os') = 0 OR EXISTS (SELECT 1 FROM player_devices d WHERE d.app_id = p.app_id AND d.player_id = p.player_id AND ($2::jsonb->'os') @> to_jsonb(d.os::int)))
  AND ($2::jsonb->>'installedFrom' IS NULL OR p.created_at >= ($2::jsonb->>'installedFrom')::timestamptz)
  AND ($2::jsonb->>'installedTo' IS NULL OR p.created_at < ($2::jsonb->>'installedTo')::timestamptz)`;

/** Sends (or schedules) a mail composed on the Mail Box screen. */
export async function sendMail(db: Db, actor: Actor, input: SendInput): Promise<MailRow> {
  requireApp(actor.account, input.appId);
  const now = nowMs();
  const sendAt = input.sendAt ? Date.parse(input.sendAt) : now;
  if (Date.parse(input.expiresAt) <= now) throw badRequest('expiresAt: must be in the future');
  if (Date.parse(input.expiresAt) <= sendAt) throw badRequest('expiresAt: must be after the send time');
  if (input.sendAt && sendAt < now - 60_000) throw badRequest('sendAt: must not be in the past (leave it empty to send now)');
  if (input.installedFrom && input.installedTo && input.installedTo < input.installedFrom) throw badRequest('installedTo: must not be before installedFrom');
  return db.transaction(async (tx) => {
    if (!(await tx.one('SELECT 1 FROM apps WHERE id = $1', [input.appId]))) throw notFound(`App ${input.appId} was not found.`);
    await checkRewards(tx, input.appId, input.rewards, 'rewards');
    let targeted: number;
    const filters: Filters = { os: input.os, countries: input.countries, versions: input.versions };
    const playerIds = [...new Set(input.playerIds)];
    if (input.target === 'players') {
      if (playerIds.length === 0) throw badRequest('playerIds: list at least one player id');
      const known = await tx.query<{ player_id: string }>(
        'SELECT player_id FROM players WHERE app_id = $1 AND player_id IN (SELECT jsonb_array_elements_text($2::jsonb))',
        [input.appId, JSON.stringify(playerIds)],
      );
      const knownSet = new Set(known.map((k) => k.player_id));
      const unknown = playerIds.filter((p) => !knownSet.has(p));
      if (unknown.length) throw badRequest(`playerIds: ${unknown.slice(0, 5).join(', ')}${unknown.length > 5 ? ` and ${unknown.length - 5} more` : ''} ${unknown.length === 1 ? 'is not a player' : 'are not players'} of ${input.appId}`);
      targeted = playerIds.length;
    } else {
      if (input.installedFrom) filters.installedFrom = dayStartIso(input.installedFrom);
      // "Installed to" names the last day included.
      if (input.installedTo) filters.installedTo = new Date(Date.parse(dayStartIso(input.installedTo)) + DAY_MS).toISOString();
      const n = await tx.one<{ n: number }>(`SELECT count(*)::int AS n ${BROADCAST_PLAYERS}`, [input.appId, JSON.stringify(filters)]);
      targeted = n?.n ?? 0;
      if (targeted === 0) throw badRequest('target: no player of this app matches these filters, so the mail would reach 0 players');
    }
    const due = sendAt <= now;
    const row = await tx.one<{ id: number | string }>(
      `INSERT INTO mails (app_id, title, body, rewards, target, filters, targeted, send_at, sent_at, expires_at, source, source_ref, created_by)
       VALUES ($1, $2, $3, $4::jsonb, $5, $6::jsonb, $7, $8, $9, $10, 'console', '', $11) RETURNING id`,
      [input.appId, input.title, input.body, JSON.stringify(input.rewards), input.target, JSON.stringify(filters), targeted, new Date(sendAt).toISOString(), due ? new Date(now).toISOString() : null, input.expiresAt, actor.account.username],
    );
    const id = Number(row!.id);
    if (input.target === 'players') {
      await tx.query(
        'INSERT INTO mail_recipients (mail_id, app_id, player_id) SELECT $1, $2, x FROM jsonb_array_elements_text($3::jsonb) x',
        [id, input.appId, JSON.stringify(playerIds)],
      );
    }
    const mail = toRow((await mailById(tx, id))!);
    await auditAs(tx, actor, { action: due ? 'mail_send' : 'mail_schedule', entity: 'mail', entityId: id, after: mail });
    return mail;
  });
}

/** Recall: the mail disappears from every mailbox that has not claimed it; claimed attachments stay claimed. */
export async function recallMail(db: Db, actor: Actor, id: number): Promise<MailRow> {
  return db.transaction(async (tx) => {
    const before = await mailById(tx, id, true);
    if (!before) throw notFound(`Mail ${id} was not found.`);
    requireApp(actor.account, before.app_id);
    if (before.recalled_at) throw conflict(`Mail ${id} was already recalled.`);
    if (before.target === 'players' && Number(before.claimed_count) >= before.targeted) throw conflict(`Mail ${id} was claimed by every player it went to: nothing is left to recall.`);
    await tx.query('UPDATE mails SET recalled_at = $2, recalled_by = $3 WHERE id = $1', [id, nowIso(), actor.account.username]);
    const after = toRow((await mailById(tx, id))!);
    await auditAs(tx, actor, { action: 'mail_recall', entity: 'mail', entityId: id, before: toRow(before), after });
    return after;
  });
}

/** The mail_send job: sends every scheduled mail whose time has come (the scheduler's lease runs it once). */
export async function sendDueMails(db: Sql): Promise<string> {
  const now = nowIso();
  const due = await db.query<{ id: number | string; app_id: string; target: string; filters: Filters }>(
    'SELECT id, app_id, target, filters FROM mails WHERE sent_at IS NULL AND recalled_at IS NULL AND send_at <= $1 ORDER BY send_at LIMIT 500',
    [now],
  );
  let sent = 0;
  for (const m of due) {
    // A broadcast counts its audience as it goes out (players may have arrived since it was scheduled).
    const targeted = m.target === 'broadcast' ? ((await db.one<{ n: number }>(`SELECT count(*)::int AS n ${BROADCAST_PLAYERS}`, [m.app_id, JSON.stringify(m.filters)]))?.n ?? 0) : null;
    const rows = await db.query('UPDATE mails SET sent_at = $2, targeted = COALESCE($3, targeted) WHERE id = $1 AND sent_at IS NULL AND recalled_at IS NULL RETURNING id', [m.id, now, targeted]);
    sent += rows.length;
  }
  return `sent ${sent} scheduled mail(s)`;
}

// ---------------------------------------------------------------- the player's mailbox (SDK)

export interface PlayerContext {
  country?: string;
  appVersion?: string;
}

interface InboxRow {
  id: number | string;
  title: string;
  body: string;
  rewards: Reward[];
  sent_at: Date | string;
  expires_at: Date | string;
  read_at: Date | string | null;
  claimed_at: Date | string | null;
}

/**
 * SQL over mails m (params $1 app, $2 player, $3 device, $4 now, $5 country, $6 version): the mails this player
 * may see now. Listed mails by their recipient row; broadcasts by their filters, matched on the device's OS,
 * the player's install time and the country and version the game reports.
 */
const VISIBLE = `m.app_id = $1 AND m.sent_at IS NOT NULL AND m.recalled_at IS NULL AND m.expires_at > $4::timestamptz
  AND (
    (m.target = 'players' AND EXISTS (SELECT 1 FROM mail_recipients r0 WHERE r0.mail_id = m.id AND r0.player_id = $2))
    OR (m.target = 'broadcast'
      AND (jsonb_array_length(m.filters->'os') = 0 OR (m.filters->'os') @> (SELECT to_jsonb(d.os::int) FROM player_devices d WHERE d.app_id = $1 AND d.device_id = $3))
      AND (jsonb_array_length(m.filters->'countries') = 0 OR (m.filters->'countries') @> to_jsonb($5::text))
      AND (jsonb_array_length(m.filters->'versions') = 0 OR (m.filters->'versions') @> to_jsonb($6::text))
      AND (SELECT NOT p.is_test AND (m.filters->>'installedFrom' IS NULL OR p.created_at >= (m.filters->>'installedFrom')::timestamptz)
             AND (m.filters->>'installedTo' IS NULL OR p.created_at < (m.filters->>'installedTo')::timestamptz)
           FROM players p WHERE p.app_id = $1 AND p.player_id = $2))
  )`;

const visibleParams = (player: PlayerClaims, ctx: PlayerContext) => [player.appId, player.playerId, player.deviceId, nowIso(), ctx.country ?? null, ctx.appVersion ?? null];

export async function playerInbox(db: Sql, player: PlayerClaims, ctx: PlayerContext) {
  const rows = await db.query<InboxRow>(
    `SELECT m.id, m.title, m.body, m.rewards, m.sent_at, m.expires_at, r.read_at, r.claimed_at
       FROM mails m LEFT JOIN mail_recipients r ON r.mail_id = m.id AND r.player_id = $2
      WHERE ${VISIBLE} ORDER BY m.sent_at DESC, m.id DESC LIMIT 200`,
    visibleParams(player, ctx),
  );
  return {
    mail: rows.map((r) => ({ mailId: Number(r.id), title: r.title, body: r.body, rewards: r.rewards, sentAt: iso(r.sent_at), expiresAt: iso(r.expires_at), read: r.read_at !== null, claimed: r.claimed_at !== null })),
  };
}

async function visibleMail(db: Sql, player: PlayerClaims, mailId: number, ctx: PlayerContext): Promise<{ id: number; rewards: Reward[] }> {
  const row = await db.one<{ id: number | string; rewards: Reward[] }>(`SELECT m.id, m.rewards FROM mails m WHERE m.id = $7 AND ${VISIBLE}`, [...visibleParams(player, ctx), mailId]);
  // One answer for "no such mail", "not yours", "expired" and "recalled": a game cannot probe others' mail.
  if (!row) throw notFound(`Mail ${mailId} is not in this mailbox (it may have expired or been recalled).`);
  return { id: Number(row.id), rewards: row.rewards };
}

export async function markRead(db: Sql, player: PlayerClaims, mailId: number, ctx: PlayerContext) {
  await visibleMail(db, player, mailId, ctx);
  await db.query(
    `INSERT INTO mail_recipients (mail_id, app_id, player_id, read_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (mail_id, player_id) DO UPDATE SET read_at = COALESCE(mail_recipients.read_at, EXCLUDED.read_at)`,
    [mailId, player.appId, player.playerId, nowIso()],
  );
  return { mailId, read: true as const };
}

/**
 * Claims the attachments exactly once: one conditional upsert sets claimed_at only where it is still empty, and
 * only the call whose statement changed the row hands them over. A retried or parallel claim answers exactly what
 * that call answered (granted: true, the same rewards), so a game that lost the first answer reads it again.
 */
export async function claimMail(db: Sql, player: PlayerClaims, mailId: number, ctx: PlayerContext) {
  const mail = await visibleMail(db, player, mailId, ctx);
  const now = nowIso();
  await db.query(
    `INSERT INTO mail_recipients (mail_id, app_id, player_id, read_at, claimed_at) VALUES ($1, $2, $3, $4, $4)
     ON CONFLICT (mail_id, player_id) DO UPDATE SET claimed_at = EXCLUDED.claimed_at, read_at = COALESCE(mail_recipients.read_at, EXCLUDED.read_at)
       WHERE mail_recipients.claimed_at IS NULL`,
    [mailId, player.appId, player.playerId, now],
  );
  // Only the call whose statement set claimed_at handed the rewards over; a retried or parallel claim hands nothing
  // over again and answers what that call answered: the rewards are the player's either way.
  return { mailId, rewards: mail.rewards, granted: true };
}
