-- Finance month report (tracker issue 16): per app and month, adjustments of revenue and cost entered by
-- finance (detail/updateDataMonth), comments on an app's month (comment/action) and one note per month
-- (note/action). Amounts are USD micros, signed.
CREATE TABLE finance_adjustments (
  month        text NOT NULL,
  app_id       text NOT NULL,
  revenue_usd  bigint NOT NULL DEFAULT 0,
  cost_usd     bigint NOT NULL DEFAULT 0,
  reason       text NOT NULL DEFAULT '',
  updated_by   text NOT NULL DEFAULT '',
  updated_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (month, app_id)
);

CREATE TABLE finance_comments (
  id          serial PRIMARY KEY,
  month       text NOT NULL,
  app_id      text NOT NULL,
  body        text NOT NULL,
  created_by  text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX finance_comments_month_idx ON finance_comments (month, app_id);

CREATE TABLE finance_notes (
  month       text PRIMARY KEY,
  body        text NOT NULL,
  updated_by  text NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);
