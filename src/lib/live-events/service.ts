import { mayViewApp, requireAppField } from '../apps/service';
import type { Actor, SessionAccount } from '../auth/types';
import { MESSAGES } from '../http/messages';
import { cronProblem } from '../jobs/cron';
import { checkRewards } from '../rewards/items';
import { auditAs } from '../server/audit';
import type { Db, Sql } from '../server/db';
import { badRequest, conflict, HttpError, notFound } from '../server/errors';
import { nowMs } from '../time/clock';
import { formatDateTime } from '../time/format';
import { REPORT_TIME_ZONE } from '../time/zone';
import {
  formatRewardSpec,
  formatTierSpec,
  parseConsoleTime,
  parseRewardSpec,
  parseTierSpec,
  TEMPLATE_OF,
  type EventKind,
  type EventStatus,
  type LiveEvent,
  type RewardRange,
  type Scoring,
  type Standing,
  type Template,
  type TemplateKind,
  type Tier,
} from './contract';

/**
 * The console side of live events: templates and events (validated, audited, nothing half-written), the
 * cancel and reward actions, and the live view. Status transitions and the reward run: ./lifecycle.ts.
 */

const forbidden = () => new HttpError(403, MESSAGES.permissionInvalid);
const iso = (ms: number) => new Date(ms).toISOString();

type TemplateRow = {
  id: number; app_id: string; kind: TemplateKind; name: string; scoring: Scoring; sort: 'desc' | 'asc'; bracket_size: number; duration_hours: number;
  rewards: RewardRange[]; tiers: Tier[]; min_level: number; min_version: string; countries: string[]; max_delta: string | number | null; max_score: string | number | null; allow_negative: boolean;
  updated_by: string; updated_at: Date; events: string | number;
};
const TEMPLATE_COLUMNS = `t.id, t.app_id, t.kind, t.name, t.scoring, t.sort, t.bracket_size, t.duration_hours, t.rewards, t.tiers, t.min_level, t.min_version, t.countries,
  t.max_delta, t.max_score, t.allow_negative, t.updated_by, t.updated_at, (SELECT count(*) FROM live_events e WHERE e.template_id = t.id) AS events`;

const toTemplate = (r: TemplateRow): Template => ({
  id: r.id, appId: r.app_id, kind: r.kind, name: r.name, scoring: r.scoring, sort: r.sort, bracketSize: r.bracket_size, durationHours: r.duration_hours,
  rewardSpec: formatRewardSpec(r.rewards, r.tiers), tierSpec: formatTierSpec(r.tiers), minLevel: r.min_level, minVersion: r.min_version, countries: r.countries,
  maxDelta: r.max_delta === null ? null : Number(r.max_delta), maxScore: r.max_score === null ? null : Number(r.max_score), allowNegative: r.allow_negative, events: Number(r.events), updatedBy: r.updated_by,
  updatedAt: new Date(r.updated_at).toISOString(),
});

export type EventRow = {
  id: number; template_id: number; template_name: string; app_id: string; kind: EventKind; name: string; description: string; starts_at: Date; ends_at: Date;
  recurrence: string | null; status: EventStatus; scoring: Scoring; sort: 'desc' | 'asc'; bracket_size: number; rewards: RewardRange[]; tiers: Tier[];
  min_level: number; min_version: string; countries: string[]; max_delta: string | number | null; allow_negative: boolean; parent_id: number | null;
  series_id: number | null; reward_result: { players: number; granted: number; at: string } | null; updated_by: string; updated_at: Date;
  participants: string | number; brackets: string | number;
};
export const EVENT_COLUMNS = `e.id, e.template_id, t.name AS template_name, e.app_id, e.kind, e.name, e.description, e.starts_at, e.ends_at, e.recurrence, e.status,
  e.scoring, e.sort, e.bracket_size, e.rewards, e.tiers, e.min_level, e.min_version, e.countries, e.max_delta, e.allow_negative, e.parent_id, e.series_id,
  e.reward_result, e.updated_by, e.updated_at,
  (SELECT count(*) FROM live_entries x WHERE x.event_id = e.id) AS participants, (SELECT count(*) FROM live_brackets b WHERE b.event_id = e.id) AS brackets`;
export const EVENT_FROM = 'live_events e JOIN live_templates t ON t.id = e.template_id';

