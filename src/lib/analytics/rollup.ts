import { tunables } from '../server/config';
import type { Db, Sql } from '../server/db';
import { addDays, reportDay, DAY_MS } from '../time/day';
import { ensurePartitions } from './partitions';
import { nowMs } from '../time/clock';
import { rollupSteps, type RollupScope, type StaleAppDay } from './rollups';

/**
 * Incremental rollups. The ingestion marks each (app, day) it wrote to in rollup_dirty; a rollup pass
 * recomputes exactly those app-days from their raw partition through the steps of ./rollups (per-user
 * activity, install and level-reach facts, then the daily figures, retention, level and level-cohort
 * rows, one table per step) and clears the marks it has seen. Recomputing a whole app-day keeps every figure exact (no additive drift, resends and
 * late events included) while touching only the days that changed.
 *
 * Facts that belong to a user's first time (install day, first play of a level) can move to an earlier
 * day when late events arrive; the pass then marks the days that counted the old fact dirty, and they are
 * recomputed in turn.
 */

export { RETENTION_MAX_DAY } from './rollups';
export const ROLLUP_LOCK_KEY = 72_410_041;
/** How long an on-demand refresh waits before looking again at days another runner holds. */
const RUNNER_WAIT_MS = 100;

const appsIn = (n: number) => `IN (SELECT jsonb_array_elements_text($${n}::jsonb))`;

export interface RollupProgress {
  /** App-days recomputed. */
  appDays: number;
  /** App-days still marked dirty afterwards. */
  pending: number;
}

/** Days in progress in this process (PGlite has one session, where advisory locks do not exclude). */
const inProgress = new Set<string>();

/**
 * Holds every one of the days for a range build (./rollup-range.ts), or none when another runner of this
 * process has one of them: answers the release, or null.
 */
export function holdDays(days: readonly string[]): (() => void) | null {
  if (days.some((day) => inProgress.has(day))) return null;
  for (const day of days) inProgress.add(day);
  return () => days.forEach((day) => inProgress.delete(day));
}

/**
 * Recomputes the dirty app-days of one day (all dirty apps of the day, or only those given).
 * Answers how many app-days it recomputed (0 when another runner holds the day).
 */
export async function rollupDay(db: Db, day: string, onlyApps?: readonly string[]): Promise<number> {
  if (inProgress.has(day)) return 0;
  inProgress.add(day);
  try {
    return await rollupDayOnce(db, day, onlyApps);
  } catch (error) {
    // Two runners on two days can each mark the other's day stale while deleting their own marks: PostgreSQL
    // then ends one of them (deadlock_detected). Its work rolls back and its day stays dirty, so it counts as
    // "done by another runner" and a later round takes it again, instead of failing a report or a job run.
    if ((error as { code?: string }).code === DEADLOCK_DETECTED) return 0;
    throw error;
  } finally {
    inProgress.delete(day);
  }
}

const DEADLOCK_DETECTED = '40P01';

async function rollupDayOnce(db: Db, day: string, onlyApps?: readonly string[]): Promise<number> {
  return await db.transaction(async (tx) => {
    const locked = await tx.one<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1, $2) AS ok', [ROLLUP_LOCK_KEY, dayNumber(day)]);
    if (!locked?.ok) return 0;
    const marks = await tx.query<{ app_id: string; ver: string }>(
      `SELECT app_id, ver::text AS ver FROM rollup_dirty WHERE day = $1::date ${onlyApps ? `AND app_id ${appsIn(2)}` : ''} ORDER BY app_id`,
      onlyApps ? [day, JSON.stringify(onlyApps)] : [day],
    );
    if (marks.length === 0) return 0;
    await recompute(tx, day, marks.map((m) => m.app_id));
    const params: unknown[] = [day];
    const pairs = marks.map((m) => (params.push(m.app_id, m.ver), `($${params.length - 1}, $${params.length}::bigint)`));
    await tx.query(`DELETE FROM rollup_dirty WHERE day = $1::date AND (app_id, ver) IN (${pairs.join(',')})`, params);
    return marks.length;
  });
}

export const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);

/**
 * Rebuilds every rollup row of (apps, day) from the day's raw events, step by step (./rollups), and marks
 * the other app-days the steps made stale so a later pass recomputes them.
 */
