-- How often each account opens each screen: the dashboard's "most used screens".
CREATE TABLE page_visits (
  account_id integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  path       text NOT NULL,
  visits     integer NOT NULL DEFAULT 0,
  last_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, path)
);
