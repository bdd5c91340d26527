import { MAX_SAFE_TOTAL } from '../contract';
import { formatBound } from '../http/issues';
import { deliverMail, REWARD_MAIL_TTL_MS } from '../mail/deliver';
import { compareVersions } from '../experiments/assign';
import { acceptPlayer, playerAuthSql } from '../players/service';
import type { PlayerClaims } from '../players/tokens';
import type { Db, Sql } from '../server/db';
import { badRequest, HttpError, notFound } from '../server/errors';
import { nowMs } from '../time/clock';
import { formatDateTime } from '../time/format';
import { SUBMIT_WINDOW_MS, SUBMITS_PER_WINDOW, type EventKind, type EventStatus, type RewardRange, type Scoring, type Tier } from './contract';
import { rankOrder } from './lifecycle';

/**
 * The game's side of live events (SDK key + player token, never a bare user id): open events, join (a bracket),
 * submit a score (idempotent by client id, rate-limited, max delta), read my rank, claim my reward.
 * An event is open from its start to its end whether or not the minute job has flipped its status yet.
 */

const iso = (ms: number) => new Date(ms).toISOString();

type Ev = {
  id: number; app_id: string; kind: EventKind; name: string; description: string; starts_at: Date; ends_at: Date; status: EventStatus; scoring: Scoring; sort: 'desc' | 'asc';
  bracket_size: number; rewards: RewardRange[]; tiers: Tier[]; min_level: number; min_version: string; countries: string[]; max_delta: string | number | null;
  allow_negative: boolean; series_id: number | null; max_score: string | number | null;
};
const EV = `id, app_id, kind, name, description, starts_at, ends_at, status, scoring, sort, bracket_size, rewards, tiers, min_level, min_version, countries, max_delta, allow_negative, series_id, max_score`;

export interface Device {
  level?: number;
  appVersion?: string;
  country?: string;
}

async function eventOf(db: Sql, player: PlayerClaims, id: number, lock = false): Promise<Ev> {
  const e = await db.one<Ev>(`SELECT ${EV} FROM live_events WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`, [id]);
  if (!e || e.app_id !== player.appId) throw notFound(`Event ${id} was not found.`);
  return e;
}

/** 409 unless the event takes part now (between its start and its end, not cancelled). */
function requireOpen(e: Ev, now: number): void {
  if (e.status === 'cancelled') throw new HttpError(409, `Event ${e.id} was cancelled.`, {}, 'EVENT_ENDED');
  if (e.status === 'ended' || e.status === 'rewarded' || now >= new Date(e.ends_at).getTime()) throw new HttpError(409, `Event ${e.id} has ended (${formatDateTime(e.ends_at)}); it no longer accepts players or scores.`, {}, 'EVENT_ENDED');
  if (now < new Date(e.starts_at).getTime()) throw new HttpError(409, `Event ${e.id} has not started; it opens at ${formatDateTime(e.starts_at)}.`, {}, 'EVENT_NOT_STARTED');
}

/** Why the player may not enter, or null: the entry rules (level, version, countries). */
function entryRefusal(e: Ev, device: Device): string | null {
  if (e.min_level > 0 && (device.level ?? 0) < e.min_level) return `level: this event is for players from level ${e.min_level}.`;
  if (e.min_version && (!device.appVersion || compareVersions(device.appVersion, e.min_version) < 0)) return `appVersion: this event needs app version ${e.min_version} or later.`;
  if (e.countries.length && (!device.country || !e.countries.includes(device.country))) return `country: this event is open in ${e.countries.join(', ')} only.`;
  return null;
}

export async function openEvents(db: Sql, player: PlayerClaims, device: Device, now = nowMs()) {
  const rows = await db.query<Ev & { score: string | number | null; joined: boolean }>(
    `SELECT ${EV.split(', ').map((c) => `e.${c}`).join(', ')}, x.score, x.player_id IS NOT NULL AS joined
       FROM live_events e LEFT JOIN live_entries x ON x.event_id = e.id AND x.player_id = $2
      WHERE e.app_id = $1 AND e.status IN ('scheduled', 'live') AND e.starts_at <= $3::timestamptz AND e.ends_at > $3::timestamptz
      ORDER BY e.ends_at, e.id`,
    [player.appId, player.playerId, iso(now)],
  );
  return {
    events: rows
      .filter((e) => e.joined || entryRefusal(e, device) === null)
      .map((e) => ({
        id: e.id, kind: e.kind, name: e.name, description: e.description, startsAt: iso(new Date(e.starts_at).getTime()), endsAt: iso(new Date(e.ends_at).getTime()),
        status: e.status, scoring: e.scoring, sort: e.sort, joined: e.joined, score: e.score === null ? null : Number(e.score), rewards: e.rewards,
      })),
  };
}

