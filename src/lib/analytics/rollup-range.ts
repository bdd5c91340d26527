import type { Db } from '../server/db';
import { addDays } from '../time/day';
import { dayNumber, holdDays, ROLLUP_LOCK_KEY, rollupPending, type RollupProgress } from './rollup';
import { rollupSteps, type RangeScope } from './rollups';

const appsIn = (n: number) => `IN (SELECT jsonb_array_elements_text($${n}::jsonb))`;

/**
 * The first rollup of events no rollup has seen yet (the demo studio, seeded on an empty database): every
 * rollup table built over the whole range of dirty days at once, each step's set-based form (`runRange`,
 * ./rollups) grouped by app and day, instead of one pass per day (90 app-days took 137 s day by day on the
 * embedded database, issue 41). The rows are those the day-by-day rollup would leave (rollup-range.test.ts
 * compares both on the same events).
 *
 * Only when it can be exact: the rollup tables hold nothing of these apps yet, and no other runner holds
 * one of the days. Otherwise, and for what is dirty after it (events that arrived meanwhile), the ordinary
 * day-by-day rollup does the rest.
 */
export async function rollupFirstRange(db: Db, options: { budgetMs?: number } = {}): Promise<RollupProgress & { range: boolean; steps: StepTime[] }> {
  const started = performance.now();
  const steps: StepTime[] = [];
  const marks = await db.query<{ app_id: string; day: string; ver: string }>('SELECT app_id, day::text AS day, ver::text AS ver FROM rollup_dirty ORDER BY app_id, day');
  let built = 0;
  if (marks.length > 0) {
    const apps = [...new Set(marks.map((m) => m.app_id))];
    const from = marks.reduce((d, m) => (m.day < d ? m.day : d), marks[0]!.day);
    const to = marks.reduce((d, m) => (m.day > d ? m.day : d), marks[0]!.day);
    const days: string[] = [];
    for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
    const release = (await rolledUpBefore(db, apps)) ? null : holdDays(days);
    if (release) {
      try {
        built = await buildRange(db, { from, to, apps, days, marks }, steps);
      } finally {
        release();
      }
    }
  }
  const budgetMs = (options.budgetMs ?? 60_000) - (performance.now() - started);
  const rest = await rollupPending(db, { budgetMs: Math.max(budgetMs, 1000) });
  return { appDays: built + rest.appDays, pending: rest.pending, range: built > 0, steps };
}

/** Whether any rollup already holds rows of these apps (user_days and app_users come first in every rollup). */
async function rolledUpBefore(db: Db, apps: readonly string[]): Promise<boolean> {
  const row = await db.one<{ any: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM user_days WHERE app_id ${appsIn(1)}) OR EXISTS (SELECT 1 FROM app_users WHERE app_id ${appsIn(1)}) AS any`,
    [JSON.stringify(apps)],
  );
  return row?.any ?? true;
}

/** How long one step of the range build took, with the statistics it refreshed after (the demo's log names the slowest). */
export interface StepTime {
  table: string;
  ms: number;
}

async function buildRange(
  db: Db,
  r: { from: string; to: string; apps: string[]; days: string[]; marks: readonly { app_id: string; day: string; ver: string }[] },
  times: StepTime[],
): Promise<number> {
  return await db.transaction(async (tx) => {
    // The day-by-day runners' locks (PostgreSQL: another process), every day of the range or nothing.
    const locked = await tx.one<{ ok: boolean }>(
      `SELECT bool_and(pg_try_advisory_xact_lock($1, d::int)) AS ok FROM jsonb_array_elements_text($2::jsonb) AS d`,
      [ROLLUP_LOCK_KEY, JSON.stringify(r.days.map(dayNumber))],
    );
    if (!locked?.ok) return 0;
    const scope: RangeScope = {
      from: r.from,
      to: r.to,
      apps: r.apps,
      params: [r.from, JSON.stringify(r.apps), r.to],
      where: `day BETWEEN $1::date AND $3::date AND app_id ${appsIn(2)}`,
      appsIn2: appsIn(2),
      dayIn: 'BETWEEN $1::date AND $3::date',
    };
    // Fresh statistics before each statement: the events were just written and each step's table is read by
    // the next ones, and without them the planner joins hundreds of thousands of rows as if they were a few
    // (probed loops: the gameplay step took 30 s instead of 6 on the demo studio, measured). All the events'
    // columns: statistics without the JSON params halved this ANALYZE but slowed user days on PostgreSQL
    // (docs/decisions.md, "The demo's first rollup over the whole range").
    let t = performance.now();
    await tx.exec('ANALYZE events');
    times.push({ table: 'ANALYZE events', ms: performance.now() - t });
    for (const step of rollupSteps) {
      t = performance.now();
      await step.runRange(tx, scope).catch((error: Error) => {
        error.message = `${step.table} over ${r.from}..${r.to}: ${error.message}`;
        throw error;
      });
      for (const table of step.table.split(', ')) await tx.exec(`ANALYZE ${table}`);
      times.push({ table: step.table, ms: performance.now() - t });
    }
    // The marks seen at the start: a day marked again meanwhile (new events) keeps its mark for the day-by-day pass.
    await tx.query(
      `DELETE FROM rollup_dirty d USING jsonb_to_recordset($1::jsonb) AS m(app_id text, day date, ver bigint)
        WHERE d.app_id = m.app_id AND d.day = m.day AND d.ver = m.ver`,
      [JSON.stringify(r.marks)],
    );
    return r.marks.length;
  });
}
