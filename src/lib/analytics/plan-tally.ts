import type { Sql } from '../server/db';
import { reportDay } from '../time/day';
import type { ValidEvent } from './events';

/** At most this many characters of an offending value are kept as its example. */
const EXAMPLE_VALUE_CHARS = 120;
/** Counts wait in memory at most this long before they are written. */
export const PLAN_COUNTS_FLUSH_MS = 1000;

type DropRow = { app_id: string; day: string; event: string; n: number; at: string };
type FlagRow = { app_id: string; day: string; event: string; problem: string; app_version: string; n: number; example: Record<string, unknown>; at: string };

/**
 * What the tracking plan did to one batch, counted for the data-quality view (migration 0205): events
 * dropped per plan key, and events flagged per key, problem and app version with the latest example. Counted
 * per receive day (UTC+7) as they arrive; a batch resent after a lost answer counts again.
 */
export class PlanTally {
  readonly drops = new Map<string, DropRow>();
  readonly flags = new Map<string, FlagRow>();
  private readonly day: string;
  private readonly at: string;

  constructor(private readonly appId: string, now: number) {
    this.day = reportDay(now);
    this.at = new Date(now).toISOString();
  }

  get any(): boolean {
    return this.drops.size > 0 || this.flags.size > 0;
  }

  drop(key: string): void {
    const row = this.drops.get(key);
    if (row) row.n++;
    else this.drops.set(key, { app_id: this.appId, day: this.day, event: key, n: 1, at: this.at });
  }

  /** The example: the stored params, and for a parameter of another type the value sent, as JSON text (any text is storable so). */
  flag(key: string, problems: readonly string[], event: ValidEvent, rawParams: unknown): void {
    for (const problem of problems) {
      const id = `${key}\u0000${problem}\u0000${event.appVersion}`;
      const param = /^params\.([^:]+):/.exec(problem)?.[1];
      const sent = param ? Array.from(JSON.stringify((rawParams as Record<string, unknown>)[param]) ?? 'undefined').slice(0, EXAMPLE_VALUE_CHARS).join('') : undefined;
      const example = { eventId: event.id, params: event.params, ...(param ? { sent: { [param]: sent } } : {}) };
      const row = this.flags.get(id);
      if (row) (row.n++, (row.example = example));
      else this.flags.set(id, { app_id: this.appId, day: this.day, event: key, problem, app_version: event.appVersion, n: 1, example, at: this.at });
    }
  }
}

/**
 * Counts of every batch wait here (per database) and are written together at most PLAN_COUNTS_FLUSH_MS later:
 * one statement per table per second instead of one per batch. Written per batch, the extra statement cost a
 * quarter of the ingestion rate on PostgreSQL (docs/performance.md): inside the ingest transaction the app's
 * batches queued on the same few rows until each commit, outside it each paid one more commit. Readers flush
 * first (flushPlanCounts), so this process's counts are never late on its own screens; a crash loses at most a
 * second of counts, never events.
 */
const pending = new WeakMap<object, { drops: Map<string, DropRow>; flags: Map<string, FlagRow>; timer: NodeJS.Timeout | null }>();

export function addPlanCounts(db: Sql, tally: PlanTally): void {
  let buffer = pending.get(db);
  if (!buffer) pending.set(db, (buffer = { drops: new Map(), flags: new Map(), timer: null }));
  for (const row of tally.drops.values()) {
    const id = `${row.app_id}\u0000${row.day}\u0000${row.event}`;
    const known = buffer.drops.get(id);
    if (known) (known.n += row.n, (known.at = row.at > known.at ? row.at : known.at));
    else buffer.drops.set(id, { ...row });
  }
  for (const row of tally.flags.values()) {
    const id = `${row.app_id}\u0000${row.day}\u0000${row.event}\u0000${row.problem}\u0000${row.app_version}`;
    const known = buffer.flags.get(id);
    if (known) (known.n += row.n, (known.example = row.example), (known.at = row.at > known.at ? row.at : known.at));
    else buffer.flags.set(id, { ...row });
  }
  if (!buffer.timer) {
    buffer.timer = setTimeout(() => void flushPlanCounts(db).catch((error) => console.error('[tracking plan] counts not written:', error)), PLAN_COUNTS_FLUSH_MS);
    buffer.timer.unref();
  }
}

const byId = <T>(rows: Map<string, T>) => [...rows].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);

/** Writes the counts waiting for this database (an app deleted meanwhile is left out). Rows in key order: two processes lock them in the same order and never deadlock. */
export async function flushPlanCounts(db: Sql): Promise<void> {
  const buffer = pending.get(db);
  if (!buffer) return;
  if (buffer.timer) clearTimeout(buffer.timer);
  pending.delete(db);
  if (buffer.drops.size) {
    await db.query(
      `INSERT INTO tracking_plan_drops (app_id, day, event, dropped, last_at)
       SELECT r.app_id, r.day, r.event, r.n, r.at FROM json_to_recordset($1::json) AS r(app_id text, day date, event text, n bigint, at timestamptz)
        WHERE EXISTS (SELECT 1 FROM apps WHERE id = r.app_id)
       ON CONFLICT (app_id, day, event) DO UPDATE SET dropped = tracking_plan_drops.dropped + EXCLUDED.dropped, last_at = greatest(tracking_plan_drops.last_at, EXCLUDED.last_at)`,
      [JSON.stringify(byId(buffer.drops))],
    );
  }
  if (buffer.flags.size) {
    await db.query(
      `INSERT INTO tracking_plan_violations (app_id, day, event, problem, app_version, events, example, last_at)
       SELECT r.app_id, r.day, r.event, r.problem, r.app_version, r.n, r.example, r.at
         FROM json_to_recordset($1::json) AS r(app_id text, day date, event text, problem text, app_version text, n bigint, example jsonb, at timestamptz)
        WHERE EXISTS (SELECT 1 FROM apps WHERE id = r.app_id)
       ON CONFLICT (app_id, day, event, problem, app_version) DO UPDATE
         SET events = tracking_plan_violations.events + EXCLUDED.events, example = EXCLUDED.example, last_at = greatest(tracking_plan_violations.last_at, EXCLUDED.last_at)`,
      [JSON.stringify(byId(buffer.flags))],
    );
  }
}