export const toEvent = (r: EventRow): LiveEvent => ({
  id: r.id, templateId: r.template_id, templateName: r.template_name, appId: r.app_id, kind: r.kind, name: r.name, description: r.description,
  startsAt: new Date(r.starts_at).toISOString(), endsAt: new Date(r.ends_at).toISOString(), start: formatDateTime(r.starts_at), end: formatDateTime(r.ends_at),
  recurrence: r.recurrence ?? '', status: r.status, scoring: r.scoring, sort: r.sort, bracketSize: r.bracket_size, rewardSpec: formatRewardSpec(r.rewards, r.tiers),
  tierSpec: formatTierSpec(r.tiers), participants: Number(r.participants), brackets: Number(r.brackets),
  rewardResult: r.reward_result ? `${r.reward_result.granted} of ${r.reward_result.players} ranked players rewarded at ${formatDateTime(r.reward_result.at)}` : null,
  updatedBy: r.updated_by, updatedAt: new Date(r.updated_at).toISOString(),
});

// ---------- templates ----------

export async function listTemplates(db: Sql, viewer: SessionAccount, kind: TemplateKind, appId?: string): Promise<Template[]> {
  if (appId && !mayViewApp(viewer, appId)) throw forbidden();
  const rows = await db.query<TemplateRow>(
    `SELECT ${TEMPLATE_COLUMNS} FROM live_templates t WHERE t.kind = $1 AND ($2::text IS NULL OR t.app_id = $2) ORDER BY t.id DESC`,
    [kind, appId ?? null],
  );
  return rows.filter((r) => mayViewApp(viewer, r.app_id)).map(toTemplate);
}

export interface TemplateInput {
  id?: number; appId: string; name: string; scoring: Scoring; sort: 'desc' | 'asc'; bracketSize: number; durationHours: number; tierSpec: string; rewardSpec: string;
  minLevel: number; minVersion: string; countries: string[]; maxDelta: number | null; maxScore: number | null; allowNegative: boolean;
}

/** Tiers and reward ranges of a spec pair, refused naming the field; items checked against the app's list. */
async function parseRules(tx: Sql, appId: string, kind: TemplateKind, tierSpec: string, rewardSpec: string) {
  const tiers = kind === 'season' ? parseTierSpec(tierSpec) : { tiers: [] as Tier[] };
  if ('error' in tiers) throw badRequest(`tierSpec: ${tiers.error}`);
  const parsed = parseRewardSpec(rewardSpec, tiers.tiers);
  if ('error' in parsed) throw badRequest(`rewardSpec: ${parsed.error}`);
  for (const r of parsed.ranges) await checkRewards(tx, appId, r.rewards, 'rewardSpec');
  return { tiers: tiers.tiers, ranges: parsed.ranges };
}

export async function saveTemplate(db: Db, actor: Actor, kind: TemplateKind, input: TemplateInput): Promise<Template> {
  if (!mayViewApp(actor.account, input.appId)) throw forbidden();
  return db.transaction(async (tx) => {
    await requireAppField(tx, input.appId);
    const before = input.id ? await tx.one<TemplateRow>(`SELECT ${TEMPLATE_COLUMNS} FROM live_templates t WHERE t.id = $1 AND t.kind = $2 FOR UPDATE`, [input.id, kind]) : null;
    if (input.id && (!before || !mayViewApp(actor.account, before.app_id))) throw notFound(`Template ${input.id} was not found.`);
    if (before && before.app_id !== input.appId) throw badRequest('appId: a template cannot move to another app.');
    const { tiers, ranges } = await parseRules(tx, input.appId, kind, input.tierSpec, input.rewardSpec);
    const params = [
      input.appId, kind, input.name, input.scoring, input.sort, input.bracketSize, input.durationHours, JSON.stringify(ranges), JSON.stringify(tiers), input.minLevel,
      input.minVersion, JSON.stringify([...new Set(input.countries)]), input.maxDelta, input.allowNegative, actor.account.username, iso(nowMs()), input.maxScore,
    ];
    const saved = before
      ? await tx.one<{ id: number }>(
          `UPDATE live_templates SET app_id = $1, kind = $2, name = $3, scoring = $4, sort = $5, bracket_size = $6, duration_hours = $7, rewards = $8::jsonb,
                  tiers = $9::jsonb, min_level = $10, min_version = $11, countries = $12::jsonb, max_delta = $13, allow_negative = $14, updated_by = $15,
                  updated_at = $16::timestamptz, max_score = $17 WHERE id = $18 RETURNING id`,
          [...params, before.id],
        )
      : await tx.one<{ id: number }>(
          `INSERT INTO live_templates (app_id, kind, name, scoring, sort, bracket_size, duration_hours, rewards, tiers, min_level, min_version, countries, max_delta,
                                       allow_negative, updated_by, updated_at, max_score)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb, $10, $11, $12::jsonb, $13, $14, $15, $16::timestamptz, $17) RETURNING id`,
          params,
        );
    const row = toTemplate((await tx.one<TemplateRow>(`SELECT ${TEMPLATE_COLUMNS} FROM live_templates t WHERE t.id = $1`, [saved!.id]))!);
    await auditAs(tx, actor, {
      action: before ? 'update' : 'create', entity: `live_template`, entityId: row.id,
      before: before ? toTemplate(before) : undefined, after: row,
    });
    return row;
  });
}

