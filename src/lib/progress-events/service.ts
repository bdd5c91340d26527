import { countHits } from '../sdk-limits/rate-window';
import { MAX_SAFE_TOTAL } from '../contract';
import { formatBound } from '../http/issues';
import { deliverMail, REWARD_MAIL_TTL_MS } from '../mail/deliver';
import { mayViewApp, requireAppField } from '../apps/service';
import type { Actor, SessionAccount } from '../auth/types';
import { compareVersions } from '../experiments/assign';
import { MESSAGES } from '../http/messages';
import type { PlayerClaims } from '../players/tokens';
import { checkRewards, type Reward } from '../rewards/items';
import { auditAs } from '../server/audit';
import type { Db, Sql } from '../server/db';
import { badRequest, conflict, HttpError, notFound } from '../server/errors';
import { nowMs } from '../time/clock';
import {
  consoleTimeText,
  formatMilestoneSpec,
  formatPointRules,
  parseConsoleTime,
  parseMilestoneSpec,
  parsePointRules,
  SUBMISSIONS_PER_MINUTE,
  type DeviceContext,
  type Milestone,
  type ProgressEvent,
  type ProgressEventStatus,
} from './contract';
import { daysMs } from '../time/day';

/**
 * Progress events: the console's rules (window, track, what may change once started), the status job, and the
 * game's calls (open events, points, claims). Times are the console's clock (nowMs()), never the database's.
 */

/** After the end, reached milestones can still be claimed for this long. */
export const CLAIM_GRACE_MS = daysMs(7);

type Row = {
  id: number; app_id: string; name: string; title: string; description: string; start_at: Date; end_at: Date; status: ProgressEventStatus;
  min_level: number; min_version: string; countries: string[]; point_rules: Record<string, number>; max_points_per_submit: number;
  updated_by: string; updated_at: Date; milestones: Milestone[] | null; participants: number;
};
const SELECT = `SELECT e.id, e.app_id, e.name, e.title, e.description, e.start_at, e.end_at, e.status, e.min_level, e.min_version, e.countries,
       e.point_rules, e.max_points_per_submit, e.updated_by, e.updated_at,
       (SELECT jsonb_agg(jsonb_build_object('milestone', m.position, 'threshold', m.threshold, 'rewards', m.rewards) ORDER BY m.position)
          FROM progress_event_milestones m WHERE m.event_id = e.id) AS milestones,
       (SELECT count(*)::int FROM progress_event_players p WHERE p.event_id = e.id) AS participants
  FROM progress_events e`;

const ms = (d: Date | string) => new Date(d).getTime();

function toEvent(r: Row): ProgressEvent {
  const milestones = r.milestones ?? [];
  return {
    id: r.id, appId: r.app_id, name: r.name, title: r.title, description: r.description,
    start: consoleTimeText(r.start_at), end: consoleTimeText(r.end_at), startAt: new Date(r.start_at).toISOString(), endAt: new Date(r.end_at).toISOString(),
    status: r.status, minLevel: Number(r.min_level), minVersion: r.min_version, countries: r.countries, pointRules: formatPointRules(r.point_rules),
    maxPointsPerSubmit: Number(r.max_points_per_submit), milestones: formatMilestoneSpec(milestones), milestoneList: milestones, participants: Number(r.participants),
    updatedBy: r.updated_by, updatedAt: new Date(r.updated_at).toISOString(),
  };
}

const forbidden = () => new HttpError(403, MESSAGES.permissionInvalid);

/** Events of the apps the account may see (of one app when given), newest start first. */
export async function listProgressEvents(db: Sql, viewer: SessionAccount, appId?: string): Promise<ProgressEvent[]> {
  if (appId && !mayViewApp(viewer, appId)) throw forbidden();
  const rows = await db.query<Row>(`${SELECT} ${appId ? 'WHERE e.app_id = $1' : ''} ORDER BY e.start_at DESC, e.id DESC`, appId ? [appId] : []);
  return rows.filter((r) => mayViewApp(viewer, r.app_id)).map(toEvent);
}

async function requireEvent(tx: Sql, viewer: SessionAccount, id: number): Promise<Row> {
  const locked = await tx.one<{ id: number }>('SELECT id FROM progress_events WHERE id = $1 FOR UPDATE', [id]);
  const row = locked ? await tx.one<Row>(`${SELECT} WHERE e.id = $1`, [id]) : null;
  if (!row || !mayViewApp(viewer, row.app_id)) throw notFound(`Progress event ${id} was not found.`);
  return row;
}

