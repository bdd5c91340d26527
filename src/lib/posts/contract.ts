import { z } from 'zod';
import { defineContract, emptyRequest, MAX_SERIAL_ID, contractsFor, signedInApi, serialId, numberFromText } from '../contract';
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
const postIdParam = serialId();
const postId = z.number().int().positive().max(MAX_SERIAL_ID);

const title = z.string().trim().min(1, 'is required').max(TITLE_MAX, `must be at most ${TITLE_MAX} characters`);
const body = z.string().superRefine((value, ctx) => {
  const problem = bodyProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
const postType = z.number().int().refine((v) => v === 1 || v === 2, 'must be 1 (Important) or 2 (EverythingElse)');
/** The server sets the times; a payload carrying them is refused so a client that forgot to drop them learns. */
const serverTime = z.unknown().refine((v) => v === undefined, 'is set by the server; leave it out of the payload').optional();

export const createPostContract = contractsFor({ actions: [BOARD_ACTIONS.create] }).post(
  '/api/notificationGsm/create',
  // Spec section 3 defaults: EverythingElse, not pinned, published, not deleted, empty body.
  z.object({
    title,
    body: body.default(''),
    type: postType.default(2),
    isPinned: z.boolean().default(false),
    publish: z.boolean().default(true),
    isDeleted: z.boolean().refine((v) => !v, 'a new post cannot be deleted').default(false),
    createdAt: serverTime,
    updatedAt: serverTime,
  }),
  post,
);

// Either key lets the call in; the service then needs edit for content changes and pin for isPinned.
export const updatePostContract = contractsFor({ actions: [BOARD_ACTIONS.edit, BOARD_ACTIONS.pin] }).put(
  '/api/notificationGsm/update',
  // The whole post as the board sends it, or only the fields that change. Deleting has its own endpoint.
  z.object({
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
  post,
);

export const deletePostContract = contractsFor({ actions: [BOARD_ACTIONS.delete] }).delete(
  '/api/notificationGsm/delete',
  z.object({ postId: postIdParam }),
  post,
);

export const listPinnedPostsContract = signedInApi.get('/api/notificationGsm/listPinnedNotificationGsm', emptyRequest, z.array(post));

export const listPostsContract = signedInApi.get(
  '/api/notificationGsm/listNotificationGsm',
  z.object({
    /** Without a type both types are listed (the compact board). */
    type: numberFromText(z.number().int().refine((v) => v === 1 || v === 2, 'must be 1 (Important) or 2 (EverythingElse)').optional()),
    textSearch: z.string().trim().max(200).optional(),
    page: numberFromText(z.number().int().min(1).default(1)),
    limit: numberFromText(z.number().int().min(1).max(LIST_LIMIT_MAX).default(10)),
  }),
  z.array(post),
  { list: true },
);

const perUser = { request: z.object({ postId }), data: z.object({ ok: z.literal(true) }), access: 'signedIn' as const, maxBody: 1024 };

export const readPostContract = defineContract({ method: 'POST', path: '/api/notificationGsm/read', ...perUser });
/** Archiving also marks the post read. */
export const archivePostContract = defineContract({ method: 'POST', path: '/api/notificationGsm/archive', ...perUser });
/** Takes the post out of the account's archive. */
export const removeArchivedPostContract = defineContract({ method: 'POST', path: '/api/notificationGsm/remove', ...perUser });

export const listArchivedPostsContract = signedInApi.get('/api/notificationGsm/listArchiveOfUser', emptyRequest, z.array(post));

export const userPostData = z.object({ id: z.number().int(), read: z.array(z.number().int()), archived: z.array(z.number().int()) });
export type UserPostData = z.infer<typeof userPostData>;

export const userPostDataContract = signedInApi.get('/api/notificationGsm/dataUserNotificationGsm', emptyRequest, userPostData);

export const countUnreadContract = signedInApi.get('/api/notificationGsm/countNotRead', emptyRequest, z.number().int());

export const specialPost = z.object({ id: z.number().int(), title: z.string(), body: z.string() });
export type SpecialPost = z.infer<typeof specialPost>;

export const specialPostContract = signedInApi.get(
  '/api/postGsm/detail',
  z.object({ title: z.enum(SPECIAL_POST_TITLES, { error: `must be one of ${SPECIAL_POST_TITLES.join(', ')}` }) }),
  specialPost,
);

// Roles admin, root, PO-Marketing or special_note_edit: checked by the service (the access shape knows actions only).
export const updateSpecialPostContract = signedInApi.put(
  '/api/postGsm/update',
  z.object({ id: postId, title: z.string().trim().min(1, 'is required'), body, createdAt: serverTime, updatedAt: serverTime }),
  specialPost,
);
