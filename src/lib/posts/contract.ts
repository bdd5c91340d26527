import { z } from 'zod';
import { defineContract, emptyRequest, MAX_SERIAL_ID } from '../contract';
import { BOARD_ACTIONS, bodyProblem, LIST_LIMIT_MAX, SPECIAL_POST_TITLES, TITLE_MAX } from './rules';

/** A board post as every endpoint answers it. Times are ISO strings (UTC). */
export const post = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  type: z.number().int(),
  isPinned: z.boolean(),
  publish: z.boolean(),
  isDeleted: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Post = z.infer<typeof post>;

/** Ids in query strings arrive as text; bodies carry numbers. */
const postIdParam = z.coerce.number<string | number>().int().positive().max(MAX_SERIAL_ID);
const postId = z.number().int().positive().max(MAX_SERIAL_ID);

const title = z.string().trim().min(1, 'is required').max(TITLE_MAX, `must be at most ${TITLE_MAX} characters`);
const body = z.string().superRefine((value, ctx) => {
  const problem = bodyProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
const postType = z.number().int().refine((v) => v === 1 || v === 2, 'must be 1 (Important) or 2 (EverythingElse)');
/** The server sets the times; a payload carrying them is refused so a client that forgot to drop them learns. */
const serverTime = z.unknown().refine((v) => v === undefined, 'is set by the server; leave it out of the payload').optional();

export const createPostContract = defineContract({
  method: 'POST',
  path: '/api/notificationGsm/create',
  // Spec section 3 defaults: EverythingElse, not pinned, published, not deleted, empty body.
  request: z.object({
    title,
    body: body.default(''),
    type: postType.default(2),
    isPinned: z.boolean().default(false),
    publish: z.boolean().default(true),
    isDeleted: z.boolean().refine((v) => !v, 'a new post cannot be deleted').default(false),
    createdAt: serverTime,
    updatedAt: serverTime,
  }),
  data: post,
  access: { actions: [BOARD_ACTIONS.create] },
});

export const updatePostContract = defineContract({
  method: 'PUT',
  path: '/api/notificationGsm/update',
  // The whole post as the board sends it, or only the fields that change. Deleting has its own endpoint.
  request: z.object({
    id: postId,
    title: title.optional(),
    body: body.optional(),
    type: postType.optional(),
    isPinned: z.boolean().optional(),
    publish: z.boolean().optional(),
    isDeleted: z.boolean().refine((v) => !v, 'use DELETE /api/notificationGsm/delete to delete a post').optional(),
    createdAt: serverTime,
    updatedAt: serverTime,
  }),
  data: post,
  // Either key lets the call in; the service then needs edit for content changes and pin for isPinned.
  access: { actions: [BOARD_ACTIONS.edit, BOARD_ACTIONS.pin] },
});

export const deletePostContract = defineContract({
  method: 'DELETE',
  path: '/api/notificationGsm/delete',
  request: z.object({ postId: postIdParam }),
  data: post,
  access: { actions: [BOARD_ACTIONS.delete] },
});

export const listPinnedPostsContract = defineContract({
  method: 'GET',
  path: '/api/notificationGsm/listPinnedNotificationGsm',
  request: emptyRequest,
  data: z.array(post),
  access: 'signedIn',
});

export const listPostsContract = defineContract({
  method: 'GET',
  path: '/api/notificationGsm/listNotificationGsm',
  request: z.object({
    /** Without a type both types are listed (the compact board). */
    type: z.coerce.number<string | number>().int().refine((v) => v === 1 || v === 2, 'must be 1 (Important) or 2 (EverythingElse)').optional(),
    textSearch: z.string().trim().max(200).optional(),
    page: z.coerce.number<string | number>().int().min(1).default(1),
    limit: z.coerce.number<string | number>().int().min(1).max(LIST_LIMIT_MAX).default(10),
  }),
  data: z.array(post),
  list: true,
  access: 'signedIn',
});

const perUser = { request: z.object({ postId }), data: z.object({ ok: z.literal(true) }), access: 'signedIn' as const, maxBody: 1024 };

export const readPostContract = defineContract({ method: 'POST', path: '/api/notificationGsm/read', ...perUser });
/** Archiving also marks the post read. */
export const archivePostContract = defineContract({ method: 'POST', path: '/api/notificationGsm/archive', ...perUser });
/** Takes the post out of the account's archive. */
export const removeArchivedPostContract = defineContract({ method: 'POST', path: '/api/notificationGsm/remove', ...perUser });

export const listArchivedPostsContract = defineContract({
  method: 'GET',
  path: '/api/notificationGsm/listArchiveOfUser',
  request: emptyRequest,
  data: z.array(post),
  access: 'signedIn',
});

export const userPostData = z.object({ id: z.number().int(), read: z.array(z.number().int()), archived: z.array(z.number().int()) });
export type UserPostData = z.infer<typeof userPostData>;

export const userPostDataContract = defineContract({
  method: 'GET',
  path: '/api/notificationGsm/dataUserNotificationGsm',
  request: emptyRequest,
  data: userPostData,
  access: 'signedIn',
});

export const countUnreadContract = defineContract({
  method: 'GET',
  path: '/api/notificationGsm/countNotRead',
  request: emptyRequest,
  data: z.number().int(),
  access: 'signedIn',
});

export const specialPost = z.object({ id: z.number().int(), title: z.string(), body: z.string() });
export type SpecialPost = z.infer<typeof specialPost>;

export const specialPostContract = defineContract({
  method: 'GET',
  path: '/api/postGsm/detail',
  request: z.object({ title: z.enum(SPECIAL_POST_TITLES, { error: `must be one of ${SPECIAL_POST_TITLES.join(', ')}` }) }),
  data: specialPost,
  access: 'signedIn',
});

export const updateSpecialPostContract = defineContract({
  method: 'PUT',
  path: '/api/postGsm/update',
  request: z.object({ id: postId, title: z.string().trim().min(1, 'is required'), body, createdAt: serverTime, updatedAt: serverTime }),
  data: specialPost,
  // Roles admin, root, PO-Marketing or special_note_edit: checked by the service (the access shape knows actions only).
  access: 'signedIn',
});
