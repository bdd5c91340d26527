import type { z } from 'zod';
import type { Actor, SessionAccount } from '../auth/types';
import { MESSAGES } from '../http/messages';
import { auditAs } from '../server/audit';
import type { Db, Sql } from '../server/db';
import { badRequest, HttpError, notFound } from '../server/errors';
import type { createPostContract, listPostsContract, Post, SpecialPost, updatePostContract, updateSpecialPostContract, UserPostData } from './contract';
import { htmlToText } from './html-text';
import { boardRights, canEditSpecialNote } from './rules';
import { sanitizePostBody } from './sanitize';
import { countUnreadPosts, visibleBoardPost } from './unread';

/** Who acts, for the permission checks and the audit row. */
type CreateInput = z.output<(typeof createPostContract)['request']>;
type UpdateInput = z.output<(typeof updatePostContract)['request']>;
type ListInput = z.output<(typeof listPostsContract)['request']>;
type SpecialUpdateInput = z.output<(typeof updateSpecialPostContract)['request']>;

interface PostRow {
  id: number;
  title: string;
  body: string;
  type: number;
  is_pinned: boolean;
  publish: boolean;
  is_deleted: boolean;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'p.id, p.title, p.body, p.type, p.is_pinned, p.publish, p.is_deleted, p.created_at, p.updated_at';

function toPost(row: PostRow): Post {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    type: Number(row.type),
    isPinned: row.is_pinned,
    publish: row.publish,
    isDeleted: row.is_deleted,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

const forbidden = () => new HttpError(403, MESSAGES.permissionInvalid);
const postNotFound = (id: number) => notFound(`Post ${id} was not found.`);

/** Escapes LIKE wildcards so a search for "50%" finds that text. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

/** The board post with this id if the account may see it (drafts only for editors), else undefined. */
async function findVisiblePost(db: Sql, account: SessionAccount, id: number, lock = false): Promise<PostRow | undefined> {
  const { seeDrafts } = boardRights(account);
  return db.one<PostRow>(`SELECT ${COLUMNS} FROM posts p WHERE p.id = $1 AND ${visibleBoardPost(seeDrafts)}${lock ? ' FOR UPDATE' : ''}`, [id]);
}

/** POST create: needs push_notification_create (checked by the contract), and push_notification_pin to pin. */
export async function createPost(db: Db, actor: Actor, input: CreateInput): Promise<Post> {
  if (input.isPinned && !boardRights(actor.account).pin) throw forbidden();
  const body = sanitizePostBody(input.body);
  return db.transaction(async (tx) => {
    const row = await tx.one<PostRow>(
      `INSERT INTO posts AS p (title, body, body_text, type, is_pinned, pinned_at, publish, created_by)
       VALUES ($1, $2, $3, $4, $5, CASE WHEN $5 THEN now() END, $6, $7)
       RETURNING ${COLUMNS}`,
      [input.title, body, htmlToText(body), input.type, input.isPinned, input.publish, actor.account.id],
    );
    const created = toPost(row!);
    // The author has read what they wrote: their own post never raises their bell or reads as new on the board.
    await tx.query(`INSERT INTO post_user_state (account_id, post_id, read_at) VALUES ($1, $2, now())`, [actor.account.id, created.id]);
    await audit(tx, actor, 'post_create', created.id, undefined, created);
    return created;
  });
}

/**
 * PUT update. Changing title, body, type or publish needs push_notification_edit; changing isPinned needs
 * push_notification_pin (so an account with only the pin key can pin and unpin). An update that changes
 * nothing writes nothing.
 */
export async function updatePost(db: Db, actor: Actor, input: UpdateInput): Promise<Post> {
  const rights = boardRights(actor.account);
  return db.transaction(async (tx) => {
    const row = await findVisiblePost(tx, actor.account, input.id, true);
    if (!row) throw postNotFound(input.id);
    const before = toPost(row);
    const body = input.body === undefined ? before.body : sanitizePostBody(input.body);
    const next = {
      title: input.title ?? before.title,
      body,
      type: input.type ?? before.type,
      publish: input.publish ?? before.publish,
      isPinned: input.isPinned ?? before.isPinned,
    };
    const contentChanged = next.title !== before.title || next.body !== before.body || next.type !== before.type || next.publish !== before.publish;
    const pinChanged = next.isPinned !== before.isPinned;
    if ((contentChanged && !rights.edit) || (pinChanged && !rights.pin)) throw forbidden();
    if (!contentChanged && !pinChanged) return before;
    const updated = await tx.one<PostRow>(
      `UPDATE posts AS p SET title = $2, body = $3, body_text = $4, type = $5, publish = $6, is_pinned = $7,
              pinned_at = CASE WHEN $7 AND NOT p.is_pinned THEN now() WHEN $7 THEN p.pinned_at END, updated_at = now()
        WHERE p.id = $1 RETURNING ${COLUMNS}`,
      [before.id, next.title, next.body, htmlToText(next.body), next.type, next.publish, next.isPinned],
    );
    const after = toPost(updated!);
    await audit(tx, actor, contentChanged ? 'post_update' : next.isPinned ? 'post_pin' : 'post_unpin', after.id, before, after);
    return after;
  });
}

/** DELETE delete: a soft delete; the post leaves every list and every count. */
export async function deletePost(db: Db, actor: Actor, postId: number): Promise<Post> {
  return db.transaction(async (tx) => {
    const row = await findVisiblePost(tx, actor.account, postId, true);
    if (!row) throw postNotFound(postId);
    const updated = await tx.one<PostRow>(`UPDATE posts AS p SET is_deleted = true, updated_at = now() WHERE p.id = $1 RETURNING ${COLUMNS}`, [postId]);
    const after = toPost(updated!);
    await audit(tx, actor, 'post_delete', postId, toPost(row), after);
    return after;
  });
}

/** Pinned posts the account may see, most recently pinned first. Archiving does not hide a pinned post. */
export async function listPinnedPosts(db: Sql, account: SessionAccount): Promise<Post[]> {
  const rows = await db.query<PostRow>(
    `SELECT ${COLUMNS} FROM posts p WHERE ${visibleBoardPost(boardRights(account).seeDrafts)} AND p.is_pinned
      ORDER BY p.pinned_at DESC NULLS LAST, p.created_at DESC, p.id DESC`,
  );
  return rows.map(toPost);
}

/**
 * One page of the board, newest first: of one type or both, matching textSearch in the title or the body's
 * text (case-insensitive), without the posts this account archived.
 */
export async function listPosts(db: Sql, account: SessionAccount, input: ListInput): Promise<{ data: Post[]; totalRecord: number }> {
  const params: unknown[] = [account.id];
  let where = `${visibleBoardPost(boardRights(account).seeDrafts)}
    AND NOT EXISTS (SELECT 1 FROM post_user_state s WHERE s.post_id = p.id AND s.account_id = $1 AND s.archived_at IS NOT NULL)`;
  if (input.type !== undefined) {
    params.push(input.type);
    where += ` AND p.type = $${params.length}`;
  }
  if (input.textSearch) {
    params.push(likePattern(input.textSearch));
    where += ` AND (p.title ILIKE $${params.length} OR p.body_text ILIKE $${params.length})`;
  }
  const total = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM posts p WHERE ${where}`, params);
  const rows = await db.query<PostRow>(
    `SELECT ${COLUMNS} FROM posts p WHERE ${where} ORDER BY p.created_at DESC, p.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, input.limit, (input.page - 1) * input.limit],
  );
  return { data: rows.map(toPost), totalRecord: total?.n ?? 0 };
}

