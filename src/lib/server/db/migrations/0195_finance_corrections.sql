-- Finance corrections (issue 37).
--
-- A correction is one record per (app, day, OS, kind, network/store/channel, currency): the amount finance
-- says is right for that key. It REPLACES the imported figures of the same key (countedRevenueRows and
-- countedCostRows in src/lib/finance/batches.ts), it never adds to them. The figure itself is also written
-- as a current row of source 'manual' in finance_revenue / finance_cost (batch_id points at it), so every
-- rollup and report counts it through the one write path; undo deletes the record and retires that row.
CREATE TABLE finance_corrections (
  app_id      text NOT NULL,
  day         date NOT NULL,
  os          smallint NOT NULL,
  kind        text NOT NULL CHECK (kind IN ('ads', 'iap', 'cost')),
  name        text NOT NULL,
  currency    text NOT NULL,
  amount      bigint NOT NULL,
  usd         bigint NOT NULL,
  reason      text NOT NULL DEFAULT '',
  batch_id    int NOT NULL REFERENCES finance_batches (id),
  created_by  text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (app_id, day, os, kind, name, currency)
);

-- The manual figures written before corrections were records: at most one current manual row per app-day
-- (each replaced the app-day's earlier one), kept as corrections of their own key.
INSERT INTO finance_corrections (app_id, day, os, kind, name, currency, amount, usd, reason, batch_id, created_by, created_at)
SELECT r.app_id, r.day, r.os, r.kind, r.network, r.currency, r.gross, r.gross_usd, 'entered before corrections were records', r.batch_id, b.created_by, b.created_at
  FROM finance_revenue r JOIN finance_batches b ON b.id = r.batch_id WHERE r.current AND r.source = 'manual'
ON CONFLICT DO NOTHING;
INSERT INTO finance_corrections (app_id, day, os, kind, name, currency, amount, usd, reason, batch_id, created_by, created_at)
SELECT c.app_id, c.day, c.os, 'cost', c.channel, c.currency, c.cost, c.cost_usd, 'entered before corrections were records', c.batch_id, b.created_by, b.created_at
  FROM finance_cost c JOIN finance_batches b ON b.id = c.batch_id WHERE c.current AND c.source = 'manual'
ON CONFLICT DO NOTHING;