/** The status the clock gives a not-cancelled event. */
export function statusAt(startMs: number, endMs: number, now: number): ProgressEventStatus {
  return now >= endMs ? 'ended' : now >= startMs ? 'live' : 'scheduled';
}

export interface ProgressEventInput {
  id?: number;
  appId: string;
  name: string;
  title: string;
  description: string;
  start: string;
  end: string;
  minLevel: number;
  minVersion: string;
  countries: string[];
  pointRules: string;
  maxPointsPerSubmit: number;
  milestones: string;
}

const sameMilestones = (a: readonly Milestone[], b: readonly Milestone[]) =>
  a.length === b.length &&
  a.every((m, i) => m.threshold === b[i]!.threshold && JSON.stringify(m.rewards.map((r) => [r.itemId, r.amount])) === JSON.stringify(b[i]!.rewards.map((r) => [r.itemId, r.amount])));

/**
 * Creates or edits an event. Before its start anything may change; once started (live, or its start passed)
 * only the name, title, description and a later end: players are already earning towards the track.
 */
export async function saveProgressEvent(db: Db, actor: Actor, input: ProgressEventInput, now = nowMs()): Promise<ProgressEvent> {
  const startMs = parseConsoleTime(input.start);
  const endMs = parseConsoleTime(input.end);
  if (startMs === null) throw badRequest('start: must be a time like 24-11-2026 09:00 (UTC+7)');
  if (endMs === null) throw badRequest('end: must be a time like 24-11-2026 09:00 (UTC+7)');
  if (endMs <= startMs) throw badRequest('end: must be after the start');
  const track = parseMilestoneSpec(input.milestones);
  if ('error' in track) throw badRequest(`milestones: ${track.error}`);
  const rules = parsePointRules(input.pointRules);
  if ('error' in rules) throw badRequest(`pointRules: ${rules.error}`);
  if (!mayViewApp(actor.account, input.appId)) throw forbidden();
  return db.transaction(async (tx) => {
    await requireAppField(tx, input.appId);
    for (const m of track.milestones) await checkRewards(tx, input.appId, m.rewards, `milestones: line ${m.milestone}`);
    const before = input.id ? await requireEvent(tx, actor.account, input.id) : null;
    const countries = [...new Set(input.countries)];
    if (before) {
      if (before.app_id !== input.appId) throw badRequest('appId: an event cannot move to another app.');
      if (before.status === 'cancelled' || before.status === 'ended') throw conflict(`"${before.name}" has ${before.status === 'ended' ? 'ended' : 'been cancelled'}; it cannot be changed.`);
      const started = before.status === 'live' || now >= ms(before.start_at);
      if (started) {
        if (startMs !== ms(before.start_at)) throw badRequest('start: an event that has started keeps its start.');
        if (endMs < ms(before.end_at)) throw badRequest('end: an event that has started may only end later, not earlier.');
        if (!sameMilestones(before.milestones ?? [], track.milestones)) throw badRequest('milestones: the track of an event that has started cannot change (players are earning towards it).');
        if (JSON.stringify(before.point_rules) !== JSON.stringify(rules.rules) || Number(before.max_points_per_submit) !== input.maxPointsPerSubmit) {
          throw badRequest('pointRules: the points rules of an event that has started cannot change.');
        }
        if (Number(before.min_level) !== input.minLevel || before.min_version !== input.minVersion || JSON.stringify(before.countries) !== JSON.stringify(countries)) {
          throw badRequest('minLevel: the entry rules of an event that has started cannot change.');
        }
      }
    }
    const status = statusAt(startMs, endMs, now);
    const params = [input.appId, input.name, input.title, input.description, new Date(startMs), new Date(endMs), status, input.minLevel, input.minVersion, JSON.stringify(countries), JSON.stringify(rules.rules), input.maxPointsPerSubmit, actor.account.username];
    const saved = before
      ? await tx.one<{ id: number }>(
          `UPDATE progress_events SET app_id = $1, name = $2, title = $3, description = $4, start_at = $5, end_at = $6, status = $7, min_level = $8, min_version = $9,
                  countries = $10::jsonb, point_rules = $11::jsonb, max_points_per_submit = $12, updated_by = $13, updated_at = now() WHERE id = $14 RETURNING id`,
          [...params, before.id],
        )
      : await tx.one<{ id: number }>(
          `INSERT INTO progress_events (app_id, name, title, description, start_at, end_at, status, min_level, min_version, countries, point_rules, max_points_per_submit, updated_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11::jsonb, $12, $13) RETURNING id`,
          params,
        );
    const id = saved!.id;
    await tx.query('DELETE FROM progress_event_milestones WHERE event_id = $1', [id]);
    for (const m of track.milestones) {
      await tx.query('INSERT INTO progress_event_milestones (event_id, position, threshold, rewards) VALUES ($1, $2, $3, $4::jsonb)', [id, m.milestone, m.threshold, JSON.stringify(m.rewards)]);
    }
    const after = toEvent((await tx.one<Row>(`${SELECT} WHERE e.id = $1`, [id]))!);
    await auditAs(tx, actor, {
      action: before ? 'update' : 'create', entity: 'progress_event', entityId: id,
      before: before ? toEvent(before) : undefined, after,
    });
    return after;
  });
}

