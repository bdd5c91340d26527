import type { Sql } from '../../server/db';
import { NOT_REFUSED_PURCHASE } from './constants';

/**
 * A refused purchase is no conversion (docs/metrics.md, CVR). user_firsts only moves a first purchase earlier as
 * days roll up, so when a store refuses a transaction after its days were rolled up, the first purchase of each
 * player who sent it is computed again here from their remaining (non-refused) purchase events — later, or none —
 * and the days CVR counted the old and the new conversion on (the later of the goal day and the install day) are
 * marked for recomputation. Runs in the refusal's transaction, after the verification row says `refused`.
 * Answers the players whose first purchase moved.
 */
export async function restateFirstPurchase(tx: Sql, appId: string, transactionId: string): Promise<string[]> {
  const users = await tx.query<{ user_id: string }>(
    `SELECT DISTINCT user_id FROM events WHERE app_id = $1 AND name = 'iap_purchase' AND params->>'transactionId' = $2 ORDER BY 1`,
    [appId, transactionId],
  );
  const moved: string[] = [];
  for (const { user_id: userId } of users) {
    const old = await tx.one<{ day: string }>(`SELECT day::text AS day FROM user_firsts WHERE app_id = $1 AND user_id = $2 AND kind = 'purchase'`, [appId, userId]);
    // Not rolled up yet: the rollup of those days leaves the refused purchase out by itself.
    if (!old) continue;
    const first = await tx.one<{ day: string | null }>(
      `SELECT min(day)::text AS day FROM analytics_events WHERE app_id = $1 AND user_id = $2 AND name = 'iap_purchase' AND ${NOT_REFUSED_PURCHASE}`,
      [appId, userId],
    );
    const day = first?.day ?? null;
    if (day === old.day) continue;
    await tx.query(`DELETE FROM user_firsts WHERE app_id = $1 AND user_id = $2 AND kind = 'purchase'`, [appId, userId]);
    if (day) await tx.query(`INSERT INTO user_firsts (app_id, user_id, kind, day) VALUES ($1, $2, 'purchase', $3::date)`, [appId, userId, day]);
    await tx.query(
      `INSERT INTO rollup_dirty (app_id, day)
       SELECT $1::text, greatest(d.day, u.install_day) FROM app_users u, (SELECT unnest($3::date[]) AS day) d WHERE u.app_id = $1 AND u.user_id = $2
       ON CONFLICT (app_id, day) DO UPDATE SET ver = rollup_dirty.ver + 1, marked_at = now()`,
      [appId, userId, [old.day, ...(day ? [day] : [])]],
    );
    moved.push(userId);
  }
  return moved;
}
