import { describe, expect, it } from 'vitest';
import { describeMaintenance, maintainEmbedded } from './maintenance';
import { migratedMemoryDb } from './memory-db.testkit';

const db = migratedMemoryDb();

/** The table's planner statistics and the last maintenance times, as PostgreSQL's catalogue has them. */
async function stats(table: string) {
  return (await db().one<{ reltuples: number; analyzed: boolean; vacuumed: boolean }>(
    `SELECT c.reltuples, s.last_analyze IS NOT NULL AS analyzed, s.last_vacuum IS NOT NULL AS vacuumed
       FROM pg_class c JOIN pg_stat_user_tables s ON s.relid = c.oid WHERE c.relname = $1`,
    [table],
  ))!;
}

describe('maintainEmbedded (autovacuum for the embedded database)', () => {
  it('analyzes a table after many inserts, vacuums it after many dead rows, and leaves it alone in between', async () => {
    await db().exec('CREATE TABLE maint_probe (id int PRIMARY KEY, v text)');
    await db().exec("INSERT INTO maint_probe SELECT g, 'x' FROM generate_series(1, 2000) g");
    expect(await stats('maint_probe')).toMatchObject({ reltuples: -1, analyzed: false });

    const first = (await maintainEmbedded(db()))!;
    expect(first.analyzed).toContain('maint_probe');
    expect(await stats('maint_probe')).toMatchObject({ reltuples: 2000, analyzed: true, vacuumed: false });

    // 100 changes of 2,000 rows: under 50 + 10 %, so nothing to do for this table.
    await db().exec("UPDATE maint_probe SET v = 'y' WHERE id <= 100");
    const quiet = (await maintainEmbedded(db()))!;
    expect([...quiet.analyzed, ...quiet.vacuumed]).not.toContain('maint_probe');

    // 1,000 dead rows: over 50 + 20 %, so vacuumed (and analyzed with it).
    await db().exec('DELETE FROM maint_probe WHERE id > 1000');
    const vacuum = (await maintainEmbedded(db()))!;
    expect(vacuum.vacuumed).toContain('maint_probe');
    expect(await stats('maint_probe')).toMatchObject({ reltuples: 1000, vacuumed: true });
    expect(describeMaintenance(vacuum)).toMatch(/vacuumed \d+ table\(s\) \(.*maint_probe/);
  });

  it('stops starting tables once its budget is spent and says how many are left', async () => {
    for (const t of ['maint_a', 'maint_b', 'maint_c']) {
      await db().exec(`CREATE TABLE ${t} (id int)`);
      await db().exec(`INSERT INTO ${t} SELECT generate_series(1, 500)`);
    }
    let ticks = 0;
    const run = (await maintainEmbedded(db(), 2, () => ticks++))!; // each look at the clock takes "1 ms"
    expect(run.analyzed.length + run.vacuumed.length).toBe(1);
    expect(run.left).toBeGreaterThanOrEqual(2);
    expect(describeMaintenance(run)).toMatch(/table\(s\) left for the next run$/);
    const rest = (await maintainEmbedded(db()))!;
    expect([...rest.analyzed, ...rest.vacuumed]).toEqual(expect.arrayContaining(['maint_a', 'maint_b', 'maint_c'].filter((t) => ![...run.analyzed, ...run.vacuumed].includes(t))));
  });

  it('does nothing on PostgreSQL, whose autovacuum does it', async () => {
    expect(await maintainEmbedded({ ...db(), kind: 'postgres' })).toBeNull();
    expect(describeMaintenance(null)).toMatch(/^PostgreSQL: its autovacuum/);
  });
});
