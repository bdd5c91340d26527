import type { Sql } from '../server/db';

/**
 * SQL condition (posts aliased `p`) for the posts of the board an account may see: not special, not
 * deleted, and published unless the account may see drafts.
 */
export function visibleBoardPost(seeDrafts: boolean): string {
  return `p.slug IS NULL AND NOT p.is_deleted${seeDrafts ? '' : ' AND p.publish'}`;
}

/** Published, not deleted board posts the account has not read: the bell's number. Drafts never count. */
export async function countUnreadPosts(db: Sql, accountId: number): Promise<number> {
  const row = await db.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM posts p
      WHERE ${visibleBoardPost(false)}
        AND NOT EXISTS (SELECT 1 FROM post_user_state s WHERE s.post_id = p.id AND s.account_id = $1 AND s.read_at IS NOT NULL)`,
    [accountId],
  );
  return row?.n ?? 0;
}

const perRequest = new WeakMap<object, Promise<number>>();

/**
 * The signed-in account's unread count, read once per request however many parts of the page show it (the
 * layout's bell and the dashboard's greeting): the first caller's query is shared with the others.
 */
export function unreadPostsOfRequest(locals: { db: Sql; account: { id: number } | null }): Promise<number> {
  let count = perRequest.get(locals);
  if (!count) {
    count = locals.account ? countUnreadPosts(locals.db, locals.account.id) : Promise.resolve(0);
    perRequest.set(locals, count);
  }
  return count;
}
