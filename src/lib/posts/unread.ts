import type { Sql } from '../server/db';

/**
 * SQL condition (posts aliased `p`) for the posts of the board an account may see: not special, not
 * deleted, and published unless the account may see drafts.
 */
export function visibleBoardPost(seeDrafts: boolean): string {
  return `p.slug IS NULL AND NOT p.is_deleted${seeDrafts ? '' : ' AND p.publish'}`;
}

/** Posts `p` that count as unread for account $1: published, not deleted board posts it has not read (drafts never count). */
const UNREAD_BY_ACCOUNT = `${visibleBoardPost(false)}
  AND NOT EXISTS (SELECT 1 FROM post_user_state s WHERE s.post_id = p.id AND s.account_id = $1 AND s.read_at IS NOT NULL)`;

/** Published, not deleted board posts the account has not read: the bell's number. Drafts never count. */
export async function countUnreadPosts(db: Sql, accountId: number): Promise<number> {
  const row = await db.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM posts p WHERE ${UNREAD_BY_ACCOUNT}`,
    [accountId],
  );
  return row?.n ?? 0;
}

/** What every signed-in page's chrome shows from the board. */
export interface ChromeReads {
  /** The bell's number (and the dashboard's greeting). */
  unread: number;
  /** The header special note (finance_info_post): its sanitised HTML, or null while it has no text. */
  specialNote: string | null;
}

const perRequest = new WeakMap<object, Promise<ChromeReads>>();

/**
 * The board's part of every page — the signed-in account's unread count and the special note — in one query,
 * read once per request however many parts of the page show it (the layout's bell and banner, the dashboard's
 * greeting): the first caller's query is shared with the others. On the embedded database each query costs
 * the server's own thread about a millisecond whatever it reads, so the chrome asks once.
 */
export function chromeReadsOfRequest(locals: { db: Sql; account: { id: number } | null }): Promise<ChromeReads> {
  let reads = perRequest.get(locals);
  if (!reads) {
    reads = locals.db
      .one<{ unread: number; body: string | null; body_text: string | null }>(
        `SELECT ${locals.account ? `(SELECT count(*)::int FROM posts p WHERE ${UNREAD_BY_ACCOUNT})` : '0'} AS unread, s.body, s.body_text
           FROM (SELECT 1) one LEFT JOIN posts s ON s.slug = 'finance_info_post'`,
        locals.account ? [locals.account.id] : [],
      )
      .then((row) => ({ unread: row?.unread ?? 0, specialNote: row?.body_text?.trim() ? row.body : null }));
    perRequest.set(locals, reads);
  }
  return reads;
}

/** The signed-in account's unread count for this request (shared with the rest of the chrome's reads). */
export const unreadPostsOfRequest = async (locals: { db: Sql; account: { id: number } | null }): Promise<number> => (await chromeReadsOfRequest(locals)).unread;
