-- Platform: accounts, roles, sessions, teams, apps and the audit trail.
CREATE TABLE roles (
  name            text PRIMARY KEY,
  description     text NOT NULL DEFAULT '',
  paths           jsonb NOT NULL DEFAULT '[]',
  private_actions jsonb NOT NULL DEFAULT '[]',
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE accounts (
  id               serial PRIMARY KEY,
  username         text NOT NULL UNIQUE,
  password_hash    text NOT NULL,
  role             text NOT NULL REFERENCES roles(name),
  name             text NOT NULL DEFAULT '',
  avatar           text NOT NULL DEFAULT '',
  introduction     text NOT NULL DEFAULT '',
  paths            jsonb NOT NULL DEFAULT '[]',
  private_actions  jsonb NOT NULL DEFAULT '[]',
  permissions      jsonb NOT NULL DEFAULT '[]',
  list_app         jsonb NOT NULL DEFAULT '[]',
  can_view_all_app boolean NOT NULL DEFAULT false,
  follow_team      jsonb NOT NULL DEFAULT '[]',
  exclude_teams    jsonb NOT NULL DEFAULT '[]',
  active           boolean NOT NULL DEFAULT true,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sessions (
  id           uuid PRIMARY KEY,
  account_id   integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  refresh_hash text NOT NULL UNIQUE,
  user_agent   text NOT NULL DEFAULT '',
  ip           text NOT NULL DEFAULT '',
  created_at   timestamptz NOT NULL DEFAULT now(),
  rotated_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  revoked_at   timestamptz
);
CREATE INDEX sessions_account_idx ON sessions(account_id);

CREATE TABLE teams (
  id         serial PRIMARY KEY,
  name       text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE apps (
  id         text PRIMARY KEY,
  name       text NOT NULL,
  team_id    integer REFERENCES teams(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Append-only audit trail: every console mutation, sign-in, failure and logout.
CREATE TABLE account_log (
  id         bigserial PRIMARY KEY,
  account_id integer,
  username   text NOT NULL DEFAULT '',
  action     text NOT NULL,
  entity     text NOT NULL DEFAULT '',
  entity_id  text NOT NULL DEFAULT '',
  before     jsonb,
  after      jsonb,
  ip         text NOT NULL DEFAULT '',
  request_id text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX account_log_created_idx ON account_log(created_at);
CREATE INDEX account_log_login_fail_idx ON account_log(action, username, created_at);
CREATE INDEX account_log_login_fail_ip_idx ON account_log(action, ip, created_at);

-- Rotation keeps the previous refresh digest for a few seconds so that parallel page requests that all
-- carried the old cookie are not signed out (see src/lib/auth/session.ts).
ALTER TABLE sessions ADD COLUMN prev_refresh_hash text;
CREATE INDEX sessions_prev_refresh_idx ON sessions(prev_refresh_hash);