/** Cancels a scheduled or live event: no more points or claims. */
export async function cancelProgressEvent(db: Db, actor: Actor, id: number): Promise<ProgressEvent> {
  return db.transaction(async (tx) => {
    const before = await requireEvent(tx, actor.account, id);
    if (before.status === 'cancelled' || before.status === 'ended') throw conflict(`"${before.name}" has already ${before.status === 'ended' ? 'ended' : 'been cancelled'}.`);
    await tx.query(`UPDATE progress_events SET status = 'cancelled', updated_by = $2, updated_at = now() WHERE id = $1`, [id, actor.account.username]);
    const after = toEvent((await tx.one<Row>(`${SELECT} WHERE e.id = $1`, [id]))!);
    await auditAs(tx, actor, { action: 'cancel', entity: 'progress_event', entityId: id, before: { status: before.status }, after: { status: 'cancelled' } });
    return after;
  });
}

/**
 * The status job (every minute, once across processes by the scheduler's lease): scheduled → live at the
 * start, scheduled/live → ended at the end, by the console's clock. Game calls read the times themselves, so
 * the minute between runs never lets a point in after the end.
 */
export async function transitionProgressEvents(db: Sql, now = nowMs()): Promise<string> {
  const at = new Date(now);
  const ended = await db.query<{ id: number }>(`UPDATE progress_events SET status = 'ended', updated_at = now() WHERE status IN ('scheduled', 'live') AND end_at <= $1 RETURNING id`, [at]);
  const live = await db.query<{ id: number }>(`UPDATE progress_events SET status = 'live', updated_at = now() WHERE status = 'scheduled' AND start_at <= $1 AND end_at > $1 RETURNING id`, [at]);
  return `${live.length} progress event(s) went live, ${ended.length} ended`;
}

// ---- The game's side --------------------------------------------------------------------------------

const entryRefusal = (r: Pick<Row, 'min_level' | 'min_version' | 'countries'>, device: DeviceContext): string | null => {
  if (Number(r.min_level) > 0 && (device.level === undefined || device.level < Number(r.min_level))) return `needs player level ${r.min_level} or more (send level)`;
  if (r.min_version && (device.appVersion === undefined || compareVersions(device.appVersion, r.min_version) < 0)) return `needs app version ${r.min_version} or later (send appVersion)`;
  if (r.countries.length && (device.country === undefined || !r.countries.includes(device.country))) return `is open in ${r.countries.join(', ')} only (send country)`;
  return null;
};

/** The player's events: started, not cancelled, not past the claim grace, whose entry rules they meet. */
export async function openEventsFor(db: Sql, player: PlayerClaims, device: DeviceContext, now = nowMs()) {
  const rows = await db.query<Row & { points: number | null; claimed: number[] | null }>(
    `SELECT x.*, p.points, (SELECT jsonb_agg(c.position) FROM progress_event_claims c WHERE c.event_id = x.id AND c.player_id = $2) AS claimed
       FROM (${SELECT} WHERE e.app_id = $1 AND e.status <> 'cancelled' AND e.start_at <= $3 AND e.end_at > $4) x
       LEFT JOIN progress_event_players p ON p.event_id = x.id AND p.player_id = $2
      ORDER BY x.end_at, x.id`,
    [player.appId, player.playerId, new Date(now), new Date(now - CLAIM_GRACE_MS)],
  );
  const events = rows
    .filter((r) => entryRefusal(r, device) === null)
    .map((r) => {
      const points = Number(r.points ?? 0);
      const claimed = new Set(r.claimed ?? []);
      return {
        id: r.id, name: r.name, title: r.title, description: r.description,
        startsAt: new Date(r.start_at).toISOString(), endsAt: new Date(r.end_at).toISOString(),
        startAt: new Date(r.start_at).toISOString(), endAt: new Date(r.end_at).toISOString(),
        open: now < ms(r.end_at), points, pointRules: r.point_rules, maxPointsPerSubmit: Number(r.max_points_per_submit),
        milestones: (r.milestones ?? []).map((m) => ({ ...m, reached: points >= m.threshold, claimed: claimed.has(m.milestone) })),
      };
    });
  return { events };
}

