import { z } from 'zod';
import { contractsFor, MAX_INT4, numberFromText, publicApi, serialId } from '../contract';
import { formatBound } from '../http/issues';
import { reward, type Reward } from '../rewards/items';
import { formatDateTime } from '../time/format';
import { REPORT_OFFSET_MS } from '../time/zone';

/**
 * Progress events (a pass-like track of milestones of points with rewards): the console's contracts (list,
 * save, cancel) and the game SDK's (open events, submit points, claim a milestone). Shared by browser and
 * server. Figures of the dashboard: docs/metrics.md, "Progress events".
 */

export const PROGRESS_EVENT_ROUTE = '/games/progress_event/event';
export const PROGRESS_DASHBOARD_ROUTE = '/games/progress_event/dashboard';
export const PROGRESS_EVENT_STATUSES = ['scheduled', 'live', 'ended', 'cancelled'] as const;
export type ProgressEventStatus = (typeof PROGRESS_EVENT_STATUSES)[number];

/** At most this many milestones on one track. */
export const MAX_MILESTONES = 50;
/** A player may send at most this many submissions a minute to one event (429 beyond). */
export const SUBMISSIONS_PER_MINUTE = 30;

/**
 * A time as the console writes it, "DD-MM-YYYY HH:mm" in the studio's zone (UTC+7), or an ISO 8601 instant
 * with its offset (scripts). Answers epoch milliseconds, or null when it is neither.
 */
export function parseConsoleTime(text: string): number | null {
  const t = text.trim();
  const m = /^(\d{2})-(\d{2})-(\d{4}) (\d{2}):(\d{2})$/.exec(t);
  if (m) {
    const [d, mo, y, h, mi] = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5])];
    const ms = Date.UTC(y, mo - 1, d, h, mi) - REPORT_OFFSET_MS;
    const back = new Date(ms + REPORT_OFFSET_MS);
    // 31-02-2026 rolls over in Date.UTC: refuse it rather than move the event to March.
    if (back.getUTCDate() !== d || back.getUTCMonth() !== mo - 1 || h > 23 || mi > 59) return null;
    return ms;
  }
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(t)) {
    const ms = Date.parse(t);
    return Number.isFinite(ms) ? ms : null;
  }
  return null;
}

const consoleTime = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .refine((v) => parseConsoleTime(v) !== null, 'must be a time like 24-11-2026 09:00 (UTC+7)');

export interface Milestone {
  /** 1-based position on the track; what the game claims. */
  milestone: number;
  threshold: number;
  rewards: Reward[];
}

/**
 * Milestones as a person types them, one a line: "100: coin 500, gem 5" (points threshold, then item and
 * amount pairs). Thresholds must be whole numbers above 0 and strictly ascending.
 */
export function parseMilestoneSpec(text: string): { milestones: Milestone[] } | { error: string } {
  const lines = text.split('\n').map((s) => s.trim()).filter(Boolean);
  if (lines.length === 0) return { error: 'needs at least one milestone, like "100: coin 500"' };
  if (lines.length > MAX_MILESTONES) return { error: `may have at most ${MAX_MILESTONES} milestones` };
  const milestones: Milestone[] = [];
  for (const [i, line] of lines.entries()) {
    const m = /^(-?\d+)\s*:\s*(.*)$/.exec(line);
    if (!m) return { error: `line ${i + 1}: "${line.slice(0, 40)}" is not "points: item amount, …"` };
    const threshold = Number(m[1]);
    if (!Number.isSafeInteger(threshold) || threshold <= 0) return { error: `line ${i + 1}: the points threshold must be above 0` };
    // The column is an integer (int4): a larger threshold would fail in the database, not here.
    if (threshold > MAX_INT4) return { error: `line ${i + 1}: the points threshold must be at most ${formatBound(MAX_INT4)}` };
    const previous = milestones.at(-1);
    if (previous && threshold <= previous.threshold) return { error: `line ${i + 1}: thresholds must be strictly ascending (${threshold} is not above ${previous.threshold})` };
    const rewards: Reward[] = [];
    for (const part of m[2]!.split(',').map((s) => s.trim()).filter(Boolean)) {
      const pair = /^(\S+)\s*[x×]?\s*(\d+)$/.exec(part);
      const parsed = pair ? reward.safeParse({ itemId: pair[1], amount: Number(pair[2]) }) : null;
      if (!parsed?.success) return { error: `line ${i + 1}: "${part.slice(0, 40)}" is not "item amount" (an item id and a whole amount of at least 1)` };
      if (rewards.some((r) => r.itemId === parsed.data.itemId)) return { error: `line ${i + 1}: names ${parsed.data.itemId} twice` };
      rewards.push(parsed.data);
    }
    if (rewards.length === 0) return { error: `line ${i + 1}: needs at least one reward` };
    if (rewards.length > 20) return { error: `line ${i + 1}: at most 20 items` };
    milestones.push({ milestone: i + 1, threshold, rewards });
  }
  return { milestones };
}

