-- Notification board: special posts, pin order and a text column for search.

-- A special post (the header note, found by its title) carries a slug; board lists skip every slugged post.
ALTER TABLE posts ADD COLUMN slug text;
CREATE UNIQUE INDEX posts_slug_idx ON posts(slug) WHERE slug IS NOT NULL;
INSERT INTO posts (title, body, slug) VALUES ('finance_info_post', '', 'finance_info_post');

-- Pinning puts a post first in the pinned list: it is ordered by when it was pinned.
ALTER TABLE posts ADD COLUMN pinned_at timestamptz;
UPDATE posts SET pinned_at = updated_at WHERE is_pinned;

-- Bodies are HTML; search matches their text, kept beside them when a post is written.
ALTER TABLE posts ADD COLUMN body_text text NOT NULL DEFAULT '';
UPDATE posts SET body_text = regexp_replace(body, '<[^>]*>', ' ', 'g');

CREATE INDEX post_user_state_archived_idx ON post_user_state(account_id, archived_at DESC) WHERE archived_at IS NOT NULL;