export async function deleteTemplate(db: Db, actor: Actor, kind: TemplateKind, id: number): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const before = await tx.one<TemplateRow>(`SELECT ${TEMPLATE_COLUMNS} FROM live_templates t WHERE t.id = $1 AND t.kind = $2 FOR UPDATE`, [id, kind]);
    if (!before || !mayViewApp(actor.account, before.app_id)) throw notFound(`Template ${id} was not found.`);
    if (Number(before.events) > 0) throw conflict(`Template "${before.name}" has ${before.events} event(s); it stays so their rules stay explainable.`);
    await tx.query('DELETE FROM live_templates WHERE id = $1', [id]);
    await auditAs(tx, actor, { action: 'delete', entity: 'live_template', entityId: id, before: toTemplate(before) });
    return { id };
  });
}

// ---------- events ----------

export async function listEvents(db: Sql, viewer: SessionAccount, kind: EventKind, appId?: string): Promise<LiveEvent[]> {
  if (appId && !mayViewApp(viewer, appId)) throw forbidden();
  const rows = await db.query<EventRow>(`SELECT ${EVENT_COLUMNS} FROM ${EVENT_FROM} WHERE e.kind = $1 AND ($2::text IS NULL OR e.app_id = $2) ORDER BY e.starts_at DESC, e.id DESC`, [kind, appId ?? null]);
  return rows.filter((r) => mayViewApp(viewer, r.app_id)).map(toEvent);
}

export async function requireEvent(tx: Sql, viewer: SessionAccount, kind: EventKind, id: number, lock = false): Promise<EventRow> {
  const row = await tx.one<EventRow>(`SELECT ${EVENT_COLUMNS} FROM ${EVENT_FROM} WHERE e.id = $1 AND e.kind = $2 ${lock ? 'FOR UPDATE OF e' : ''}`, [id, kind]);
  if (!row || !mayViewApp(viewer, row.app_id)) throw notFound(`Event ${id} was not found.`);
  return row;
}

export interface EventInput {
  id?: number; templateId: number; name: string; description: string; start: string; end: string; recurrence: string; scoring: Scoring | ''; rewardSpec: string;
}

const sameRanges = (a: RewardRange[], b: RewardRange[]) => JSON.stringify(a) === JSON.stringify(b);

