-- Admin: finance visibility per account, API request log, scheduled jobs and their runs.
ALTER TABLE accounts ADD COLUMN finance_apps jsonb NOT NULL DEFAULT '[]';
ALTER TABLE accounts ADD COLUMN finance_teams jsonb NOT NULL DEFAULT '[]';
ALTER TABLE accounts ADD COLUMN last_login_at timestamptz;

CREATE TABLE api_log (
  id          bigserial PRIMARY KEY,
  at          timestamptz NOT NULL DEFAULT now(),
  account_id  integer,
  username    text NOT NULL DEFAULT '',
  method      text NOT NULL,
  path        text NOT NULL,
  status      integer NOT NULL,
  duration_ms integer NOT NULL,
  request_id  text NOT NULL,
  ip          text NOT NULL DEFAULT ''
);
CREATE INDEX api_log_at_idx ON api_log(at);

CREATE TABLE jobs (
  name        text PRIMARY KEY,
  description text NOT NULL DEFAULT '',
  cron        text NOT NULL,
  time_zone   text NOT NULL DEFAULT 'Asia/Ho_Chi_Minh',
  enabled     boolean NOT NULL DEFAULT true,
  next_run_at timestamptz,
  running_since timestamptz,
  updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE job_runs (
  id          bigserial PRIMARY KEY,
  job_name    text NOT NULL REFERENCES jobs(name) ON DELETE CASCADE,
  trigger     text NOT NULL,
  started_at  timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  duration_ms integer,
  status      text NOT NULL DEFAULT 'running',
  error       text,
  result      text,
  runner      text NOT NULL DEFAULT ''
);
CREATE INDEX job_runs_job_idx ON job_runs(job_name, started_at DESC);
