import type { Sql } from '../server/db';

/**
 * Fixed-window hit counters for the SDK's per-player, per-device and per-address limits, each counted by one
 * atomic statement (never a count read before a write: on PostgreSQL parallel transactions do not see each
 * other's rows, so "count, then insert" lets more than the limit through). A window starts at its key's first
 * hit and lasts `windowMs`; the first hit after it starts a new one.
 */

/**
 * Counts one hit on each key and answers each key's hits in its window after this one. Keys are taken in sorted
 * order, so two calls that share keys lock them in the same order (no deadlock). Inside a transaction the count
 * is undone with it: a call refused later (a rollback) leaves no hit behind.
 */
export async function countHits(db: Sql, table: 'sdk_rate_windows' | 'gift_code_failures', keys: readonly string[], windowMs: number, now: number): Promise<Map<string, number>> {
  const hits = table === 'gift_code_failures' ? 'failures' : 'hits';
  const rows = await db.query<{ key: string; hits: number }>(
    `INSERT INTO ${table} AS w (key, window_start, ${hits})
       SELECT k, $2::timestamptz, 1 FROM unnest($1::text[]) AS k ORDER BY k
     ON CONFLICT (key) DO UPDATE SET
       ${hits} = CASE WHEN w.window_start <= $3::timestamptz THEN 1 ELSE w.${hits} + 1 END,
       window_start = CASE WHEN w.window_start <= $3::timestamptz THEN EXCLUDED.window_start ELSE w.window_start END
     RETURNING key, ${hits} AS hits`,
    [[...keys].sort(), new Date(now).toISOString(), new Date(now - windowMs).toISOString()],
  );
  return new Map(rows.map((r) => [r.key, Number(r.hits)]));
}