/** The account's archived posts, most recently archived first. */
export async function listArchivedPosts(db: Sql, account: SessionAccount): Promise<Post[]> {
  const rows = await db.query<PostRow>(
    `SELECT ${COLUMNS} FROM posts p JOIN post_user_state s ON s.post_id = p.id AND s.account_id = $1 AND s.archived_at IS NOT NULL
      WHERE ${visibleBoardPost(boardRights(account).seeDrafts)} ORDER BY s.archived_at DESC, p.id DESC`,
    [account.id],
  );
  return rows.map(toPost);
}

/** The ids this account has read and archived (posts it can still see). */
export async function userPostData(db: Sql, account: SessionAccount): Promise<UserPostData> {
  const rows = await db.query<{ id: number; read: boolean; archived: boolean }>(
    `SELECT p.id, s.read_at IS NOT NULL AS read, s.archived_at IS NOT NULL AS archived
       FROM post_user_state s JOIN posts p ON p.id = s.post_id
      WHERE s.account_id = $1 AND ${visibleBoardPost(boardRights(account).seeDrafts)}
      ORDER BY s.archived_at DESC NULLS LAST, s.read_at DESC NULLS LAST, p.id DESC`,
    [account.id],
  );
  return { id: account.id, read: rows.filter((r) => r.read).map((r) => r.id), archived: rows.filter((r) => r.archived).map((r) => r.id) };
}

