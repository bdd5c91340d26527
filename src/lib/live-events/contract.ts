import { z } from 'zod';
import { emptyRequest, contractsFor, publicApi, removedId, serialId, numberFromText, MAX_SAFE_TOTAL } from '../contract';
import { itemId, rewardList, type Reward } from '../rewards/items';
import { REPORT_OFFSET_MS } from '../time/zone';

/**
 * Live-ops events (issue 18): ranking templates and events, exp ranking events and leaderboard seasons — the
 * console's contracts (one set per kind, each gated by its own route) and the game's SDK contracts.
 * Shared by browser and server. The rules in words: docs/decisions.md (live events) and docs/live-events.md.
 */

export const TEMPLATE_KINDS = ['ranking', 'season'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];
export const EVENT_KINDS = ['ranking', 'exp', 'season'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];
export const EVENT_STATUSES = ['scheduled', 'live', 'ended', 'rewarded', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];
export const SCORINGS = ['best', 'latest', 'increment'] as const;
export type Scoring = (typeof SCORINGS)[number];

export const TEMPLATE_ROUTES: Record<TemplateKind, string> = { ranking: '/games/ranking_event/template', season: '/games/leaderboard_season/template' };
export const EVENT_ROUTES: Record<EventKind, string> = { ranking: '/games/ranking_event/event', exp: '/games/exp_ranking_event/event', season: '/games/leaderboard_season/event' };
/** The template kind an event kind is made from: exp ranking uses ranking templates whose scoring is increment. */
export const TEMPLATE_OF: Record<EventKind, TemplateKind> = { ranking: 'ranking', exp: 'ranking', season: 'season' };

/** Accepted submissions per player and event in one SUBMIT_WINDOW_MS (more answer 429). */
export const SUBMITS_PER_WINDOW = 20;
export const SUBMIT_WINDOW_MS = 10_000;

// ---------- reward tables and tiers as a person types them ----------

export interface RewardRange {
  /** Season tier index (0 = top); null = every tier. */
  tier: number | null;
  from: number;
  to: number;
  rewards: Reward[];
}
export interface Tier {
  name: string;
  promote: number;
  demote: number;
}

/** Tiers as typed: "Gold:0:3, Silver:3:3, Bronze:3:0" (name:promote:demote, the top tier first). */
export function parseTierSpec(text: string): { tiers: Tier[] } | { error: string } {
  const parts = text.split(/[,\n]/).map((s) => s.trim()).filter(Boolean);
  if (parts.length < 2) return { error: 'a season needs at least two tiers, like "Gold:0:3, Silver:3:0"' };
  if (parts.length > 10) return { error: 'at most 10 tiers' };
  const tiers: Tier[] = [];
  for (const part of parts) {
    const m = /^([A-Za-z][A-Za-z0-9 _-]{0,31}?)\s*:\s*(\d{1,4})\s*:\s*(\d{1,4})$/.exec(part);
    if (!m) return { error: `"${part.slice(0, 40)}" is not "name:promote:demote"` };
    if (tiers.some((t) => t.name.toLowerCase() === m[1]!.toLowerCase())) return { error: `tier "${m[1]}" is named twice` };
    tiers.push({ name: m[1]!, promote: Number(m[2]), demote: Number(m[3]) });
  }
  if (tiers[0]!.promote !== 0) return { error: `the top tier "${tiers[0]!.name}" cannot promote anyone (promote 0)` };
  if (tiers[tiers.length - 1]!.demote !== 0) return { error: `the bottom tier "${tiers[tiers.length - 1]!.name}" cannot demote anyone (demote 0)` };
  return { tiers };
}
export const formatTierSpec = (tiers: readonly Tier[]) => tiers.map((t) => `${t.name}:${t.promote}:${t.demote}`).join(', ');

/**
 * A reward table as typed, one rank range per line: "1: gem 100, coin 5000", "2-10: coin 1000"; a season's
 * lines may start with a tier name ("Gold 1-3: gem 50"), and each tier's ranges (or the untiered ones) must
 * cover 1..N without gap or overlap.
 */
