-- Finance (tracker issue 16): the studio's daily revenue and cost per app and OS, each figure traced to
-- the batch (file, API call, refresh run) that wrote it. Money is integer micros of `currency`, with the
-- USD value (micros) fixed at write time from the stored daily rate. Days are UTC+7 calendar days.

-- USD value of one unit of a currency on a day, in micros (USD itself is 1 000 000 and needs no row).
CREATE TABLE finance_fx_rates (
  currency    text NOT NULL,
  day         date NOT NULL,
  usd_micros  bigint NOT NULL CHECK (usd_micros > 0),
  PRIMARY KEY (currency, day)
);

-- One write of figures: an Excel import, an API pull, a refresh run or the demo seed. A later batch of the
-- same source replaces the rows of the app-days (imports: app-months) it covers: the replaced rows stay
-- (current = false) so Compare Version can show two data versions side by side.
CREATE TABLE finance_batches (
  id          serial PRIMARY KEY,
  source      text NOT NULL,
  file_name   text NOT NULL DEFAULT '',
  created_by  text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now(),
  row_count   int NOT NULL DEFAULT 0,
  summary     text NOT NULL DEFAULT ''
);

-- Revenue. kind 'ads': an ad network's revenue (gross = net); kind 'iap': a store's sales (gross) and the
-- studio's share after the store fee (net). rank: 1 for what the network or store reports (imports, AdMob),
-- 2 for the console's own estimate from analytics, counted only where no rank-1 figure exists for the
-- same app, day, OS and kind.
CREATE TABLE finance_revenue (
  batch_id      int NOT NULL REFERENCES finance_batches (id),
  source        text NOT NULL,
  rank          smallint NOT NULL,
  data_version  int NOT NULL,
  current       boolean NOT NULL DEFAULT true,
  app_id        text NOT NULL,
  day           date NOT NULL,
  os            smallint NOT NULL,
  kind          text NOT NULL CHECK (kind IN ('ads', 'iap')),
  network       text NOT NULL,
  currency      text NOT NULL,
  gross         bigint NOT NULL,
  net           bigint NOT NULL,
  gross_usd     bigint NOT NULL,
  net_usd       bigint NOT NULL
);
CREATE INDEX finance_revenue_current_idx ON finance_revenue (day, app_id) WHERE current;
CREATE INDEX finance_revenue_source_idx ON finance_revenue (source, app_id, day) WHERE current;
CREATE INDEX finance_revenue_batch_idx ON finance_revenue (batch_id);

-- User-acquisition cost per channel and campaign with the installs it bought and the cohort's revenue
-- after 0, 7 and 30 days (as the MMP reports it; the base of ROAS).
CREATE TABLE finance_cost (
  batch_id      int NOT NULL REFERENCES finance_batches (id),
  source        text NOT NULL,
  data_version  int NOT NULL,
  current       boolean NOT NULL DEFAULT true,
  app_id        text NOT NULL,
  day           date NOT NULL,
  os            smallint NOT NULL,
  channel       text NOT NULL,
  campaign      text NOT NULL,
  currency      text NOT NULL,
  cost          bigint NOT NULL,
  cost_usd      bigint NOT NULL,
  installs      int NOT NULL,
  rev_d0_usd    bigint NOT NULL DEFAULT 0,
  rev_d7_usd    bigint NOT NULL DEFAULT 0,
  rev_d30_usd   bigint NOT NULL DEFAULT 0
);
CREATE INDEX finance_cost_current_idx ON finance_cost (day, app_id) WHERE current;
CREATE INDEX finance_cost_source_idx ON finance_cost (source, app_id, day) WHERE current;
CREATE INDEX finance_cost_batch_idx ON finance_cost (batch_id);