/**
 * Joins the player to the event: the newest bracket of their tier that has room, or a new one. The event row is
 * locked for the join, so concurrent joins fill brackets one after another and never past their size.
 */
export async function joinEvent(db: Db, player: PlayerClaims, id: number, device: Device, now = nowMs()) {
  return db.transaction(async (tx) => {
    const e = await eventOf(tx, player, id, true);
    const tierName = (t: number) => (e.kind === 'season' ? (e.tiers[t]?.name ?? null) : null);
    const existing = await tx.one<{ bracket_id: number; tier: number }>('SELECT bracket_id, tier FROM live_entries WHERE event_id = $1 AND player_id = $2', [id, player.playerId]);
    if (existing) return { eventId: id, bracketId: existing.bracket_id, tier: tierName(existing.tier), joined: false };
    requireOpen(e, now);
    const refusal = entryRefusal(e, device);
    if (refusal) throw new HttpError(403, refusal);
    let tier = 0;
    if (e.kind === 'season' && e.tiers.length) {
      const kept = await tx.one<{ tier: number }>('SELECT tier FROM live_season_players WHERE series_id = $1 AND player_id = $2', [e.series_id ?? e.id, player.playerId]);
      tier = kept ? Math.min(kept.tier, e.tiers.length - 1) : e.tiers.length - 1; // newcomers start in the bottom tier
    }
    const open = await tx.one<{ id: number }>('SELECT id FROM live_brackets WHERE event_id = $1 AND tier = $2 AND members < $3 ORDER BY id DESC LIMIT 1', [id, tier, e.bracket_size]);
    const bracketId = open ? open.id : (await tx.one<{ id: number }>('INSERT INTO live_brackets (event_id, tier) VALUES ($1, $2) RETURNING id', [id, tier]))!.id;
    await tx.query('UPDATE live_brackets SET members = members + 1 WHERE id = $1', [bracketId]);
    await tx.query('INSERT INTO live_entries (event_id, player_id, bracket_id, tier, joined_at) VALUES ($1, $2, $3, $4, $5::timestamptz)', [id, player.playerId, bracketId, tier, iso(now)]);
    return { eventId: id, bracketId, tier: tierName(tier), joined: true };
  });
}

/**
 * One score submission. A client id already seen applies nothing and answers what its first submission answered; a
 * refused submission (negative, over the max delta, over the rate) leaves nothing behind, so it may be resent.
 */