export async function saveEvent(db: Db, actor: Actor, kind: EventKind, input: EventInput, now = nowMs()): Promise<LiveEvent> {
  const startMs = parseConsoleTime(input.start);
  const endMs = parseConsoleTime(input.end);
  if (startMs === null) throw badRequest('start: must be a time like 30-11-2026 09:00 (UTC+7)');
  if (endMs === null) throw badRequest('end: must be a time like 30-11-2026 09:00 (UTC+7)');
  if (endMs <= startMs) throw badRequest('end: must be after the start');
  if (input.recurrence) {
    const problem = cronProblem(input.recurrence, REPORT_TIME_ZONE);
    if (problem) throw badRequest(`recurrence: ${problem}`);
  }
  return db.transaction(async (tx) => {
    const template = await tx.one<TemplateRow>(`SELECT ${TEMPLATE_COLUMNS} FROM live_templates t WHERE t.id = $1`, [input.templateId]);
    if (!template || template.kind !== TEMPLATE_OF[kind] || !mayViewApp(actor.account, template.app_id)) throw badRequest(`templateId: template ${input.templateId} is not a ${TEMPLATE_OF[kind]} template you can use.`);
    const before = input.id ? await requireEvent(tx, actor.account, kind, input.id, true) : null;
    if (before && before.template_id !== input.templateId) throw badRequest('templateId: an event keeps its template.');
    const scoring: Scoring = input.scoring || (before ? before.scoring : template.scoring);
    if (kind === 'exp' && scoring !== 'increment') throw badRequest('scoring: an exp ranking adds up the experience gained, so its scoring is increment.');
    const rules = input.rewardSpec.trim()
      ? await parseRules(tx, template.app_id, TEMPLATE_OF[kind], formatTierSpec(before ? before.tiers : template.tiers), input.rewardSpec)
      : { tiers: before ? before.tiers : template.tiers, ranges: before ? before.rewards : template.rewards };
    if (before) {
      const over = before.status === 'ended' || before.status === 'rewarded' || before.status === 'cancelled';
      const startedOrOver = before.status !== 'scheduled';
      if (startedOrOver && scoring !== before.scoring) throw badRequest(`scoring: the event is ${before.status}; its scoring rule stays ${before.scoring} (scores already count by it).`);
      if (over && !sameRanges(rules.ranges, before.rewards)) throw badRequest(`rewardSpec: the event is ${before.status}; its reward table can no longer change.`);
      if (startedOrOver && startMs !== new Date(before.starts_at).getTime()) throw badRequest(`start: the event is ${before.status}; its start stays ${formatDateTime(before.starts_at)}.`);
      if (over && endMs !== new Date(before.ends_at).getTime()) throw badRequest(`end: the event is ${before.status}; its end stays ${formatDateTime(before.ends_at)}.`);
      if (before.status === 'live' && endMs < new Date(before.ends_at).getTime()) throw badRequest(`end: a live event's end can only move later (it is ${formatDateTime(before.ends_at)}).`);
      if (before.status === 'live' && endMs <= now) throw badRequest('end: a live event cannot end in the past.');
    }
    const stamp = iso(now);
    const saved = before
      ? await tx.one<{ id: number }>(
          `UPDATE live_events SET name = $2, description = $3, starts_at = $4::timestamptz, ends_at = $5::timestamptz, recurrence = $6, scoring = $7, rewards = $8::jsonb,
                  updated_by = $9, updated_at = $10::timestamptz WHERE id = $1 RETURNING id`,
          [before.id, input.name, input.description, iso(startMs), iso(endMs), input.recurrence || null, scoring, JSON.stringify(rules.ranges), actor.account.username, stamp],
        )
      : await tx.one<{ id: number }>(
          `INSERT INTO live_events (template_id, app_id, kind, name, description, starts_at, ends_at, recurrence, scoring, sort, bracket_size, rewards, tiers, min_level,
                                    min_version, countries, max_delta, max_score, allow_negative, updated_by, updated_at)
           SELECT t.id, t.app_id, $2, $3, $4, $5::timestamptz, $6::timestamptz, $7, $8, t.sort, t.bracket_size, $9::jsonb, t.tiers, t.min_level, t.min_version, t.countries,
                  t.max_delta, t.max_score, t.allow_negative, $10, $11::timestamptz FROM live_templates t WHERE t.id = $1 RETURNING id`,
          [template.id, kind, input.name, input.description, iso(startMs), iso(endMs), input.recurrence || null, scoring, JSON.stringify(rules.ranges), actor.account.username, stamp],
        );
    const row = toEvent((await tx.one<EventRow>(`SELECT ${EVENT_COLUMNS} FROM ${EVENT_FROM} WHERE e.id = $1`, [saved!.id]))!);
    await auditAs(tx, actor, {
      action: before ? 'update' : 'create', entity: `live_event`, entityId: row.id,
      before: before ? toEvent(before) : undefined, after: row,
    });
    return row;
  });
}