export const formatMilestoneSpec = (milestones: readonly Milestone[]) =>
  milestones.map((m) => `${m.threshold}: ${m.rewards.map((r) => `${r.itemId} ${r.amount}`).join(', ')}`).join('\n');

const ACTION = /^[A-Za-z][A-Za-z0-9_.-]{0,39}$/;

/** Points per action as typed: "win_level: 10, daily_login: 5" (empty = none; the game sends points). */
export function parsePointRules(text: string): { rules: Record<string, number> } | { error: string } {
  const rules: Record<string, number> = {};
  for (const part of text.split(/[,\n]/).map((s) => s.trim()).filter(Boolean)) {
    const m = /^([^:\s]+)\s*:\s*(-?\d+)$/.exec(part);
    if (!m || !ACTION.test(m[1]!)) return { error: `"${part.slice(0, 40)}" is not "action: points" (an action name of letters, digits, _ . -)` };
    const points = Number(m[2]);
    if (points <= 0 || points > 1_000_000) return { error: `action ${m[1]}: points must be between 1 and 1000000` };
    if (m[1]! in rules) return { error: `action ${m[1]} is named twice` };
    rules[m[1]!] = points;
  }
  if (Object.keys(rules).length > 50) return { error: 'may have at most 50 actions' };
  return { rules };
}

export const formatPointRules = (rules: Record<string, number>) => Object.entries(rules).map(([a, p]) => `${a}: ${p}`).join(', ');

export const milestoneSchema = z.object({ milestone: z.number(), threshold: z.number(), rewards: z.array(reward) });

