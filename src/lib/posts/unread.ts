import type { Sql } from '../server/db';

/** Published, not deleted posts the account has not read: the bell's number. */
export async function countUnreadPosts(db: Sql, accountId: number): Promise<number> {
  const row = await db.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM posts p
      WHERE p.publish AND NOT p.is_deleted
        AND NOT EXISTS (SELECT 1 FROM post_user_state s WHERE s.post_id = p.id AND s.account_id = $1 AND s.read_at IS NOT NULL)`,
    [accountId],
  );
  return row?.n ?? 0;
}
