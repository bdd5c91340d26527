-- Notification board: posts and each account's read/archived state.
CREATE TABLE posts (
  id         serial PRIMARY KEY,
  title      text NOT NULL DEFAULT '',
  body       text NOT NULL DEFAULT '',
  type       smallint NOT NULL DEFAULT 2 CHECK (type IN (1, 2)),
  is_pinned  boolean NOT NULL DEFAULT false,
  publish    boolean NOT NULL DEFAULT true,
  is_deleted boolean NOT NULL DEFAULT false,
  created_by integer REFERENCES accounts(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX posts_list_idx ON posts(type, created_at DESC) WHERE NOT is_deleted;

CREATE TABLE post_user_state (
  account_id  integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  post_id     integer NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  read_at     timestamptz,
  archived_at timestamptz,
  PRIMARY KEY (account_id, post_id)
);
