import type { Sql } from '../server/db';
import { nowMs } from '../time/clock';

/**
 * The tracking plan of an app (issue 39): the studio's event catalogue (Config Data → Event: declared events
 * and their typed parameters) merged with the app's tracking config (Config Data → Tracking Config: per event,
 * enabled or not, and parameters of its own). Ingestion asks it about every event (src/lib/analytics/ingest.ts):
 * a disabled event is dropped and counted, an undeclared one or a parameter of another type is stored but
 * flagged. The plan is in force for an app once the app has a tracking config (at least one item): a studio
 * adopts it app by app, so declaring the catalogue does not start flagging every event of every running game.
 *
 * Plan keys: the SDK event name (level_start), or for the three events a game names itself the name
 * qualified by its event: counter.<name>, measurement.<name>, funnel_step.<funnel>. A qualified entry wins
 * over its bare event's (declaring "counter" declares every counter; "counter.hint_used" only that one).
 */

export type ParamType = 'string' | 'int' | 'float' | 'bool';

export interface PlanEntry {
  /** In the studio's catalogue or in the app's tracking config. */
  declared: boolean;
  enabled: boolean;
  description: string;
  params: Readonly<Record<string, ParamType>>;
  /** Where it is declared: 'catalogue', 'app' or both. */
  source: 'catalogue' | 'app' | 'both';
}

export interface TrackingPlan {
  /** Whether ingestion checks the app's events: the app has a tracking config. */
  active: boolean;
  entries: ReadonlyMap<string, PlanEntry>;
}

/** The events whose plan key carries the name the game gives them, and the parameter holding that name. */
export const NAMED_EVENTS: Readonly<Record<string, string>> = { counter: 'name', measurement: 'name', funnel_step: 'funnel' };

/** The plan key of an event from its SDK name and its (validated) params. */
export function planKey(name: string, params: Readonly<Record<string, unknown>>): string {
  const field = NAMED_EVENTS[name];
  return field === undefined ? name : `${name}.${String(params[field])}`;
}

/** The entry that rules an event: its qualified key's, else its bare event's. */
export function entryOf(plan: TrackingPlan, key: string): PlanEntry | undefined {
  const exact = plan.entries.get(key);
  if (exact) return exact;
  const dot = key.indexOf('.');
  return dot > 0 ? plan.entries.get(key.slice(0, dot)) : undefined;
}

const typeOf = (value: unknown): string => {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : Number.isFinite(value) ? 'float' : 'number';
  if (typeof value === 'boolean') return 'bool';
  return typeof value;
};

const fits = (type: ParamType, value: unknown): boolean =>
  type === 'string' ? typeof value === 'string'
    : type === 'bool' ? typeof value === 'boolean'
      : type === 'int' ? typeof value === 'number' && Number.isInteger(value)
        : typeof value === 'number' && Number.isFinite(value);

/** What the plan says about one event: dropped (why), flagged (each problem, as the SDK is told), or fine. */
export type PlanVerdict = { dropped: string } | { problems: string[] } | null;

export const droppedReason = (key: string) => `name: "${key}" is disabled for this app in the tracking plan; the event was dropped`;
export const undeclaredReason = (key: string) => `name: "${key}" is not declared in the tracking plan`;
export const wrongTypeReason = (param: string, type: ParamType, got: string) => `params.${param}: declared ${type} in the tracking plan, got ${got}`;

/**
 * Judges one event. rawParams are the params as sent (the store keeps only the SDK vocabulary's fields, but the
 * plan checks every declared parameter the game sent). A declared parameter left out is not a problem.
 */
export function judgeEvent(plan: TrackingPlan, key: string, rawParams: unknown): PlanVerdict {
  const entry = entryOf(plan, key);
  if (!entry) return { problems: [undeclaredReason(key)] };
  if (!entry.enabled) return { dropped: droppedReason(key) };
  if (rawParams === null || typeof rawParams !== 'object') return null;
  let problems: string[] | null = null;
  for (const param in entry.params) {
    const value = (rawParams as Record<string, unknown>)[param];
    if (value === undefined) continue;
    const type = entry.params[param]!;
    if (!fits(type, value)) (problems ??= []).push(wrongTypeReason(param, type, typeOf(value)));
  }
  return problems && { problems };
}