export const countUnread = (db: Sql, account: SessionAccount) => countUnreadPosts(db, account.id);

/** Marks the post read for this account (the first reading time is kept). */
export async function markPostRead(db: Sql, account: SessionAccount, postId: number): Promise<void> {
  if (!(await findVisiblePost(db, account, postId))) throw postNotFound(postId);
  await db.query(
    `INSERT INTO post_user_state (account_id, post_id, read_at) VALUES ($1, $2, now())
     ON CONFLICT (account_id, post_id) DO UPDATE SET read_at = COALESCE(post_user_state.read_at, now())`,
    [account.id, postId],
  );
}

/** Archives the post for this account (first in its archive) and marks it read. */
export async function archivePost(db: Sql, account: SessionAccount, postId: number): Promise<void> {
  if (!(await findVisiblePost(db, account, postId))) throw postNotFound(postId);
  await db.query(
    `INSERT INTO post_user_state (account_id, post_id, read_at, archived_at) VALUES ($1, $2, now(), now())
     ON CONFLICT (account_id, post_id) DO UPDATE SET read_at = COALESCE(post_user_state.read_at, now()), archived_at = now()`,
    [account.id, postId],
  );
}

/** Takes the post out of this account's archive; it shows in the board lists again. */
export async function removeArchivedPost(db: Sql, account: SessionAccount, postId: number): Promise<void> {
  if (!(await findVisiblePost(db, account, postId))) throw postNotFound(postId);
  await db.query('UPDATE post_user_state SET archived_at = NULL WHERE account_id = $1 AND post_id = $2', [account.id, postId]);
}

interface SpecialRow {
  id: number;
  title: string;
  body: string;
}

/** GET api/postGsm/detail: the special post with this title (seeded by migration 0003). */
export async function getSpecialPost(db: Sql, title: string): Promise<SpecialPost> {
  const row = await db.one<SpecialRow>('SELECT id, title, body FROM posts WHERE slug = $1', [title]);
  if (!row) throw notFound(`The special post ${title} was not found.`);
  return row;
}

/**
 * PUT api/postGsm/update: roles admin, root, PO-Marketing or special_note_edit. The title names the post,
 * so it cannot change.
 */
export async function updateSpecialPost(db: Db, actor: Actor, input: SpecialUpdateInput): Promise<SpecialPost> {
  if (!canEditSpecialNote(actor.account)) throw forbidden();
  return db.transaction(async (tx) => {
    const before = await tx.one<SpecialRow>('SELECT id, title, body FROM posts WHERE id = $1 AND slug IS NOT NULL FOR UPDATE', [input.id]);
    if (!before) throw notFound(`The special post ${input.id} was not found.`);
    if (input.title !== before.title) throw badRequest(`title: the special post's title (${before.title}) cannot change.`);
    const body = sanitizePostBody(input.body);
    const after = await tx.one<SpecialRow>(
      'UPDATE posts SET body = $2, body_text = $3, updated_at = now() WHERE id = $1 RETURNING id, title, body',
      [input.id, body, htmlToText(body)],
    );
    await audit(tx, actor, 'special_post_update', input.id, before, after);
    return after!;
  });
}

function audit(tx: Sql, actor: Actor, action: string, id: number, before: unknown, after: unknown): Promise<void> {
  return auditAs(tx, actor, {
    action,
    entity: 'post',
    entityId: id,
    before,
    after,
  });
}