export async function submitScore(db: Db, player: PlayerClaims, id: number, input: { clientId: string; value: number }, now = nowMs()) {
  const e = await eventOf(db, player, id);
  requireOpen(e, now);
  if (input.value < 0 && !e.allow_negative) throw badRequest('value: must not be negative in this event.');
  // One statement (one round trip, its own transaction): lock the entry, see whether the client id was applied
  // before, check the max delta and the rate window, and only when all pass record the client id and move the
  // score. What it saw comes back, so the refusals below name the reason and nothing is half-written.
  const v = '$3::bigint';
  // The reach time breaks ties (the earlier first): only a submission that changes the score moves it, so a 0 on a
  // running total or the same value again on a 'latest' event never drops a player behind those who reached the
  // score later (docs/sdk.md, "Scores and ties").
  const keepReach = (changed: string) => `CASE WHEN c.score IS NULL OR ${changed} THEN $5::timestamptz ELSE coalesce(c.updated_at, $5::timestamptz) END`;
  const [score, reached] =
    e.scoring === 'increment'
      ? [`coalesce(c.score, 0) + ${v}`, keepReach(`${v} <> 0`)]
      : e.scoring === 'latest'
        ? [v, keepReach(`${v} <> c.score`)]
        : // best: only a better score moves the score and its reach time (an equal score keeps the earlier reach).
          [
            `CASE WHEN c.score IS NULL OR ${v} ${e.sort === 'asc' ? '<' : '>'} c.score THEN ${v} ELSE c.score END`,
            `CASE WHEN c.score IS NULL OR ${v} ${e.sort === 'asc' ? '<' : '>'} c.score THEN $5::timestamptz ELSE coalesce(c.updated_at, $5::timestamptz) END`,
          ];
  const delta = e.scoring === 'increment' ? v : `${v} - coalesce(c.score, 0)`;
  // The event's own ceiling, else the largest score a JavaScript client reads exactly.
  const ceiling = e.max_score === null ? MAX_SAFE_TOTAL : Math.min(Number(e.max_score), MAX_SAFE_TOTAL);
  const row = await db.one<{ old: string | null; dup: boolean; delta: string; count: number; would: string; inserted: boolean; score: string | null }>(
    `WITH c AS (SELECT score, updated_at, rate_window, rate_count FROM live_entries WHERE event_id = $1 AND player_id = $2 FOR UPDATE),
          k AS (SELECT c.*, EXISTS (SELECT 1 FROM live_submits s WHERE s.event_id = $1 AND s.player_id = $2 AND s.client_id = $4) AS dup, ${delta} AS delta,
                       CASE WHEN $6::bigint - c.rate_window < $7 THEN c.rate_count + 1 ELSE 1 END AS count,
                       CASE WHEN $6::bigint - c.rate_window < $7 THEN c.rate_window ELSE $6::bigint END AS window_start,
                       ${score} AS new_score, ${reached} AS new_reached
                  FROM c),
          ok AS (SELECT * FROM k WHERE NOT dup AND ($8::bigint IS NULL OR abs(delta) <= $8::bigint) AND count <= $9 AND abs(new_score) <= $10::bigint),
          ins AS (INSERT INTO live_submits (event_id, player_id, client_id, value, at, score_after) SELECT $1, $2, $4, ${v}, $5::timestamptz, ok.new_score FROM ok ON CONFLICT DO NOTHING RETURNING 1),
          upd AS (UPDATE live_entries x SET score = ok.new_score, updated_at = ok.new_reached, rate_window = ok.window_start, rate_count = ok.count
                    FROM ok WHERE x.event_id = $1 AND x.player_id = $2 AND EXISTS (SELECT 1 FROM ins) RETURNING x.score)
     SELECT k.score::text AS old, k.dup, k.delta::text AS delta, k.count, k.new_score::text AS would, EXISTS (SELECT 1 FROM ins) AS inserted, (SELECT score::text FROM upd) AS score FROM k`,
    [id, player.playerId, input.value, input.clientId, iso(now), now, SUBMIT_WINDOW_MS, e.max_delta === null ? null : Number(e.max_delta), SUBMITS_PER_WINDOW, ceiling],
  );
  if (!row) throw new HttpError(409, `Join event ${id} first (POST /api/sdk/v1/events/${id}/join).`, {}, 'EVENT_NOT_JOINED');
  const current = row.old === null ? 0 : Number(row.old);
  // A client id applied before (or by a parallel retry that won the race) is not applied again: it answers exactly
  // what its first submission answered (docs/sdk.md, "Retries").
  if (row.dup) return replayedScore(db, player, id, input.clientId, current);
  const maxDelta = e.max_delta === null ? null : Number(e.max_delta);
  if (maxDelta !== null && Math.abs(Number(row.delta)) > maxDelta) throw badRequest(`value: changes the score by ${Math.abs(Number(row.delta))}, over this event's limit of ${maxDelta} per submission.`);
  // A score no JavaScript client could read exactly (beyond 2^53 − 1) is refused, never stored.
  if (Math.abs(Number(row.would)) > ceiling) throw badRequest(`value: would take the score to ${row.would}, past ${ceiling === MAX_SAFE_TOTAL ? 'the largest score' : "this event's highest score"} of ${formatBound(ceiling)}.`);
  if (row.count > SUBMITS_PER_WINDOW) throw new HttpError(429, `Too many scores: at most ${SUBMITS_PER_WINDOW} per ${SUBMIT_WINDOW_MS / 1000} seconds per player; send the best one later.`, { 'retry-after': String(Math.ceil(SUBMIT_WINDOW_MS / 1000)) }, 'RATE_LIMITED');
  if (!row.inserted) return replayedScore(db, player, id, input.clientId, current);
  return { score: Number(row.score), applied: true };
}

