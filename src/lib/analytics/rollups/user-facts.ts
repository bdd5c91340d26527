import type { Sql } from '../../server/db';
import { forgetStuckPlayer } from './stuck';

/**
 * Rollup tables that keep facts about one user beyond the app-day that wrote them (an install, a first
 * level play, a purchase, a first conversion, a funnel path). Recomputing an app-day rebuilds its own rows
 * but never removes such a fact when the user's events leave the rollups' input — which is what flagging a
 * test player does (analytics_events, migration 0085). A new per-user fact table belongs in this list
 * (Stuck Game's per-player tables, with the sums kept from them, go through forgetStuckPlayer).
 */
export const USER_FACT_TABLES = ['app_users', 'level_reach', 'iap_purchases', 'user_firsts', 'funnel_users'] as const;

/**
 * After a user enters or leaves the rollups' input (marked or unmarked as a test player): their per-user
 * facts are dropped, and every app-day holding one of their events is marked for recomputation, so the next
 * rollup pass rebuilds every figure with or without them (the facts come back from the events when
 * unmarked). Runs in the caller's transaction. Answers how many app-days were marked.
 */
export async function restateUser(tx: Sql, appId: string, userId: string): Promise<number> {
  for (const table of USER_FACT_TABLES) await tx.query(`DELETE FROM ${table} WHERE app_id = $1 AND user_id = $2`, [appId, userId]);
  await forgetStuckPlayer(tx, appId, userId);
  // The (app, user, time) index of migration 0071 finds the user's days in every partition.
  const marked = await tx.query<{ day: string }>(
    `INSERT INTO rollup_dirty (app_id, day)
     SELECT DISTINCT $1::text, day FROM events WHERE app_id = $1 AND user_id = $2 ORDER BY 2
     ON CONFLICT (app_id, day) DO UPDATE SET ver = rollup_dirty.ver + 1, marked_at = now()
     RETURNING day::text AS day`,
    [appId, userId],
  );
  return marked.length;
}