export function parseRewardSpec(text: string, tiers: readonly Tier[] = []): { ranges: RewardRange[] } | { error: string } {
  const lines = text.split('\n').map((s) => s.trim()).filter(Boolean);
  if (!lines.length) return { error: 'needs at least one rank range, like "1: gem 100"' };
  if (lines.length > 50) return { error: 'at most 50 rank ranges' };
  const ranges: RewardRange[] = [];
  for (const line of lines) {
    const m = /^(?:([A-Za-z][A-Za-z0-9 _-]*?)\s+)?(\d{1,7})(?:\s*-\s*(\d{1,7}))?\s*:\s*(.+)$/.exec(line);
    if (!m) return { error: `"${line.slice(0, 40)}" is not "from-to: item amount, …"` };
    let tier: number | null = null;
    if (m[1]) {
      tier = tiers.findIndex((t) => t.name.toLowerCase() === m[1]!.toLowerCase());
      if (tier < 0) return { error: `"${line.slice(0, 40)}": ${tiers.length ? `no tier named "${m[1]}"` : 'only a season names tiers'}` };
    }
    const from = Number(m[2]);
    const to = m[3] ? Number(m[3]) : from;
    if (from < 1 || to < from) return { error: `"${line.slice(0, 40)}": a range goes from rank 1 or more up to a rank not below it` };
    const rewards: Reward[] = [];
    for (const piece of m[4]!.split(',').map((s) => s.trim()).filter(Boolean)) {
      const r = /^(\S+)\s+(\d{1,10})$/.exec(piece);
      if (!r || !itemId.safeParse(r[1]).success) return { error: `"${piece.slice(0, 40)}" is not "item amount"` };
      rewards.push({ itemId: r[1]!, amount: Number(r[2]) });
    }
    const checked = rewardList.safeParse(rewards);
    if (!checked.success) return { error: `"${line.slice(0, 40)}": ${checked.error.issues[0]!.path.length ? 'amount ' : ''}${checked.error.issues[0]!.message}` };
    ranges.push({ tier, from, to, rewards: checked.data });
  }
  // Each group (a tier, or the untiered lines) covers 1..N contiguously.
  const groups = new Map<number | null, RewardRange[]>();
  for (const r of ranges) groups.set(r.tier, [...(groups.get(r.tier) ?? []), r]);
  if (groups.has(null) && groups.size > 1) return { error: 'name a tier on every line or on none' };
  for (const [tier, group] of groups) {
    const label = tier === null ? '' : ` of ${tiers[tier]!.name}`;
    const sorted = [...group].sort((a, b) => a.from - b.from);
    let next = 1;
    for (const r of sorted) {
      if (r.from < next) return { error: `ranks ${r.from}-${r.to}${label} overlap an earlier range` };
      if (r.from > next) return { error: `ranks ${next}-${r.from - 1}${label} are missing (ranges must cover 1..N without gaps)` };
      next = r.to + 1;
    }
  }
  return { ranges };
}
export const formatRewardSpec = (ranges: readonly RewardRange[], tiers: readonly Tier[] = []) =>
  ranges
    .map((r) => `${r.tier === null ? '' : `${tiers[r.tier]?.name ?? r.tier} `}${r.from === r.to ? r.from : `${r.from}-${r.to}`}: ${r.rewards.map((x) => `${x.itemId} ${x.amount}`).join(', ')}`)
    .join('\n');

// ---------- times as typed (DD-MM-YYYY HH:mm, UTC+7) ----------

