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
}

export interface StaleAppDay {
  app_id: string;
  day: string;
}

/** The app-days a pass recomputes: one day, some apps. `where` filters a table with (app_id, day) columns. */
export interface RollupScope {
  day: string;
  apps: readonly string[];
  /** Parameters $1 (the day) and $2 (the apps, as JSON) for `where` and `appsIn2`. */
  params: unknown[];
  /** `day = $1::date AND app_id IN (…$2)` */
  where: string;
  /** `IN (…$2)` for an app_id column under another name or alias. */
  appsIn2: string;
}

export const defineStep = (step: RollupStep): RollupStep => step;

/** A step that deletes the scope's rows of its table and inserts them anew (an INSERT … SELECT); no stale days. */
export function rebuildStep(table: string, insert: (scope: RollupScope) => string): RollupStep {
  return {
    table,
    async run(tx, scope) {
      await tx.query(`DELETE FROM ${table} WHERE ${scope.where}`, scope.params);
      await tx.query(insert(scope), scope.params);
    },
  };
}