type ItemRow = { kind: string; item_key: string; data: { description?: string; parameters?: { name: string; type: ParamType }[]; enabled?: boolean } };

/** Builds a plan from the catalogue's items and the app's tracking config items. */
export function buildPlan(rows: readonly ItemRow[]): TrackingPlan {
  const entries = new Map<string, PlanEntry>();
  const paramsOf = (row: ItemRow) => Object.fromEntries((row.data.parameters ?? []).map((p) => [p.name, p.type]));
  for (const row of rows.filter((r) => r.kind === 'event')) {
    entries.set(row.item_key, { declared: true, enabled: true, description: row.data.description ?? '', params: paramsOf(row), source: 'catalogue' });
  }
  for (const row of rows.filter((r) => r.kind === 'tracking_config')) {
    const base = entries.get(row.item_key);
    entries.set(row.item_key, {
      declared: true,
      enabled: row.data.enabled !== false,
      description: base?.description ?? '',
      params: { ...base?.params, ...paramsOf(row) },
      source: base ? 'both' : 'app',
    });
  }
  return { active: rows.some((r) => r.kind === 'tracking_config'), entries };
}

/** Reads an app's plan from the database (two config kinds, a few dozen rows). */
export async function loadTrackingPlan(db: Sql, appId: string): Promise<TrackingPlan> {
  const rows = await db.query<ItemRow>(
    `SELECT kind, item_key, data FROM config_items WHERE (kind = 'event' AND scope = '') OR (kind = 'tracking_config' AND scope = $1) ORDER BY kind, item_key`,
    [appId],
  );
  return buildPlan(rows);
}

/**
 * Plans as ingestion reads them: ingestion asks for every batch, so plans are kept in memory. Saving or
 * deleting an Event or Tracking Config item in this process forgets them all at once (forgetTrackingPlans);
 * another console process sharing the database picks a change up within PLAN_TTL_MS.
 */
export const PLAN_TTL_MS = 30_000;
const plans = new WeakMap<object, Map<string, { plan: Promise<TrackingPlan>; at: number }>>();
let generation = 0;
const generations = new WeakMap<object, number>();

export function trackingPlanOf(db: Sql, appId: string): Promise<TrackingPlan> {
  let byApp = plans.get(db);
  if (!byApp || generations.get(db) !== generation) {
    plans.set(db, (byApp = new Map()));
    generations.set(db, generation);
  }
  const now = nowMs();
  const cached = byApp.get(appId);
  if (cached && now - cached.at < PLAN_TTL_MS) return cached.plan;
  const plan = loadTrackingPlan(db, appId);
  byApp.set(appId, { plan, at: now });
  // A failed read is not kept: the next batch asks again.
  plan.catch(() => byApp.get(appId)?.plan === plan && byApp.delete(appId));
  return plan;
}

/** Called when the catalogue or a tracking config changes. */
export function forgetTrackingPlans(): void {
  generation++;
}

/**
 * The names the plan declares for one of the events a game names (counter, measurement, funnel_step) over some
 * apps: what report pickers offer first. Undefined when there is nothing to tell apart: no such entry, or the
 * bare event declared (which declares every name).
 */
export async function declaredNames(db: Sql, appIds: readonly string[], event: keyof typeof NAMED_EVENTS & string): Promise<string[] | undefined> {
  const rows = await db.query<{ item_key: string }>(
    `SELECT DISTINCT item_key FROM config_items
      WHERE ((kind = 'event' AND scope = '') OR (kind = 'tracking_config' AND scope IN (SELECT jsonb_array_elements_text($1::jsonb))))
        AND (item_key = $2 OR left(item_key, length($2) + 1) = $2 || '.')
      ORDER BY item_key`,
    [JSON.stringify(appIds), event],
  );
  if (rows.length === 0 || rows.some((r) => r.item_key === event)) return undefined;
  return rows.map((r) => r.item_key.slice(event.length + 1));
}