export async function cancelEvent(db: Db, actor: Actor, kind: EventKind, id: number): Promise<LiveEvent> {
  return db.transaction(async (tx) => {
    const before = await requireEvent(tx, actor.account, kind, id, true);
    if (before.status !== 'scheduled' && before.status !== 'live') throw conflict(`"${before.name}" is ${before.status}; only a scheduled or live event can be cancelled.`);
    await tx.query(`UPDATE live_events SET status = 'cancelled', updated_by = $2, updated_at = $3::timestamptz WHERE id = $1`, [id, actor.account.username, iso(nowMs())]);
    await auditAs(tx, actor, { action: 'cancel', entity: 'live_event', entityId: id, before: { status: before.status }, after: { status: 'cancelled' } });
    return toEvent((await tx.one<EventRow>(`SELECT ${EVENT_COLUMNS} FROM ${EVENT_FROM} WHERE e.id = $1`, [id]))!);
  });
}

// ---------- the live view ----------

/** The top players of every bracket (at most `top` each), with the reward granted and its claim. */
export async function standings(db: Sql, viewer: SessionAccount, kind: EventKind, id: number, top: number): Promise<Standing[]> {
  const event = await requireEvent(db, viewer, kind, id);
  const order = event.sort === 'asc' ? 'ASC' : 'DESC';
  const rows = await db.query<{ bracket_id: number; tier: number; rnk: string | number; player_id: string; score: string | number; updated_at: Date; rewards: { itemId: string; amount: number }[] | null; claimed_at: Date | null }>(
    `SELECT r.bracket_id, r.tier, r.rnk, r.player_id, r.score, r.updated_at, g.rewards, g.claimed_at
       FROM (SELECT x.*, row_number() OVER (PARTITION BY x.bracket_id ORDER BY x.score ${order}, x.updated_at, x.player_id) AS rnk
               FROM live_entries x WHERE x.event_id = $1 AND x.score IS NOT NULL) r
       LEFT JOIN live_grants g ON g.event_id = $1 AND g.player_id = r.player_id
      WHERE r.rnk <= $2 ORDER BY r.tier, r.bracket_id, r.rnk`,
    [id, top],
  );
  return rows.map((r) => ({
    key: `${r.bracket_id}:${r.player_id}`, bracket: r.bracket_id, tier: event.tiers[r.tier]?.name ?? '', rank: Number(r.rnk), playerId: r.player_id, score: Number(r.score),
    reachedAt: new Date(r.updated_at).toISOString(), reward: r.rewards ? r.rewards.map((x) => `${x.itemId} ${x.amount}`).join(', ') : '', claimedAt: r.claimed_at ? new Date(r.claimed_at).toISOString() : null,
  }));
}

/** Participants, brackets, the score distribution in five bands from the lowest to the highest score, and the reward run. */
export async function eventView(db: Sql, viewer: SessionAccount, kind: EventKind, id: number) {
  const event = await requireEvent(db, viewer, kind, id);
  const stats = await db.one<{ participants: string; scored: string; lo: string | null; hi: string | null; granted: string; claimed: string }>(
    `SELECT count(*) AS participants, count(score) AS scored, min(score) AS lo, max(score) AS hi,
            (SELECT count(*) FROM live_grants g WHERE g.event_id = $1) AS granted, (SELECT count(claimed_at) FROM live_grants g WHERE g.event_id = $1) AS claimed
       FROM live_entries WHERE event_id = $1`,
    [id],
  );
  const lo = Number(stats!.lo ?? 0);
  const hi = Number(stats!.hi ?? 0);
  const bands = 5;
  const width = Math.max(1, Math.ceil((hi - lo + 1) / bands));
  const counts = await db.query<{ band: number; players: string }>(
    `SELECT least(floor((score - $2) / $3::numeric), $4 - 1)::int AS band, count(*) AS players FROM live_entries WHERE event_id = $1 AND score IS NOT NULL GROUP BY 1 ORDER BY 1`,
    [id, lo, width, bands],
  );
  const distribution = Number(stats!.scored) === 0 ? [] : Array.from({ length: bands }, (_, i) => ({
    // The band holding the highest score ends at it, whichever band that is (not a value nobody reached).
    label: `${lo + i * width}–${Math.min(lo + (i + 1) * width - 1, hi)}`,
    players: Number(counts.find((c) => c.band === i)?.players ?? 0),
  })).filter((b, i) => b.players > 0 || lo + i * width <= hi);
  return {
    participants: Number(stats!.participants), scored: Number(stats!.scored), brackets: Number(event.brackets), distribution,
    granted: Number(stats!.granted), claimed: Number(stats!.claimed), rewardResult: toEvent(event).rewardResult,
  };
}
