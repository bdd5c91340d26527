import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedTestDb } from '../server/db/memory-db.testkit';
import type { Db } from '../server/db';
import { addDays, reportDay } from '../time/day';
import { simulateExperiment } from '../experiments/simulator';
import { ingestBatch } from './ingest';
import { pendingAppDays, rollupPending } from './rollup';
import { rollupFirstRange } from './rollup-range';
import { simulateStudio } from './simulator';

/**
 * The set-based first rollup (rollup-range.ts) against the day-by-day rollup on the same events: every row of
 * every rollup table equal, exact. On an embedded database, or on TEST_DATABASE_URL (reset first) when set.
 */
const TABLES = [
  'user_days', 'app_users', 'level_reach', 'daily_metrics', 'retention_daily', 'level_daily', 'level_cohort',
  'quest_daily', 'resource_flow_daily', 'resource_users_daily', 'counter_daily', 'measurement_lists', 'measurement_counts', 'funnel_events', 'funnel_users',
  'ad_view_daily', 'ad_impression_daily', 'iap_purchases', 'subscription_events', 'user_firsts', 'cvr_cohort', 'cohort_daily', 'cohort_level_daily',
  'stuck_level_user', 'stuck_players', 'stuck_arrivals', 'stuck_level_counts', 'stuck_attempt_counts', 'stuck_second_counts',
  'stuck_level_totals', 'stuck_attempt_totals', 'stuck_second_totals', 'stuck_attempt_lists', 'stuck_second_lists', 'experiment_exposures',
] as const;

let db: Db;
const now = Date.parse('2026-11-20T15:00:00Z');

beforeAll(async () => {
  db = await openMigratedTestDb();
  await db.exec(`INSERT INTO apps (id, name) VALUES ('sim.a', 'A'), ('sim.b', 'B')`);
  const batches = simulateStudio({
    apps: [
      { appId: 'sim.a', platforms: [{ os: 1, key: 'ka1', share: 2 }, { os: 2, key: 'ka2', share: 1 }] },
      { appId: 'sim.b', platforms: [{ os: 3, key: 'kb3', share: 1 }] },
    ],
    users: 150,
    days: 14,
    seed: 7,
    now,
  });
  for (const b of batches) await ingestBatch(db, { appId: b.appId, os: b.os }, b.events, now);
  const exposures = simulateExperiment({
    experimentId: 1, variants: [{ key: 'A', weight: 50 }, { key: 'B', weight: 50 }], lift: { B: 0.08 }, players: 120,
    startDay: addDays(reportDay(now), -10), now, seed: 3, os: 1, country: 'VN', appVersion: '1.0.0', sdkVersion: '1.0.0', prefix: 'p_ab',
  });
  for (let i = 0; i < exposures.length; i += 500) await ingestBatch(db, { appId: 'sim.a', os: 1 }, exposures.slice(i, i + 500), now);
}, 180_000);

afterAll(async () => {
  await db?.close();
});

/** Every table's rows as sorted JSON lines; a measurement list's values sorted (the report reads them as a set). */
async function snapshot(): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of TABLES) {
    const rows = await db.query<Record<string, unknown>>(`SELECT * FROM ${table}`);
    out[table] = rows
      .map((r) => JSON.stringify(table === 'measurement_lists' ? { ...r, vals: [...(r.vals as number[])].map(Number).sort((a, b) => a - b) } : r))
      .sort();
  }
  return out;
}

describe('the first rollup over the whole range', () => {
  it('writes every rollup row the day-by-day rollup writes, and nothing else', async () => {
    const marks = await db.query<{ app_id: string; day: string }>('SELECT app_id, day::text AS day FROM rollup_dirty ORDER BY 1, 2');
    expect(marks.length).toBeGreaterThanOrEqual(28);

    await rollupPending(db, { budgetMs: 10 * 60_000 });
    expect(await pendingAppDays(db)).toBe(0);
    const dayByDay = await snapshot();
    // Every table has rows, so the comparison says something for each.
    expect(TABLES.filter((t) => dayByDay[t]!.length === 0)).toEqual([]);

    for (const table of TABLES) await db.exec(`DELETE FROM ${table}`);
    await db.query(`INSERT INTO rollup_dirty (app_id, day) SELECT DISTINCT app_id, day FROM events ORDER BY 1, 2`);
    const progress = await rollupFirstRange(db, { budgetMs: 10 * 60_000 });
    expect({ ...progress, steps: undefined }).toEqual({ appDays: marks.length, pending: 0, range: true, steps: undefined });
    const atOnce = await snapshot();
    for (const table of TABLES) expect({ table, rows: atOnce[table] }).toEqual({ table, rows: dayByDay[table] });
  }, 300_000);

  it('leaves the rollup to the day-by-day pass when a rollup already holds rows of these apps', async () => {
    const marked = await db.query(`INSERT INTO rollup_dirty (app_id, day) SELECT DISTINCT app_id, day FROM events WHERE app_id = 'sim.b' ORDER BY 1, 2 ON CONFLICT DO NOTHING RETURNING day`);
    const before = await snapshot();
    const progress = await rollupFirstRange(db, { budgetMs: 10 * 60_000 });
    expect(progress.range).toBe(false);
    expect(progress.pending).toBe(0);
    expect(progress.appDays).toBe(marked.length);
    expect(await snapshot()).toEqual(before);
  }, 300_000);
});
