import { flushPlanCounts } from '../analytics/plan-tally';
import { columnStore } from '../analytics/store/column-store';
import { planKeySightings } from '../analytics/store/sdk-check';
import { mayViewApp } from '../apps/service';
import type { SessionAccount } from '../auth/types';
import { entryOf, loadTrackingPlan, NAMED_EVENTS } from '../config-data/tracking-plan';
import type { Sql } from '../server/db';
import { HttpError, notFound } from '../server/errors';
import { nowMs } from '../time/clock';
import { addDays, reportDay } from '../time/day';
import type { PlanEventRow } from './contract';

/** The plan key of a stored event, in SQL (the same rule as planKey in src/lib/config-data/tracking-plan.ts). */
const KEY_SQL = `CASE name ${Object.entries(NAMED_EVENTS).map(([event, field]) => `WHEN '${event}' THEN '${event}.' || (params->>'${field}')`).join(' ')} ELSE name END`;

/**
 * The data-quality view of an app's tracking plan (Check SDK → Tracking plan): every event the plan declares
 * or the app sent, dropped or had flagged over the last `days` UTC+7 days (today included), with its volume,
 * last sighting, drops and problems (with the app versions sending them and the latest example).
 */
export async function trackingPlanView(db: Sql, account: SessionAccount, q: { appId: string; days: number }) {
  if (!(await db.one('SELECT 1 FROM apps WHERE id = $1', [q.appId]))) throw notFound(`App ${q.appId} does not exist.`);
  if (!mayViewApp(account, q.appId)) throw new HttpError(403, 'Permission invalid');
  const to = reportDay(nowMs());
  const from = addDays(to, 1 - q.days);
  const window = [q.appId, from, to];
  await flushPlanCounts(db);
  const store = columnStore();
  const [plan, seen, drops, problems] = await Promise.all([
    loadTrackingPlan(db, q.appId),
    store
      ? store.then((s) => planKeySightings(s, { appId: q.appId, from, to }))
      : db.query<{ key: string; n: number; last: Date }>(
          `SELECT ${KEY_SQL} AS key, count(*)::int AS n, max(received_at) AS last FROM events WHERE app_id = $1 AND day BETWEEN $2::date AND $3::date GROUP BY 1`,
          window,
        ),
    db.query<{ event: string; n: string }>('SELECT event, sum(dropped)::text AS n FROM tracking_plan_drops WHERE app_id = $1 AND day BETWEEN $2::date AND $3::date GROUP BY event', window),
    db.query<{ event: string; problem: string; app_version: string; events: string; example: Record<string, unknown>; last_at: Date }>(
      `SELECT event, problem, app_version, events::text AS events, example, last_at FROM tracking_plan_violations
        WHERE app_id = $1 AND day BETWEEN $2::date AND $3::date ORDER BY last_at DESC, event, problem, app_version`,
      window,
    ),
  ]);
  const rows = new Map<string, PlanEventRow>();
  const row = (key: string): PlanEventRow => {
    let r = rows.get(key);
    if (!r) {
      const entry = entryOf(plan, key);
      r = {
        key, declared: Boolean(entry), enabled: entry?.enabled ?? true, source: entry?.source ?? '', description: entry?.description ?? '',
        parameters: Object.entries(entry?.params ?? {}).map(([name, type]) => ({ name, type })),
        volume: 0, lastSeen: null, dropped: 0, flagged: 0, problems: [],
      };
      rows.set(key, r);
    }
    return r;
  };
  for (const key of plan.entries.keys()) row(key);
  for (const s of seen) Object.assign(row(s.key), { volume: s.n, lastSeen: new Date(s.last).toISOString() });
  for (const d of drops) row(d.event).dropped = Number(d.n);
  for (const p of problems) {
    const r = row(p.event);
    const n = Number(p.events);
    r.flagged += n;
    const known = r.problems.find((x) => x.problem === p.problem);
    if (known) {
      known.events += n;
      if (!known.versions.includes(p.app_version)) known.versions.push(p.app_version);
    } else {
      r.problems.push({ problem: p.problem, events: n, versions: [p.app_version], example: p.example, lastAt: new Date(p.last_at).toISOString() });
    }
  }
  // A problem's count is its events: one event with two wrong parameters counts in both, and once in "flagged" per problem.
  const events = [...rows.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const sum = (f: (r: PlanEventRow) => number) => events.reduce((n, r) => n + f(r), 0);
  return {
    appId: q.appId, active: plan.active, from, to,
    totals: {
      volume: sum((r) => r.volume), dropped: sum((r) => r.dropped), flagged: sum((r) => r.flagged),
      declared: plan.entries.size, undeclaredSeen: events.filter((r) => !r.declared && r.volume > 0).length,
    },
    events,
  };
}