/** "30-11-2026 09:00" (UTC+7) → epoch ms, or null when it is not such a time. */
export function parseConsoleTime(text: string): number | null {
  const m = /^(\d{2})-(\d{2})-(\d{4}) (\d{2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const [d, mo, y, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const ms = Date.UTC(y, mo - 1, d, h, mi) - REPORT_OFFSET_MS;
  const back = new Date(ms + REPORT_OFFSET_MS);
  if (back.getUTCDate() !== d || back.getUTCMonth() !== mo - 1 || h > 23 || mi > 59) return null;
  return ms;
}
const consoleTime = z
  .string({ error: 'is required' })
  .trim()
  .refine((v) => parseConsoleTime(v) !== null, 'must be a time like 30-11-2026 09:00 (UTC+7)');

// ---------- rows ----------

export const templateSchema = z.object({
  id: z.number(),
  appId: z.string(),
  kind: z.enum(TEMPLATE_KINDS),
  name: z.string(),
  scoring: z.enum(SCORINGS),
  sort: z.enum(['desc', 'asc']),
  bracketSize: z.number(),
  durationHours: z.number(),
  rewardSpec: z.string(),
  tierSpec: z.string(),
  minLevel: z.number(),
  minVersion: z.string(),
  countries: z.array(z.string()),
  maxDelta: z.number().nullable(),
  maxScore: z.number().nullable(),
  allowNegative: z.boolean(),
  events: z.number(),
  updatedBy: z.string(),
  updatedAt: z.string(),
});
export type Template = z.infer<typeof templateSchema>;

export const eventSchema = z.object({
  id: z.number(),
  templateId: z.number(),
  templateName: z.string(),
  appId: z.string(),
  kind: z.enum(EVENT_KINDS),
  name: z.string(),
  description: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** The times as the form edits them (DD-MM-YYYY HH:mm, UTC+7). */
  start: z.string(),
  end: z.string(),
  recurrence: z.string(),
  status: z.enum(EVENT_STATUSES),
  scoring: z.enum(SCORINGS),
  sort: z.enum(['desc', 'asc']),
  bracketSize: z.number(),
  rewardSpec: z.string(),
  tierSpec: z.string(),
  participants: z.number(),
  brackets: z.number(),
  /** The reward run's result in words, or null before it ran. */
  rewardResult: z.string().nullable(),
  updatedBy: z.string(),
  updatedAt: z.string(),
});
export type LiveEvent = z.infer<typeof eventSchema>;

/** One player in the live view: bracket, rank in it, score, reward and claim. */
export const standingSchema = z.object({
  key: z.string(),
  bracket: z.number(),
  tier: z.string(),
  rank: z.number(),
  playerId: z.string(),
  score: z.number(),
  reachedAt: z.string(),
  reward: z.string(),
  claimedAt: z.string().nullable(),
});
export type Standing = z.infer<typeof standingSchema>;

/** The live view's summary of an event (participants, brackets, score distribution, reward run). */
export const eventViewSchema = z.object({
  participants: z.number(),
  scored: z.number(),
  brackets: z.number(),
  distribution: z.array(z.object({ label: z.string(), players: z.number() })),
  granted: z.number(),
  claimed: z.number(),
  rewardResult: z.string().nullable(),
});

// ---------- console contracts, one set per kind ----------

const appIdField = z.string({ error: 'is required' }).trim().min(1, 'is required').max(100);
const nameField = z.string({ error: 'is required' }).trim().min(1, 'is required').max(100, 'must be at most 100 characters');
const specError = (parse: (v: string) => { error: string } | object) => (v: string, ctx: z.RefinementCtx) => {
  const parsed = parse(v);
  if ('error' in parsed) ctx.addIssue({ code: 'custom', message: (parsed as { error: string }).error });
};

export function templateRequest(kind: TemplateKind) {
  return z
    .object({
      id: serialId('a template').optional(),
      appId: appIdField,
      name: nameField,
      scoring: z.enum(SCORINGS, { error: 'must be best, latest or increment' }),
      sort: z.enum(['desc', 'asc'], { error: 'must be desc or asc' }).default('desc'),
      bracketSize: z.number({ error: 'must be a whole number' }).int('must be a whole number').min(2, 'must be at least 2').max(100_000, 'must be at most 100000'),
      durationHours: z.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1').max(24 * 366, 'must be at most a year'),
      tierSpec: kind === 'season' ? z.string({ error: 'is required' }).max(1000).superRefine(specError(parseTierSpec)) : z.literal('').default(''),
      rewardSpec: z.string({ error: 'is required' }).max(5000, 'must be at most 5000 characters'),
      minLevel: z.number().int('must be a whole number').min(0, 'must be 0 or more').max(100_000).default(0),
      minVersion: z.string().trim().max(50).regex(/^([0-9A-Za-z][0-9A-Za-z._+-]*)?$/, 'must be an app version like 1.4.0').default(''),
      countries: z.array(z.string().trim().regex(/^[A-Za-z]{2}$/, 'must be two-letter country codes').toUpperCase()).max(250).default([]),
      maxDelta: z.number().int('must be a whole number').min(1, 'must be at least 1').max(Number.MAX_SAFE_INTEGER).nullable().default(null),
      /** The highest score (and lowest, negated, where negatives are allowed) a player may reach; null: 2^53 − 1. */
      maxScore: z.number().int().min(1).max(MAX_SAFE_TOTAL).nullable().default(null),
      allowNegative: z.boolean().default(false),
    })
    .superRefine((v, ctx) => {
      const tiers = kind === 'season' ? parseTierSpec(v.tierSpec) : { tiers: [] };
      if ('error' in tiers) return;
      const parsed = parseRewardSpec(v.rewardSpec, tiers.tiers);
      if ('error' in parsed) ctx.addIssue({ code: 'custom', path: ['rewardSpec'], message: parsed.error });
    });
}

export function eventRequest() {
  return z
    .object({
      id: serialId('an event').optional(),
      templateId: serialId('a template'),
      name: nameField,
      description: z.string().trim().max(2000, 'must be at most 2000 characters').default(''),
      start: consoleTime,
      end: consoleTime,
      recurrence: z.string().trim().max(200).default(''),
      /** Empty on create: the template's. */
      scoring: z.enum([...SCORINGS, ''], { error: 'must be best, latest or increment' }).default(''),
      rewardSpec: z.string().max(5000, 'must be at most 5000 characters').default(''),
    })
    .refine((v) => parseConsoleTime(v.start) === null || parseConsoleTime(v.end) === null || parseConsoleTime(v.end)! > parseConsoleTime(v.start)!, {
      path: ['end'],
      message: 'must be after the start',
    });
}


export function templateContracts(kind: TemplateKind) {
  const view = contractsFor({ route: TEMPLATE_ROUTES[kind] });
  const edit = contractsFor({ route: TEMPLATE_ROUTES[kind], actions: ['live_event_edit'] });
  const base = `/api/live-events/${kind}/templates`;
  return {
    list: view.get(base, z.object({ appId: z.string().trim().max(100).optional() }), z.array(templateSchema)),
    save: edit.post(`${base}/save`, templateRequest(kind), templateSchema, { maxBody: 32 * 1024 }),
    remove: edit.delete(`${base}/delete`, z.object({ id: serialId('a template') }), removedId),
  };
}

export function eventContracts(kind: EventKind) {
  const view = contractsFor({ route: EVENT_ROUTES[kind] });
  const edit = contractsFor({ route: EVENT_ROUTES[kind], actions: ['live_event_edit'] });
  const base = `/api/live-events/${kind}/events`;
  const byId = z.object({ id: serialId('an event') });
  return {
    list: view.get(base, z.object({ appId: z.string().trim().max(100).optional() }), z.array(eventSchema)),
    save: edit.post(`${base}/save`, eventRequest(), eventSchema, { maxBody: 32 * 1024 }),
    cancel: edit.post(`${base}/cancel`, byId, eventSchema),
    /** Runs the reward run of an ended event now (the job does it too; either way once). */
    reward: edit.post(`${base}/reward`, byId, eventSchema),
    standings: view.get(
      `${base}/standings`,
      z.object({ id: serialId('an event'), top: numberFromText(z.number().int().min(1).max(500).default(10)) }),
      z.array(standingSchema),
    ),
    view: view.get(`${base}/view`, byId, eventViewSchema),
  };
}

export const templateApis = { ranking: templateContracts('ranking'), season: templateContracts('season') };
export const eventApis = { ranking: eventContracts('ranking'), exp: eventContracts('exp'), season: eventContracts('season') };

// ---------- the game's SDK contracts (X-SDK-Key + X-Player-Token) ----------

const device = {
  level: numberFromText(z.number().int('must be a whole number').min(0).max(1_000_000).optional()),
  appVersion: z.string().trim().max(50).optional(),
  country: z.string().trim().regex(/^[A-Za-z]{2}$/, 'must be an ISO 3166-1 alpha-2 code').toUpperCase().optional(),
};

export const sdkEventSchema = z.object({
  id: z.number(),
  kind: z.enum(EVENT_KINDS),
  name: z.string(),
  description: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(EVENT_STATUSES),
  scoring: z.enum(SCORINGS),
  sort: z.enum(['desc', 'asc']),
  joined: z.boolean(),
  score: z.number().nullable(),
  rewards: z.array(z.object({ tier: z.number().nullable(), from: z.number(), to: z.number(), rewards: rewardList })),
});

export const sdkEventsContract = publicApi.get('/api/sdk/v1/events', z.object(device), z.object({ events: z.array(sdkEventSchema) }));

const eventParam = { id: serialId('an event') };

export const sdkJoinContract = publicApi.post(
  '/api/sdk/v1/events/:id/join',
  z.object({ ...eventParam, ...device }),
  z.object({ eventId: z.number(), bracketId: z.number(), tier: z.string().nullable(), joined: z.boolean() }),
  { maxBody: 2048 },
);

export const sdkScoreContract = publicApi.post(
  '/api/sdk/v1/events/:id/score',
  z.object({
    ...eventParam,
    /** The game's id of this submission: a retry with the same id is applied once. */
    clientId: z.string().trim().min(1, 'is required').max(64, 'must be at most 64 characters'),
    value: z.number().int().min(-MAX_SAFE_TOTAL).max(MAX_SAFE_TOTAL),
  }),
  z.object({ score: z.number(), applied: z.boolean() }),
  { maxBody: 2048 },
);

const rankRow = z.object({ rank: z.number(), playerId: z.string(), score: z.number() });
export const sdkRankContract = publicApi.get(
  '/api/sdk/v1/events/:id/rank',
  z.object({
    ...eventParam,
    around: numberFromText(z.number().int().min(0, 'must be 0 to 50').max(50, 'must be 0 to 50').default(3)),
    top: numberFromText(z.number().int().min(0, 'must be 0 to 100').max(100, 'must be 0 to 100').default(10)),
  }),
  z.object({ bracketId: z.number(), rank: z.number().nullable(), score: z.number().nullable(), players: z.number(), above: z.array(rankRow), below: z.array(rankRow), top: z.array(rankRow) }),
);

export const sdkClaimContract = publicApi.post(
  '/api/sdk/v1/events/:id/claim',
  z.object(eventParam),
  z.object({ eventId: z.number(), rank: z.number(), rewards: rewardList, claimedAt: z.string() }),
  { maxBody: 1024 },
);

export { emptyRequest };