/**
 * The first answer of a submission by its client id, read in a statement of its own: a parallel retry that lost
 * the race saw the entry before the winner committed, this read sees the winner's row. A submission recorded
 * before answers were kept (score_after empty) answers the current score.
 */
async function replayedScore(db: Db, player: PlayerClaims, id: number, clientId: string, current: number) {
  const first = await db.one<{ score_after: string | null }>('SELECT score_after::text FROM live_submits WHERE event_id = $1 AND player_id = $2 AND client_id = $3', [id, player.playerId, clientId]);
  return { score: first?.score_after == null ? current : Number(first.score_after), applied: true };
}

/**
 * Each event's sort order as this process last saw it. The rank statement's comparisons depend on it, so it is
 * guessed from here (new events: 'desc', the common case) and the statement returns the event's real order: a
 * wrong guess (a new event, or one whose order was changed before it started) is read again with the right one.
 * Bounded: cleared past 10,000 events, which costs one extra read per event afterwards.
 */
const knownSort = new Map<number, 'asc' | 'desc'>();
const KNOWN_SORT_MAX = 10_000;

/**
 * My rank in my bracket, my neighbours and the bracket's top: each a COUNT or a LIMIT over the index
 * (event, bracket, score, reach time, player), never a sort of the bracket. The caller's key and device, the
 * event's row, my entry and all of it are one statement — one round trip, where it was eight — since this is the
 * call a game makes most (issue 18's read target is a p99 under load, where every round trip queues).
 */
export async function readRank(db: Sql, caller: { key: string; claims: PlayerClaims }, id: number, around: number, top: number) {
  const guess = knownSort.get(id) ?? 'desc';
  let row = await rankRow(db, caller, id, guess, around, top);
  const player = acceptPlayer(row, caller.claims);
  if (row && row.sort !== null && row.sort !== guess) row = await rankRow(db, caller, id, row.sort, around, top);
  if (!row || row.app_id !== player.appId || row.sort === null) throw notFound(`Event ${id} was not found.`);
  if (knownSort.size >= KNOWN_SORT_MAX) knownSort.clear();
  knownSort.set(id, row.sort);
  if (row.bracket_id === null) throw notFound(`You have not joined event ${id}.`);
  const entries = (text: string) => (JSON.parse(text) as [string, string | number][]).map(([playerId, score]) => ({ playerId, score: Number(score) }));
  const topList = entries(row.top).map((r, i) => ({ rank: i + 1, ...r }));
  const players = Number(row.players);
  if (row.score === null) return { bracketId: row.bracket_id, rank: null, score: null, players, above: [], below: [], top: topList };
  const rank = 1 + Number(row.better);
  return {
    bracketId: row.bracket_id, rank, score: Number(row.score), players,
    above: entries(row.above).map((r, i) => ({ rank: rank - 1 - i, ...r })).reverse(),
    below: entries(row.below).map((r, i) => ({ rank: rank + 1 + i, ...r })),
    top: topList,
  };
}

interface RankRow {
  auth_app: string; auth_epoch: number | null; app_id: string | null; sort: 'asc' | 'desc' | null; bracket_id: number | null; score: string | number | null; players: string | number; better: string | number | null; top: string; above: string; below: string;
}

/**
 * The rank statement for an event ordered by `sort`, with the caller's credentials (players/service.ts
 * `playerAuthSql`): undefined when the SDK key is unknown, the event's columns null when the event does not exist.
 */