export const progressEventSchema = z.object({
  id: z.number(),
  appId: z.string(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  /** The window as the form edits it (DD-MM-YYYY HH:mm, UTC+7) and as instants. */
  start: z.string(),
  end: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  status: z.enum(PROGRESS_EVENT_STATUSES),
  minLevel: z.number(),
  minVersion: z.string(),
  countries: z.array(z.string()),
  pointRules: z.string(),
  maxPointsPerSubmit: z.number(),
  /** The track as the form edits it ("100: coin 500" a line) and as data. */
  milestones: z.string(),
  milestoneList: z.array(milestoneSchema),
  participants: z.number(),
  updatedBy: z.string(),
  updatedAt: z.string(),
});
export type ProgressEvent = z.infer<typeof progressEventSchema>;

/** The form's text of an instant (UTC+7), the inverse of parseConsoleTime. */
export const consoleTimeText = (instant: Date | string | number) => formatDateTime(instant);

const idField = serialId('an event');

export const progressEventListContract = contractsFor({ route: PROGRESS_EVENT_ROUTE }).get(
  '/api/progress_event/events',
  z.object({ appId: z.string().trim().max(100).optional() }),
  z.array(progressEventSchema),
);

const liveEventEditApi = contractsFor({ route: PROGRESS_EVENT_ROUTE, actions: ['live_event_edit'] });

export const progressEventSaveContract = liveEventEditApi.post(
  '/api/progress_event/events/save',
  z
    .object({
      id: idField.optional(),
      appId: z.string({ error: 'is required' }).trim().min(1, 'is required').max(100),
      name: z.string({ error: 'is required' }).trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
      title: z.string().trim().max(200, 'must be at most 200 characters').default(''),
      description: z.string().trim().max(2000, 'must be at most 2000 characters').default(''),
      start: consoleTime,
      end: consoleTime,
      minLevel: z.number({ error: 'must be a whole number' }).int('must be a whole number').min(0, 'must be 0 or more').max(100_000).default(0),
      minVersion: z.string().trim().max(50).regex(/^([0-9A-Za-z][0-9A-Za-z._+-]*)?$/, 'must be an app version like 1.4.0').default(''),
      countries: z.array(z.string().trim().regex(/^[A-Za-z]{2}$/, 'must be two-letter country codes').toUpperCase()).max(250).default([]),
      pointRules: z
        .string()
        .max(2000, 'must be at most 2000 characters')
        .default('')
        .superRefine((v, ctx) => {
          const parsed = parsePointRules(v);
          if ('error' in parsed) ctx.addIssue({ code: 'custom', message: parsed.error });
        }),
      maxPointsPerSubmit: z.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1').max(1_000_000, 'must be at most 1000000').default(1000),
      milestones: z
        .string({ error: 'is required' })
        .max(10_000, 'must be at most 10000 characters')
        .superRefine((v, ctx) => {
          const parsed = parseMilestoneSpec(v);
          if ('error' in parsed) ctx.addIssue({ code: 'custom', message: parsed.error });
        }),
    })
    .refine((v) => {
      const [s, e] = [parseConsoleTime(v.start), parseConsoleTime(v.end)];
      return s === null || e === null || e > s;
    }, { path: ['end'], message: 'must be after the start' }),
  progressEventSchema,
  { maxBody: 32 * 1024 },
);

export const progressEventCancelContract = liveEventEditApi.post(
  '/api/progress_event/events/cancel',
  z.object({ id: idField }),
  progressEventSchema,
);

/** The player's side of an event as the SDK receives it. */
export const sdkProgressEvent = z.object({
  id: z.number(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  /** The window, named as every SDK resource names it. */
  startsAt: z.string(),
  endsAt: z.string(),
  /** Deprecated aliases of startsAt and endsAt (the first SDK's names), kept for clients built on them. */
  startAt: z.string(),
  endAt: z.string(),
  /** Open for points now (false after the end, while unclaimed milestones may still be claimed). */
  open: z.boolean(),
  points: z.number(),
  pointRules: z.record(z.string(), z.number()),
  maxPointsPerSubmit: z.number(),
  milestones: z.array(milestoneSchema.extend({ reached: z.boolean(), claimed: z.boolean() })),
});

const deviceContext = {
  appVersion: z.string().trim().max(50).optional(),
  country: z.string().trim().regex(/^[A-Za-z]{2}$/, 'must be an ISO 3166-1 alpha-2 code').toUpperCase().optional(),
  level: numberFromText(z.number().int('must be a whole number').min(0, 'must be 0 or more').max(1_000_000).optional()),
};
export type DeviceContext = { appVersion?: string; country?: string; level?: number };

export const sdkProgressEventsContract = publicApi.get(
  '/api/sdk/v1/progress-events',
  z.object(deviceContext),
  z.object({ events: z.array(sdkProgressEvent) }),
);

export const sdkProgressPointsContract = publicApi.post(
  '/api/sdk/v1/progress-events/:id/points',
  z
    .object({
      id: idField,
      /** The game's id of this submission: a retry with the same id adds nothing. */
      clientId: z.string({ error: 'is required' }).trim().regex(/^[A-Za-z0-9._:-]{1,64}$/, 'must be 1–64 letters, digits, . _ : -'),
      points: z.number().int().positive('must be above 0').max(1_000_000_000).optional(),
      action: z.string().trim().regex(ACTION, 'must be an action name').optional(),
      ...deviceContext,
    })
    .refine((v) => (v.points === undefined) !== (v.action === undefined), { path: ['points'], message: 'send either points or an action' }),
  z.object({ points: z.number(), added: z.number(), duplicate: z.boolean(), reached: z.array(z.number()) }),
);

export const sdkProgressClaimContract = publicApi.post(
  '/api/sdk/v1/progress-events/:id/claim',
  z.object({
    id: idField,
    milestone: z.number({ error: 'must be a milestone number' }).int('must be a milestone number').min(1, 'must be a milestone number').max(MAX_MILESTONES, 'must be a milestone number'),
  }),
  z.object({ milestone: z.number(), rewards: z.array(reward), claimedAt: z.string() }),
);
