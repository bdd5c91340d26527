-- Configuration data (spec: /adminAccount/config_data/*): one table, one row per item, validated per kind.
CREATE TABLE config_items (
  id         serial PRIMARY KEY,
  kind       text NOT NULL,
  scope      text NOT NULL DEFAULT '',
  item_key   text NOT NULL,
  data       jsonb NOT NULL,
  -- Only for kinds with secrets (GA service accounts): AES-256-GCM sealed, never sent back.
  secret     text,
  created_by text NOT NULL DEFAULT '',
  updated_by text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (kind, scope, item_key)
);
CREATE INDEX config_items_kind_idx ON config_items(kind, scope);

ALTER TABLE teams ADD COLUMN description text NOT NULL DEFAULT '';
ALTER TABLE teams ADD COLUMN members jsonb NOT NULL DEFAULT '[]';
ALTER TABLE teams ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