async function gameEvent(db: Sql, player: PlayerClaims, id: number): Promise<Row> {
  const row = await db.one<Row>(`${SELECT} WHERE e.id = $1`, [id]);
  // Another app's event is as unknown to this game as one that does not exist.
  if (!row || row.app_id !== player.appId) throw notFound(`Progress event ${id} was not found.`);
  return row;
}

/**
 * Adds points to the player's progress. Idempotent by clientId (a retry answers exactly what the first
 * submission answered; `duplicate: true` only for a submission recorded before answers were kept), at most
 * the event's max per submission, SUBMISSIONS_PER_MINUTE a minute (429), only inside the window (409 after
 * the end).
 */
export async function submitPoints(
  db: Db,
  player: PlayerClaims,
  input: { id: number; clientId: string; points?: number; action?: string } & DeviceContext,
  now = nowMs(),
) {
  const event = await gameEvent(db, player, input.id);
  if (event.status === 'cancelled') throw new HttpError(409, `Progress event ${event.id} was cancelled.`, {}, 'EVENT_ENDED');
  if (now < ms(event.start_at)) throw new HttpError(409, `Progress event ${event.id} has not started yet.`, {}, 'EVENT_NOT_STARTED');
  if (now >= ms(event.end_at)) throw new HttpError(409, `Progress event ${event.id} has ended: no more points.`, {}, 'EVENT_ENDED');
  const refusal = entryRefusal(event, input);
  if (refusal) throw new HttpError(403, `This event ${refusal}.`);
  let points: number;
  if (input.action !== undefined) {
    const rule = event.point_rules[input.action];
    if (rule === undefined) throw badRequest(`action: ${input.action} is not an action of this event${Object.keys(event.point_rules).length ? ` (${Object.keys(event.point_rules).join(', ')})` : ''}.`);
    points = rule;
  } else points = input.points!;
  if (points > Number(event.max_points_per_submit)) throw badRequest(`points: at most ${event.max_points_per_submit} in one submission.`);
  const at = new Date(now);
  return db.transaction(async (tx) => {
    const inserted = await tx.one<{ points: number }>(
      `INSERT INTO progress_event_submissions (event_id, player_id, client_id, points, action, submitted_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (event_id, player_id, client_id) DO NOTHING RETURNING points`,
      [event.id, player.playerId, input.clientId, points, input.action ?? null, at],
    );
    const current = async () => Number((await tx.one<{ points: number }>('SELECT points FROM progress_event_players WHERE event_id = $1 AND player_id = $2', [event.id, player.playerId]))?.points ?? 0);
    if (!inserted) {
      // A retry answers exactly what the first submission answered (docs/sdk.md, "Retries"). The insert above
      // waited for a parallel first submission to commit, so its answer is there to read.
      const first = await tx.one<{ points: number; total: string | null; reached: number[] | null }>(
        'SELECT points, total::text, reached FROM progress_event_submissions WHERE event_id = $1 AND player_id = $2 AND client_id = $3',
        [event.id, player.playerId, input.clientId],
      );
      if (first?.total != null) return { points: Number(first.total), added: Number(first.points), duplicate: false, reached: first.reached ?? [] };
      return { points: await current(), added: 0, duplicate: true, reached: [] as number[] };
    }
    // Counted by one atomic upsert after the insert, inside the transaction: parallel submissions queue on the
    // counter's row (a count of the submissions would not see the others' uncommitted rows on PostgreSQL), and
    // refusing rolls this submission and its count back.
    const key = `progress:${event.id}:${player.playerId}`;
    const hits = (await countHits(tx, 'sdk_rate_windows', [key], 60_000, now)).get(key)!;
    if (hits > SUBMISSIONS_PER_MINUTE) throw new HttpError(429, `Too many submissions: at most ${SUBMISSIONS_PER_MINUTE} a minute to one event.`, { 'retry-after': '60' }, 'RATE_LIMITED');
    // A total no JavaScript client could read exactly (past 2^53 − 1) is refused: the upsert then changes nothing.
    const row = await tx.one<{ points: number }>(
      `INSERT INTO progress_event_players (event_id, player_id, points, joined_at, updated_at) VALUES ($1, $2, $3, $4, $4)
       ON CONFLICT (event_id, player_id) DO UPDATE SET points = progress_event_players.points + EXCLUDED.points, updated_at = EXCLUDED.updated_at
         WHERE progress_event_players.points + EXCLUDED.points <= $5
       RETURNING points`,
      [event.id, player.playerId, points, at, MAX_SAFE_TOTAL],
    );
    if (!row) throw badRequest(`points: would take your points past ${formatBound(MAX_SAFE_TOTAL)}.`);
    const total = Number(row.points);
    const reached = (event.milestones ?? []).filter((m) => total >= m.threshold && total - points < m.threshold).map((m) => m.milestone);
    await tx.query('UPDATE progress_event_submissions SET total = $4, reached = $5::jsonb WHERE event_id = $1 AND player_id = $2 AND client_id = $3', [event.id, player.playerId, input.clientId, total, JSON.stringify(reached)]);
    return { points: total, added: points, duplicate: false, reached };
  });
}

