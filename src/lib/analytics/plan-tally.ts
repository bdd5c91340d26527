import type { Sql } from '../server/db';
import { reportDay } from '../time/day';
import type { ValidEvent } from './events';

/** At most this many characters of an offending value are kept as its example. */
const EXAMPLE_VALUE_CHARS = 120;

/**
 * What the tracking plan did to one batch, counted for the data-quality view (migration 0205): events
 * dropped per plan key, and events flagged per key, problem and app version with the latest example. Counted
 * per receive day (UTC+7) as they arrive; a batch resent after a lost answer counts again.
 */
export class PlanTally {
  private readonly drops = new Map<string, number>();
  private readonly flags = new Map<string, { event: string; problem: string; app_version: string; n: number; example: Record<string, unknown> }>();
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
    this.drops.set(key, (this.drops.get(key) ?? 0) + 1);
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
      else this.flags.set(id, { event: key, problem, app_version: event.appVersion, n: 1, example });
    }
  }

  /**
   * Adds the batch's counts, after the events are committed (a crash in between loses the counts, not events).
   * Rows are upserted in key order: two batches of one app lock them in the same order and never deadlock.
   */
  async write(db: Sql): Promise<void> {
    if (this.drops.size) {
      const rows = [...this.drops].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([event, n]) => ({ event, n }));
      await db.query(
        `INSERT INTO tracking_plan_drops (app_id, day, event, dropped, last_at)
         SELECT $1, $2::date, r.event, r.n, $3::timestamptz FROM json_to_recordset($4::json) AS r(event text, n bigint)
         ON CONFLICT (app_id, day, event) DO UPDATE SET dropped = tracking_plan_drops.dropped + EXCLUDED.dropped, last_at = EXCLUDED.last_at`,
        [this.appId, this.day, this.at, JSON.stringify(rows)],
      );
    }
    if (this.flags.size) {
      const rows = [...this.flags].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
      await db.query(
        `INSERT INTO tracking_plan_violations (app_id, day, event, problem, app_version, events, example, last_at)
         SELECT $1, $2::date, r.event, r.problem, r.app_version, r.n, r.example, $3::timestamptz
           FROM json_to_recordset($4::json) AS r(event text, problem text, app_version text, n bigint, example jsonb)
         ON CONFLICT (app_id, day, event, problem, app_version) DO UPDATE
           SET events = tracking_plan_violations.events + EXCLUDED.events, example = EXCLUDED.example, last_at = EXCLUDED.last_at`,
        [this.appId, this.day, this.at, JSON.stringify(rows)],
      );
    }
  }
}