function rankRow(db: Sql, { key, claims }: { key: string; claims: PlayerClaims }, id: number, sort: 'asc' | 'desc', around: number, top: number): Promise<RankRow | undefined> {
  const cmp = sort === 'asc' ? '<' : '>';
  const rev = sort === 'asc' ? '>' : '<';
  const order = rankOrder(sort, 'x.');
  const reverse = `x.score ${sort === 'asc' ? 'DESC' : 'ASC'}, x.updated_at DESC, x.player_id DESC`;
  const base = 'x.event_id = $1 AND x.bracket_id = me.bracket_id AND x.score IS NOT NULL';
  const better = `(x.score ${cmp} me.score OR (x.score = me.score AND (x.updated_at < me.updated_at OR (x.updated_at = me.updated_at AND x.player_id < $2))))`;
  const worse = `(x.score ${rev} me.score OR (x.score = me.score AND (x.updated_at > me.updated_at OR (x.updated_at = me.updated_at AND x.player_id > $2))))`;
  // A list of [player, score] in the order its subquery chose (numbered as it comes, aggregated by that number).
  const list = (where: string, by: string, limit: string) =>
    `(SELECT coalesce(json_agg(json_build_array(t.player_id, t.score) ORDER BY t.n), '[]')::text
        FROM (SELECT x.player_id, x.score, row_number() OVER () AS n FROM (SELECT x.player_id, x.score FROM live_entries x WHERE ${where} ORDER BY ${by} LIMIT ${limit}) x) t)`;
  // The event's row decides what is answered; without my entry (me all NULL) every count and list is empty at once.
  return db.one<RankRow>(
    `WITH ${playerAuthSql('$5', '$6', '$2')},
          ev AS (SELECT app_id, sort FROM live_events WHERE id = $1),
          me AS (SELECT bracket_id, score, updated_at FROM live_entries WHERE event_id = $1 AND player_id = $2)
     SELECT auth.auth_app, auth.auth_epoch, ev.app_id, ev.sort, me.bracket_id, me.score,
            (SELECT count(*) FROM live_entries x WHERE ${base}) AS players,
            CASE WHEN me.score IS NULL THEN NULL ELSE (SELECT count(*) FROM live_entries x WHERE ${base} AND ${better}) END AS better,
            ${list(base, order, '$3')} AS top,
            ${list(`${base} AND me.score IS NOT NULL AND ${better}`, reverse, '$4')} AS above,
            ${list(`${base} AND me.score IS NOT NULL AND ${worse}`, order, '$4')} AS below
       FROM auth LEFT JOIN ev ON true LEFT JOIN me ON true`,
    [id, claims.playerId, top, around, key, claims.deviceId],
  );
}

/**
 * The player's reward of a rewarded event, once: the claim is one conditional UPDATE, so parallel claims get one
 * answer, and the rewards go to the player's mailbox in the same transaction (claimed ⇔ mailed).
 */
export async function claimReward(db: Db, player: PlayerClaims, id: number, now = nowMs()) {
  const e = await eventOf(db, player, id);
  if (e.status !== 'rewarded') {
    throw e.status === 'cancelled'
      ? new HttpError(409, `Event ${id} was cancelled; it has no rewards.`, {}, 'EVENT_ENDED')
      : new HttpError(409, `Event ${id}'s rewards are not out yet (they go out after ${formatDateTime(e.ends_at)}).`, {}, 'EVENT_NOT_STARTED');
  }
  const row = await db.transaction(async (tx) => {
    const claimed = await tx.one<{ rank: number; rewards: { itemId: string; amount: number }[]; claimed_at: Date }>(
      'UPDATE live_grants SET claimed_at = $3::timestamptz WHERE event_id = $1 AND player_id = $2 AND claimed_at IS NULL RETURNING rank, rewards, claimed_at',
      [id, player.playerId, iso(now)],
    );
    if (claimed && claimed.rewards.length > 0) {
      await deliverMail(tx, {
        appId: e.app_id, userId: player.playerId, title: `${e.name}: your reward`, body: `You finished ${e.name} at rank ${claimed.rank}.`,
        rewards: claimed.rewards, expiresAt: iso(now + REWARD_MAIL_TTL_MS), source: 'live_event', sourceRef: `event ${id}`,
      });
    }
    return claimed;
  });
  if (row) return { eventId: id, rank: row.rank, rewards: row.rewards, claimedAt: iso(new Date(row.claimed_at).getTime()) };
  // Claimed before (a retry, or a parallel claim that won): the same answer as the claim that handed it over.
  const grant = await db.one<{ rank: number; rewards: { itemId: string; amount: number }[]; claimed_at: Date | null }>(
    'SELECT rank, rewards, claimed_at FROM live_grants WHERE event_id = $1 AND player_id = $2',
    [id, player.playerId],
  );
  if (grant?.claimed_at) return { eventId: id, rank: grant.rank, rewards: grant.rewards, claimedAt: iso(new Date(grant.claimed_at).getTime()) };
  throw notFound(`No reward for this player in event ${id}.`);
}
