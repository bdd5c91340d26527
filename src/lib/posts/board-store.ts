import { atom, type ReadableAtom } from 'nanostores';
import { api } from '../http/client';
import { showToast } from '../ui/toast-store';
import { afterArchive, afterCreate, afterDelete, afterRead, afterRestore, afterUpdate, emptyBoard, isUnread, type BoardState } from './board';
import {
  archivePostContract,
  createPostContract,
  deletePostContract,
  listArchivedPostsContract,
  listPinnedPostsContract,
  listPostsContract,
  readPostContract,
  removeArchivedPostContract,
  updatePostContract,
  userPostDataContract,
  type Post,
} from './contract';
import { EVERYTHING_ELSE_PAGE_SIZE, IMPORTANT_PAGE_SIZE, LIST_LIMIT_MAX, POST_TYPE } from './rules';
import { markOneRead } from './store';

/** The fields the add/edit dialog sends. */
export interface PostDraft {
  id?: number;
  title: string;
  body: string;
  type: number;
  isPinned: boolean;
  publish: boolean;
}

/** A new post's fields (spec section 3): EverythingElse, not pinned, published, empty title and body. */
export const NEW_POST: PostDraft = { title: '', body: '', type: POST_TYPE.everythingElse, isPinned: false, publish: true };

export const CREATED_MESSAGE = 'create post success !';
export const UPDATED_MESSAGE = 'update successfully !';

/** Marks a post read on the server and lowers the bell's count (spec section 4). */
export async function readPost(id: number): Promise<void> {
  await api(readPostContract, { postId: id });
  markOneRead();
}

/**
 * One board's state and the actions of spec section 4. Failed calls have already shown their toast (the
 * requester does that), so the actions swallow them unless the caller must know (save).
 */
export function createBoardStore() {
  const $board = atom<BoardState>(emptyBoard);
  const set = (change: (state: BoardState) => BoardState) => $board.set(change($board.get()));
  const quietly = (work: Promise<unknown>): Promise<void> => work.then(() => undefined, () => undefined);

  const listImportant = (textSearch: string) =>
    api(listPostsContract, { type: POST_TYPE.important, page: 1, limit: IMPORTANT_PAGE_SIZE, ...(textSearch ? { textSearch } : {}) });
  const listEverythingElse = (textSearch: string, page: number) =>
    api(listPostsContract, { type: POST_TYPE.everythingElse, page, limit: EVERYTHING_ELSE_PAGE_SIZE, ...(textSearch ? { textSearch } : {}) });

  /** Both lists for the current search: Important page 1 and EverythingElse at `page`. */
  async function reloadLists(page: number): Promise<void> {
    const { textSearch } = $board.get();
    const [important, everythingElse] = await Promise.all([listImportant(textSearch), listEverythingElse(textSearch, page)]);
    set((s) => ({
      ...s,
      important: important.data,
      importantTotal: important.totalRecord ?? important.data.length,
      everythingElse: everythingElse.data,
      everythingElseTotal: everythingElse.totalRecord ?? everythingElse.data.length,
      everythingElsePage: page,
    }));
  }

  /** First load: user post data, pinned, archived, Important page 1 and EverythingElse page 1 at once. */
  async function load(): Promise<void> {
    try {
      const [user, pinned, archived, important, everythingElse] = await Promise.all([
        api(userPostDataContract),
        api(listPinnedPostsContract),
        api(listArchivedPostsContract),
        listImportant(''),
        listEverythingElse('', 1),
      ]);
      $board.set({
        ...emptyBoard,
        loading: false,
        read: user.data.read,
        archivedIds: user.data.archived,
        pinned: pinned.data,
        archived: archived.data,
        important: important.data,
        importantTotal: important.totalRecord ?? 0,
        everythingElse: everythingElse.data,
        everythingElseTotal: everythingElse.totalRecord ?? 0,
      });
    } catch {
      set((s) => ({ ...s, loading: false }));
    }
  }

  /** The Search button: both lists again at page 1. */
  function search(textSearch: string): Promise<void> {
    set((s) => ({ ...s, textSearch: textSearch.trim() }));
    return quietly(reloadLists(1));
  }

  function goToPage(page: number): Promise<void> {
    const { textSearch } = $board.get();
    return quietly(
      listEverythingElse(textSearch, page).then((r) =>
        set((s) => ({ ...s, everythingElse: r.data, everythingElseTotal: r.totalRecord ?? 0, everythingElsePage: page })),
      ),
    );
  }

  /** Expanding a post: an unread one is marked read. */
  async function read(post: Post): Promise<void> {
    if (!isUnread($board.get(), post.id)) return;
    set((s) => afterRead(s, post.id));
    await readPost(post.id).catch(() => set((s) => ({ ...s, read: s.read.filter((id) => id !== post.id) })));
  }

  async function archive(post: Post): Promise<void> {
    const wasUnread = isUnread($board.get(), post.id);
    await quietly(
      api(archivePostContract, { postId: post.id }).then(() => {
        set((s) => afterArchive(s, post));
        if (wasUnread) markOneRead();
      }),
    );
  }

  /** Remove from the archive list: the post goes back to its list, so both lists are fetched again. */
  async function restore(post: Post): Promise<void> {
    await quietly(
      api(removeArchivedPostContract, { postId: post.id }).then(() => {
        set((s) => afterRestore(s, post.id));
        return reloadLists($board.get().everythingElsePage);
      }),
    );
  }

  async function setPinned(post: Post, isPinned: boolean): Promise<void> {
    await quietly(api(updatePostContract, { id: post.id, isPinned }).then(({ data }) => set((s) => afterUpdate(s, data))));
  }

  async function remove(post: Post): Promise<void> {
    const wasUnread = isUnread($board.get(), post.id) && post.publish;
    await quietly(
      api(deletePostContract, { postId: post.id }).then(() => {
        set((s) => afterDelete(s, post.id));
        if (wasUnread) markOneRead();
      }),
    );
  }

  /** The dialog's Save: create or update, then the success toast. Rejects (after the error toast) on failure. */
  async function save(draft: PostDraft): Promise<Post> {
    const fields = { title: draft.title.trim(), body: draft.body, type: draft.type, isPinned: draft.isPinned, publish: draft.publish };
    if (draft.id === undefined) {
      const { data } = await api(createPostContract, fields);
      showToast('success', CREATED_MESSAGE);
      set((s) => afterCreate(s, data));
      // The new post is the newest: when EverythingElse shows a later page, go to page 1 where it is first.
      if (data.type === POST_TYPE.everythingElse && $board.get().everythingElsePage !== 1) await goToPage(1);
      return data;
    }
    const { data } = await api(updatePostContract, { id: draft.id, ...fields });
    showToast('success', UPDATED_MESSAGE);
    set((s) => afterUpdate(s, data));
    return data;
  }

  return {
    $board: $board as ReadableAtom<BoardState>,
    load,
    search,
    goToPage,
    read,
    archive,
    restore,
    pin: (post: Post) => setPinned(post, true),
    unpin: (post: Post) => setPinned(post, false),
    remove,
    save,
  };
}

export type BoardStore = ReturnType<typeof createBoardStore>;

/** The compact board: every post (both types, newest first) and which of them this account has read. */
export async function loadCompactBoard(): Promise<{ posts: Post[]; read: number[] }> {
  const [user, posts] = await Promise.all([api(userPostDataContract), api(listPostsContract, { page: 1, limit: LIST_LIMIT_MAX })]);
  return { posts: posts.data, read: user.data.read };
}
