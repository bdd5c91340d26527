import { useEffect, useState } from 'react';
import { loadCompactBoard, readPost } from '../../lib/posts/board-store';
import type { Post } from '../../lib/posts/contract';
import PostItem from './PostItem';
import '../../styles/board.css';

/**
 * The board embedded elsewhere (e.g. the dashboard): only an accordion of every post, newest first, both
 * types; expanding an unread post marks it read. No search bar, tabs, pinned section or controls. A
 * fixed-height list that scrolls (like the board's own lists), so it never makes the page 2,000 px tall,
 * with a link to the board for everything else.
 */
export default function CompactBoard() {
  const [posts, setPosts] = useState<Post[] | null>(null);
  const [read, setRead] = useState<number[]>([]);

  useEffect(() => {
    loadCompactBoard()
      .then((board) => {
        setPosts(board.posts);
        setRead(board.read);
      })
      .catch(() => setPosts([]));
  }, []);

  function open(post: Post) {
    if (read.includes(post.id)) return;
    setRead((ids) => [...ids, post.id]);
    readPost(post.id).catch(() => setRead((ids) => ids.filter((id) => id !== post.id)));
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
            <PostItem key={post.id} post={post} unread={!read.includes(post.id)} actions={[]} onOpen={open} />
          ))}
        </div>
      )}
      <a className="compact-board-link" href="/post/index">
        Open the notification board <i className="pi pi-arrow-right" aria-hidden="true" />
      </a>
    </div>
  );
}
