import { handle, type ApiHandler } from '../server/api/handler';
import { archivePostContract, countUnreadContract, createPostContract, deletePostContract, listArchivedPostsContract, listPinnedPostsContract, listPostsContract, readPostContract, removeArchivedPostContract, specialPostContract, updatePostContract, updateSpecialPostContract, userPostDataContract } from './contract';
import { archivePost, countUnread, createPost, deletePost, getSpecialPost, listArchivedPosts, listPinnedPosts, listPosts, markPostRead, removeArchivedPost, updatePost, updateSpecialPost, userPostData } from './service';

/** The notification board and the header special note. Listed in the area's manifest (./area.ts). */
export const postsApi: ApiHandler[] = [
  handle(archivePostContract, async ({ postId }, ctx) => {
    await archivePost(ctx.db, ctx.viewer, postId);
    return { data: { ok: true as const } };
  }),
  handle(countUnreadContract, async (_input, ctx) => ({ data: await countUnread(ctx.db, ctx.viewer) })),
  handle(createPostContract, async (input, ctx) => ({ data: await createPost(ctx.db, ctx.actor, input) })),
  handle(userPostDataContract, async (_input, ctx) => ({ data: await userPostData(ctx.db, ctx.viewer) })),
  handle(deletePostContract, async ({ postId }, ctx) => ({ data: await deletePost(ctx.db, ctx.actor, postId) })),
  handle(listArchivedPostsContract, async (_input, ctx) => ({ data: await listArchivedPosts(ctx.db, ctx.viewer) })),
  handle(listPostsContract, async (input, ctx) => listPosts(ctx.db, ctx.viewer, input)),
  handle(listPinnedPostsContract, async (_input, ctx) => ({ data: await listPinnedPosts(ctx.db, ctx.viewer) })),
  handle(readPostContract, async ({ postId }, ctx) => {
    await markPostRead(ctx.db, ctx.viewer, postId);
    return { data: { ok: true as const } };
  }),
  handle(removeArchivedPostContract, async ({ postId }, ctx) => {
    await removeArchivedPost(ctx.db, ctx.viewer, postId);
    return { data: { ok: true as const } };
  }),
  handle(updatePostContract, async (input, ctx) => ({ data: await updatePost(ctx.db, ctx.actor, input) })),
  handle(specialPostContract, async ({ title }, ctx) => ({ data: await getSpecialPost(ctx.db, title) })),
  handle(updateSpecialPostContract, async (input, ctx) => ({ data: await updateSpecialPost(ctx.db, ctx.actor, input) })),
];
