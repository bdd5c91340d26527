import type { Db } from './index';

/**
 * What PostgreSQL's autovacuum does, for the embedded database, which has none: PGlite runs no background
 * processes, so its tables were never analyzed (the planner guessed 250 rows for a table of 4 and chose, for
 * the dashboard, a scan of every daily_metrics row per render) nor vacuumed (dead rows of updated and deleted
 * tables stayed). The `db_maintenance` job (src/lib/jobs/definitions.ts) runs this every ten minutes.
 *
 * Same rules as autovacuum's defaults: ANALYZE a table once more than 50 + 10 % of its rows changed since its
 * last analyze, VACUUM (and analyze) it once more than 50 + 20 % of its rows are dead. The counts come from the
 * cumulative statistics, which PGlite keeps but reports only when told to (pg_stat_force_next_flush). PGlite
 * answers one statement at a time, so every table is a pause for the console: the most changed tables go
 * first and no new table starts after `budgetMs`; the rest waits for the next run.
 */
export interface MaintenanceRun {
  analyzed: string[];
  vacuumed: string[];
  /** Tables over a threshold left for the next run (the budget was spent). */
  left: number;
}

export const ANALYZE_THRESHOLD = { base: 50, scale: 0.1 };
export const VACUUM_THRESHOLD = { base: 50, scale: 0.2 };

export async function maintainEmbedded(db: Db, budgetMs = 1000, clock: () => number = () => performance.now()): Promise<MaintenanceRun | null> {
  if (db.kind !== 'pglite') return null;
  // The counters of this session's own statements reach pg_stat_user_tables only at a report, forced here.
  await db.query('SELECT pg_stat_force_next_flush()');
  await db.query('SELECT 1');
  const due = await db.query<{ name: string; vacuum: boolean }>(
    `SELECT relid::regclass::text AS name, n_dead_tup > $3::float8 + $4::float8 * n_live_tup AS vacuum
       FROM pg_stat_user_tables
      WHERE n_mod_since_analyze > $1::float8 + $2::float8 * n_live_tup OR n_dead_tup > $3::float8 + $4::float8 * n_live_tup
      ORDER BY greatest(n_mod_since_analyze, n_dead_tup) DESC, relid`,
    [ANALYZE_THRESHOLD.base, ANALYZE_THRESHOLD.scale, VACUUM_THRESHOLD.base, VACUUM_THRESHOLD.scale],
  );
  const run: MaintenanceRun = { analyzed: [], vacuumed: [], left: 0 };
  const started = clock();
  for (const [i, table] of due.entries()) {
    if (clock() - started >= budgetMs) {
      run.left = due.length - i;
      break;
    }
    // The name is the catalogue's own quoting of the table (regclass), never input.
    await db.exec(table.vacuum ? `VACUUM (ANALYZE) ${table.name}` : `ANALYZE ${table.name}`);
    (table.vacuum ? run.vacuumed : run.analyzed).push(table.name);
  }
  return run;
}

/** The run history's line for a maintenance run. */
export function describeMaintenance(run: MaintenanceRun | null): string {
  if (!run) return 'PostgreSQL: its autovacuum keeps statistics and dead rows in check; nothing to do';
  const list = (names: string[]) => (names.length > 5 ? `${names.slice(0, 5).join(', ')} and ${names.length - 5} more` : names.join(', '));
  const parts = [
    run.vacuumed.length ? `vacuumed ${run.vacuumed.length} table(s) (${list(run.vacuumed)})` : '',
    run.analyzed.length ? `analyzed ${run.analyzed.length} table(s) (${list(run.analyzed)})` : '',
    run.left ? `${run.left} table(s) left for the next run` : '',
  ].filter(Boolean);
  return parts.length ? parts.join('; ') : 'every table within the thresholds; nothing to do';
}
