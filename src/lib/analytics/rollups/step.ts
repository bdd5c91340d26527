import type { Sql } from '../../server/db';

/**
 * One rollup table as a step of the app-day recomputation: it rebuilds its rows of (apps, day) from the
 * raw events and earlier steps' tables, and says which other app-days its change made stale (its
 * dirty-day rule). A new rollup is a new step in ./index.ts, not an edit inside one long function.
 * Steps read raw events through the analytics_events view (migration 0085: test players left out), never
 * the events table; a step that keeps per-user facts names its table in ./user-facts.ts.
 */
export interface RollupStep {
  /** The table it maintains. */
  table: string;
  /** Rebuilds the table's rows of the app-day scope; answers other app-days now stale (none for most). */
  run(tx: Sql, scope: RollupScope): Promise<readonly StaleAppDay[] | void>;
  /**
   * Builds the table's rows of every day of a range at once, on rollup tables that hold nothing of these
   * apps yet (the demo studio's first rollup, ../rollup-range.ts): set-based statements grouped by app and
   * day instead of one pass per day. Its rows must equal those of `run` day by day, oldest first
   * (rollup-range.test.ts compares both on the same events).
   */
  runRange(tx: Sql, scope: RangeScope): Promise<void>;
}

export interface StaleAppDay {
  app_id: string;
  day: string;
}

/**
 * What a statement needs to cover the days of either scope: the same SQL, grouped by day, serves one day
 * (RollupScope) and a range (RangeScope).
 */
export interface DaysScope {
  /** $1 and $2 (and $3 for a range), for `where`, `appsIn2` and `dayIn`. */
  params: unknown[];
  /** The scope's rows of a table with (app_id, day) columns: `day = $1::date AND app_id IN (…$2)`, or `day BETWEEN $1::date AND $3::date AND …`. */
  where: string;
  /** `IN (…$2)` for an app_id column under another name or alias. */
  appsIn2: string;
  /** The scope's days after a day column of another name: `= $1::date`, or `BETWEEN $1::date AND $3::date`. */
  dayIn: string;
}

/** The app-days a pass recomputes: one day ($1), some apps ($2). */
export interface RollupScope extends DaysScope {
  day: string;
  apps: readonly string[];
}

/** The app-days of a range build: every day from $1 to $3, some apps ($2). */
export interface RangeScope extends DaysScope {
  from: string;
  to: string;
  apps: readonly string[];
}

export const defineStep = (step: RollupStep): RollupStep => step;

/**
 * A step that deletes the scope's rows of its table and inserts them anew (an INSERT … SELECT grouped by
 * app and day, so that one statement serves a day and a range); no stale days.
 */
export function rebuildStep(table: string, insert: (scope: DaysScope) => string): RollupStep {
  const rebuild = async (tx: Sql, scope: DaysScope) => {
    await tx.query(`DELETE FROM ${table} WHERE ${scope.where}`, scope.params);
    await tx.query(insert(scope), scope.params);
  };
  return { table, run: rebuild, runRange: rebuild };
}
