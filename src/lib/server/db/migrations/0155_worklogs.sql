-- HCNS worklogs (issue 20): what each staff member worked on, per day. A day's hours (all entries summed) are
-- at most 24, checked by the service under a per-author-and-day advisory lock; the CHECK here is the floor.
CREATE TABLE worklogs (
  id         serial PRIMARY KEY,
  account_id integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  username   text NOT NULL,
  work_date  date NOT NULL,
  hours      numeric(5, 2) NOT NULL CHECK (hours > 0 AND hours <= 24),
  -- An app id or a project name (studio work that is not one app: tooling, hiring, the console).
  project    text NOT NULL,
  task       text NOT NULL,
  note       text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX worklogs_author_day_idx ON worklogs (username, work_date);
CREATE INDEX worklogs_day_idx ON worklogs (work_date);
