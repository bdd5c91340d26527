import { useEffect, useState } from 'react';
import type { Post } from '../../lib/posts/contract';
import PostItem from './PostItem';
import '../../styles/board.css';

/**
 * The requester, zod and the board's contracts load only when a post is first opened: the page that embeds
 * the board gives its posts as `initial` (the dashboard reads them on the server), so its first visit
 * needs none of them (issue 41, the cold-visit budget).
 */
const boardStore = () => import('../../lib/posts/board-store');

/**
 * The board embedded elsewhere (e.g. the dashboard): only an accordion of every post, newest first, both
 * types; expanding an unread post marks it read. No search bar, tabs, pinned section or controls. A
 * fixed-height list that scrolls (like the board's own lists), so it never makes the page 2,000 px tall,
 * with a link to the board for everything else.
 */
export default function CompactBoard({ initial }: { initial?: { posts: Post[]; read: number[] } }) {
  const [posts, setPosts] = useState<Post[] | null>(initial?.posts ?? null);
  const [read, setRead] = useState<number[]>(initial?.read ?? []);

  useEffect(() => {
    if (initial) return;
    boardStore()
      .then(({ loadCompactBoard }) => loadCompactBoard())
      .then((board) => {
        setPosts(board.posts);
        setRead(board.read);
      })
      .catch(() => setPosts([]));
  }, [initial]);

  function open(post: Post) {
    if (read.includes(post.id)) return;
    setRead((ids) => [...ids, post.id]);
    boardStore()
      .then(({ readPost }) => readPost(post.id))
      .catch(() => setRead((ids) => ids.filter((id) => id !== post.id)));
  }

  return (
    <div className="notification-board compact-board">
      {posts === null ? (
        <p className="board-empty">Loading…</p>
      ) : posts.length === 0 ? (
        <p className="board-empty">No posts.</p>
      ) : (
        <div className="board-list compact-board-list" tabIndex={0} role="region" aria-label="Latest posts">
          {posts.map((post) => (
            <PostItem key={post.id} id={`compact-post-${post.id}`} post={post} unread={!read.includes(post.id)} actions={[]} onOpen={open} />
          ))}
        </div>
      )}
      <a className="compact-board-link" href="/post/index">
        Open the notification board <i className="pi pi-arrow-right" aria-hidden="true" />
      </a>
    </div>
  );
}