/**
 * Claims a reached milestone once: the claim row's primary key (event, player, milestone) lets exactly one of
 * any number of parallel claims in; the others (and later retries) answer what that claim answered. The
 * rewards are recorded with the claim (delivered_at stays empty until the mailbox delivers them).
 */
export async function claimMilestone(db: Db, player: PlayerClaims, id: number, milestone: number, now = nowMs()): Promise<{ milestone: number; rewards: Reward[]; claimedAt: string }> {
  const event = await gameEvent(db, player, id);
  if (event.status === 'cancelled') throw new HttpError(409, `Progress event ${event.id} was cancelled.`, {}, 'EVENT_ENDED');
  if (now < ms(event.start_at)) throw new HttpError(409, `Progress event ${event.id} has not started yet.`, {}, 'EVENT_NOT_STARTED');
  if (now >= ms(event.end_at) + CLAIM_GRACE_MS) throw new HttpError(409, `Progress event ${event.id} ended more than 7 days ago: its rewards can no longer be claimed.`, {}, 'EVENT_ENDED');
  const m = (event.milestones ?? []).find((x) => x.milestone === milestone);
  if (!m) throw badRequest(`milestone: this event has milestones 1 to ${(event.milestones ?? []).length}.`);
  const progress = await db.one<{ points: number }>('SELECT points FROM progress_event_players WHERE event_id = $1 AND player_id = $2', [event.id, player.playerId]);
  const points = Number(progress?.points ?? 0);
  if (points < m.threshold) throw new HttpError(409, `Milestone ${milestone} needs ${m.threshold} points; you have ${points}.`, {}, 'NOT_REACHED');
  const at = new Date(now);
  // Claimed and mailed in one transaction: the claim row exists exactly when the mail does.
  const claimed = await db.transaction(async (tx) => {
    const row = await tx.one<{ position: number }>(
      `INSERT INTO progress_event_claims (event_id, player_id, position, rewards, claimed_at, delivered_at) VALUES ($1, $2, $3, $4::jsonb, $5, $5)
       ON CONFLICT (event_id, player_id, position) DO NOTHING RETURNING position`,
      [event.id, player.playerId, milestone, JSON.stringify(m.rewards), at],
    );
    if (row) {
      await deliverMail(tx, {
        appId: event.app_id, userId: player.playerId, title: `${event.title || event.name}: milestone ${milestone}`, body: `You reached ${m.threshold} points in ${event.title || event.name}.`,
        rewards: m.rewards, expiresAt: new Date(now + REWARD_MAIL_TTL_MS).toISOString(), source: 'progress_event', sourceRef: `progress event ${event.id}`,
      });
    }
    return row;
  });
  if (claimed) return { milestone, rewards: m.rewards, claimedAt: at.toISOString() };
  // Claimed before (a retry, or a parallel claim that won): the same answer as the claim that handed it over.
  const first = await db.one<{ rewards: Reward[]; claimed_at: Date }>('SELECT rewards, claimed_at FROM progress_event_claims WHERE event_id = $1 AND player_id = $2 AND position = $3', [event.id, player.playerId, milestone]);
  if (!first) throw new HttpError(409, `Milestone ${milestone} could not be claimed; try again.`, {}, 'CONFLICT');
  return { milestone, rewards: first.rewards, claimedAt: new Date(first.claimed_at).toISOString() };
}
