-- Finance monthly rollups (tracker issue 16, performance): Revenue by network/source and Statistic MKT by
-- channel/campaign summed the raw rows of every day asked (Revenue also ranked them): about 1 s and 370 ms
-- for a year of 50 apps. These keep, per app-month, the counted revenue by network and source and the current
-- cost by channel and campaign; the reports read whole months here and only the partial months at the
-- range's edges from the raw rows. Every batch keeps them current for the app-months it touches
-- (src/lib/finance/batches.ts rollUpDays). `month` is the month's first day.
CREATE TABLE finance_revenue_monthly (
  month      date NOT NULL,
  app_id     text NOT NULL,
  os         smallint NOT NULL,
  kind       text NOT NULL,
  network    text NOT NULL,
  source     text NOT NULL,
  gross_usd  bigint NOT NULL,
  net_usd    bigint NOT NULL,
  PRIMARY KEY (month, app_id, os, kind, network, source)
);

CREATE TABLE finance_cost_monthly (
  month       date NOT NULL,
  app_id      text NOT NULL,
  os          smallint NOT NULL,
  channel     text NOT NULL,
  campaign    text NOT NULL,
  cost_usd    bigint NOT NULL,
  installs    bigint NOT NULL,
  rev_d0_usd  bigint NOT NULL,
  rev_d7_usd  bigint NOT NULL,
  rev_d30_usd bigint NOT NULL,
  PRIMARY KEY (month, app_id, os, channel, campaign)
);

INSERT INTO finance_revenue_monthly (month, app_id, os, kind, network, source, gross_usd, net_usd)
SELECT date_trunc('month', day)::date, app_id, os, kind, network, source, sum(gross_usd), sum(net_usd)
  FROM (SELECT r.*, min(r.rank) OVER (PARTITION BY r.app_id, r.day, r.os, r.kind) AS best FROM finance_revenue r WHERE r.current) x
 WHERE rank = best GROUP BY 1, 2, 3, 4, 5, 6;

INSERT INTO finance_cost_monthly (month, app_id, os, channel, campaign, cost_usd, installs, rev_d0_usd, rev_d7_usd, rev_d30_usd)
SELECT date_trunc('month', day)::date, app_id, os, channel, campaign, sum(cost_usd), sum(installs), sum(rev_d0_usd), sum(rev_d7_usd), sum(rev_d30_usd)
  FROM finance_cost WHERE current GROUP BY 1, 2, 3, 4, 5;
