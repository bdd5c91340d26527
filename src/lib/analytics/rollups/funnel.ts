import type { Sql } from '../../server/db';
import { defineStep, type DaysScope } from './step';
import { daysMs } from '../../time/day';

/** A player's funnel conversion window: steps count only within this long after entering (step 0). */
export const FUNNEL_WINDOW_DAYS = 7;
const WINDOW_MS = daysMs(FUNNEL_WINDOW_DAYS);

export interface FunnelStepEvent {
  step: number;
  /** Epoch ms. */
  time: number;
  eventId: string;
}

export interface FunnelPath {
  /** The entry event (the first step-0 event). */
  entry: FunnelStepEvent;
  /** Steps reached in order (1 = entered only). */
  reached: number;
  /** Seconds from step n-1 to step n, n = 1 .. reached-1. */
  stepSecs: number[];
}

/**
 * A player's path through a funnel (docs/metrics.md "Funnel"): entered at their first step-0 event; step n
 * is reached at the first step-n event at or after reaching step n-1 and within the window after entry.
 * Events in any order; null when the player never sent step 0.
 */
export function funnelPath(events: readonly FunnelStepEvent[], windowMs = WINDOW_MS): FunnelPath | null {
  const sorted = [...events].sort((a, b) => a.time - b.time || (a.eventId < b.eventId ? -1 : a.eventId > b.eventId ? 1 : 0));
  const entry = sorted.find((e) => e.step === 0);
  if (!entry) return null;
  const stepSecs: number[] = [];
  let at = entry.time;
  for (let n = 1; ; n++) {
    const next = sorted.find((e) => e.step === n && e.time >= at && e.time <= entry.time + windowMs);
    if (!next) break;
    stepSecs.push(Math.round((next.time - at) / 1000));
    at = next.time;
  }
  return { entry, reached: stepSecs.length + 1, stepSecs };
}

/**
 * Paths of the players who sent funnel steps this day, recomputed from all their funnel events (a step
 * today may complete a path entered days ago; a late step 0 may move the entry earlier). The report reads
 * funnel_users directly, so no other app-day becomes stale.
 */
async function rebuildPaths(tx: Sql, s: DaysScope): Promise<void> {
  const rows = await tx.query<{ app_id: string; user_id: string; funnel: string; step: number; t: string; event_id: string; day: string; os: number; app_version: string; country: string }>(
    `SELECT f.app_id, f.user_id, f.funnel, f.step, (extract(epoch FROM f.event_time) * 1000)::bigint::text AS t, f.event_id, f.day::text AS day, f.os, f.app_version, f.country
       FROM funnel_events f
       JOIN (SELECT DISTINCT app_id, user_id, funnel FROM funnel_events WHERE ${s.where}) a USING (app_id, user_id, funnel)`,
    s.params,
  );
  if (rows.length === 0) return;
  const byPlayer = new Map<string, typeof rows>();
  for (const r of rows) {
    const key = JSON.stringify([r.app_id, r.user_id, r.funnel]);
    const list = byPlayer.get(key);
    if (list) list.push(r);
    else byPlayer.set(key, [r]);
  }
  const out: unknown[] = [];
  for (const [key, list] of byPlayer) {
    const path = funnelPath(list.map((r) => ({ step: Number(r.step), time: Number(r.t), eventId: r.event_id })));
    if (!path) continue;
    const e = list.find((r) => r.event_id === path.entry.eventId)!;
    const [app_id, user_id, funnel] = JSON.parse(key) as string[];
    out.push({ a: app_id, u: user_id, f: funnel, d: e.day, o: Number(e.os), v: e.app_version, c: e.country, r: path.reached, s: path.stepSecs });
  }
  const keys = [...byPlayer.keys()].map((k) => JSON.parse(k) as string[]).map(([a, u, f]) => ({ a, u, f }));
  await tx.query(
    `DELETE FROM funnel_users f USING jsonb_to_recordset($1::jsonb) AS k(a text, u text, f text) WHERE f.app_id = k.a AND f.user_id = k.u AND f.funnel = k.f`,
    [JSON.stringify(keys)],
  );
  if (out.length) {
    await tx.query(
      `INSERT INTO funnel_users (app_id, user_id, funnel, entry_day, os, app_version, country, reached, step_secs)
       SELECT x->>'a', x->>'u', x->>'f', (x->>'d')::date, (x->>'o')::smallint, x->>'v', x->>'c', (x->>'r')::int,
              ARRAY(SELECT jsonb_array_elements_text(x->'s')::int)
         FROM jsonb_array_elements($1::jsonb) x`,
      [JSON.stringify(out)],
    );
  }
}

// Over a range: the players who sent steps on any of its days, each path from all their funnel events — what
// the last of those days leaves behind when the days are rolled up in order.
export const funnelUsers = defineStep({ table: 'funnel_users', run: rebuildPaths, runRange: rebuildPaths });
