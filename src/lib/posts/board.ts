import type { Post } from './contract';
import { EVERYTHING_ELSE_PAGE_SIZE, IMPORTANT_PAGE_SIZE, POST_TYPE } from './rules';

/** What the notification board shows. Lists hold what the server sent, changed locally by the transitions below. */
export interface BoardState {
  loading: boolean;
  /** The search applied to the Important and EverythingElse lists. */
  textSearch: string;
  pinned: Post[];
  important: Post[];
  importantTotal: number;
  everythingElse: Post[];
  everythingElseTotal: number;
  everythingElsePage: number;
  archived: Post[];
  /** Ids this account has read and archived (dataUserNotificationGsm). */
  read: number[];
  archivedIds: number[];
}

export const emptyBoard: BoardState = {
  loading: true,
  textSearch: '',
  pinned: [],
  important: [],
  importantTotal: 0,
  everythingElse: [],
  everythingElseTotal: 0,
  everythingElsePage: 1,
  archived: [],
  read: [],
  archivedIds: [],
};

const without = (posts: Post[], id: number) => posts.filter((p) => p.id !== id);
const has = (posts: Post[], id: number) => posts.some((p) => p.id === id);
const addId = (ids: number[], id: number) => (ids.includes(id) ? ids : [...ids, id]);
const byNewest = (a: Post, b: Post) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id;

export const isUnread = (state: Pick<BoardState, 'read'>, id: number) => !state.read.includes(id);

/** Expanding an unread post: its id joins the read list. */
export function afterRead(state: BoardState, id: number): BoardState {
  return { ...state, read: addId(state.read, id) };
}

/** Archive: marks read, leaves Important and EverythingElse, comes first in the archived list. */
export function afterArchive(state: BoardState, post: Post): BoardState {
  const inImportant = has(state.important, post.id);
  const inEverythingElse = has(state.everythingElse, post.id);
  return {
    ...state,
    read: addId(state.read, post.id),
    archivedIds: addId(state.archivedIds, post.id),
    important: without(state.important, post.id),
    importantTotal: state.importantTotal - (inImportant ? 1 : 0),
    everythingElse: without(state.everythingElse, post.id),
    everythingElseTotal: state.everythingElseTotal - (inEverythingElse ? 1 : 0),
    archived: [post, ...without(state.archived, post.id)],
  };
}

/** Remove from the archive list: out of the archive (the lists are then reloaded to take it back). */
export function afterRestore(state: BoardState, id: number): BoardState {
  return { ...state, archived: without(state.archived, id), archivedIds: state.archivedIds.filter((a) => a !== id) };
}

/** Delete: out of every list. */
export function afterDelete(state: BoardState, id: number): BoardState {
  return {
    ...state,
    pinned: without(state.pinned, id),
    archived: without(state.archived, id),
    archivedIds: state.archivedIds.filter((a) => a !== id),
    important: without(state.important, id),
    importantTotal: state.importantTotal - (has(state.important, id) ? 1 : 0),
    everythingElse: without(state.everythingElse, id),
    everythingElseTotal: state.everythingElseTotal - (has(state.everythingElse, id) ? 1 : 0),
  };
}

/** Create: first in the list of its type (the page keeps its size), and first in pinned when pinned. */
export function afterCreate(state: BoardState, post: Post): BoardState {
  const next = { ...state, pinned: post.isPinned ? [post, ...state.pinned] : state.pinned };
  if (post.type === POST_TYPE.important) {
    return { ...next, important: [post, ...state.important].slice(0, IMPORTANT_PAGE_SIZE), importantTotal: state.importantTotal + 1 };
  }
  return {
    ...next,
    everythingElse: [post, ...state.everythingElse].slice(0, EVERYTHING_ELSE_PAGE_SIZE),
    everythingElseTotal: state.everythingElseTotal + 1,
  };
}

/**
 * Edit, pin and unpin: the post is replaced where it stands. Pinning puts it first in the pinned list,
 * unpinning takes it out; a changed type moves it to the other list, in date order.
 */
export function afterUpdate(state: BoardState, post: Post): BoardState {
  const replace = (posts: Post[]) => posts.map((p) => (p.id === post.id ? post : p));
  const wasPinned = has(state.pinned, post.id);
  const pinned = !post.isPinned ? without(state.pinned, post.id) : wasPinned ? replace(state.pinned) : [post, ...state.pinned];
  let { important, importantTotal, everythingElse, everythingElseTotal } = state;
  const from = has(important, post.id) ? POST_TYPE.important : has(everythingElse, post.id) ? POST_TYPE.everythingElse : null;
  if (from !== null && from !== post.type) {
    if (from === POST_TYPE.important) {
      important = without(important, post.id);
      importantTotal -= 1;
      everythingElse = [...everythingElse, post].sort(byNewest).slice(0, EVERYTHING_ELSE_PAGE_SIZE);
      everythingElseTotal += 1;
    } else {
      everythingElse = without(everythingElse, post.id);
      everythingElseTotal -= 1;
      important = [...important, post].sort(byNewest).slice(0, IMPORTANT_PAGE_SIZE);
      importantTotal += 1;
    }
  }
  return { ...state, pinned, important: replace(important), importantTotal, everythingElse: replace(everythingElse), everythingElseTotal, archived: replace(state.archived) };
}