async function recompute(tx: Sql, day: string, apps: readonly string[]): Promise<void> {
  const scope: RollupScope = { day, apps, params: [day, JSON.stringify(apps)], where: `day = $1::date AND app_id ${appsIn(2)}`, appsIn2: appsIn(2), dayIn: '= $1::date' };
  const stale: StaleAppDay[] = [];
  for (const step of rollupSteps) stale.push(...((await step.run(tx, scope)) ?? []));
  await markDirty(tx, stale);
}

/** Marks app-days for a rollup pass (again, when already marked: the version moves on). */
async function markDirty(tx: Sql, appDays: readonly StaleAppDay[]): Promise<void> {
  const unique = [...new Map(appDays.map((d) => [`${d.app_id}|${d.day}`, d])).values()].sort((a, b) => (a.app_id + a.day < b.app_id + b.day ? -1 : 1));
  for (let at = 0; at < unique.length; at += 1000) {
    const params: unknown[] = [];
    const values = unique.slice(at, at + 1000).map((m) => (params.push(m.app_id, m.day), `($${params.length - 1}, $${params.length}::date)`));
    await tx.query(`INSERT INTO rollup_dirty (app_id, day) VALUES ${values.join(',')} ON CONFLICT (app_id, day) DO UPDATE SET ver = rollup_dirty.ver + 1, marked_at = now()`, params);
  }
}

/** Dirty days, oldest first (installs and first plays settle before the days that follow them). */
async function dirtyDays(db: Sql, filter: { apps?: readonly string[]; from?: string; to?: string } = {}): Promise<string[]> {
  const params: unknown[] = [];
  const where: string[] = [];
  if (filter.apps) where.push(`app_id ${appsIn(params.push(JSON.stringify(filter.apps)))}`);
  if (filter.from) where.push(`day >= $${params.push(filter.from)}::date`);
  if (filter.to) where.push(`day <= $${params.push(filter.to)}::date`);
  const rows = await db.query<{ day: string }>(
    `SELECT DISTINCT day::text AS day FROM rollup_dirty ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY day LIMIT 400`,
    params,
  );
  return rows.map((r) => r.day);
}

/** App-days waiting for their rollup. */
export async function pendingAppDays(db: Sql, filter: { apps?: readonly string[]; from?: string; to?: string } = {}): Promise<number> {
  const params: unknown[] = [];
  const where: string[] = [];
  if (filter.apps) where.push(`app_id ${appsIn(params.push(JSON.stringify(filter.apps)))}`);
  if (filter.from) where.push(`day >= $${params.push(filter.from)}::date`);
  if (filter.to) where.push(`day <= $${params.push(filter.to)}::date`);
  const row = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM rollup_dirty ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`, params);
  return row?.n ?? 0;
}

/**
 * Recomputes dirty app-days, oldest day first, until none is left or the time budget is spent. With a
 * filter (a report's apps and range) only those app-days are done — the "on demand" refresh. Days that
 * become dirty while it runs (moved facts) are picked up in the same call.
 */
export async function rollupPending(db: Db, options: { apps?: readonly string[]; from?: string; to?: string; budgetMs?: number } = {}): Promise<RollupProgress> {
  const deadline = performance.now() + (options.budgetMs ?? 60_000);
  let appDays = 0;
  const filter = { apps: options.apps, from: options.from, to: options.to };
  for (let round = 0; round < 50 && performance.now() < deadline; round++) {
    const days = await dirtyDays(db, filter);
    if (days.length === 0) break;
    let done = 0;
    for (const day of days) {
      if (performance.now() >= deadline) break;
      done += await rollupDay(db, day, options.apps);
    }
    appDays += done;
    // Every dirty day is being done by another runner (the scheduler's pass, another report): wait for it a
    // moment and look again, within the budget, rather than answer figures that miss what it is rolling up.
    if (done === 0) await new Promise((resolve) => setTimeout(resolve, RUNNER_WAIT_MS));
  }
  return { appDays, pending: await pendingAppDays(db, filter) };
}

/** The scheduler's analytics_rollup job: the dirty app-days, and tomorrow's partitions ready before midnight. */
export async function runRollupJob(db: Db, now = nowMs(), budgetMs = tunables().rollupJobBudgetMs): Promise<string> {
  const today = reportDay(now);
  await ensurePartitions(db, [today, addDays(today, 1)]);
  const { appDays, pending } = await rollupPending(db, { budgetMs });
  return `rolled up ${appDays} app-day(s); ${pending} pending`;
}
