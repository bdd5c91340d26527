-- Finance daily rollup (tracker issue 16, performance): per app, day and OS the counted figures (revenue of
-- the best-ranked source per kind, current cost), kept up to date by every batch for the app-days it touches
-- (src/lib/finance/batches.ts). Statistic, Overview, App Detail, Report Month and Year read it.
CREATE TABLE finance_daily (
  app_id         text NOT NULL,
  day            date NOT NULL,
  os             smallint NOT NULL,
  ad_usd         bigint NOT NULL,
  iap_gross_usd  bigint NOT NULL,
  iap_net_usd    bigint NOT NULL,
  cost_usd       bigint NOT NULL,
  installs       bigint NOT NULL,
  PRIMARY KEY (day, app_id, os)
);

INSERT INTO finance_daily (app_id, day, os, ad_usd, iap_gross_usd, iap_net_usd, cost_usd, installs)
SELECT app_id, day, os, sum(ad), sum(ig), sum(inet), sum(cost), sum(inst) FROM (
  SELECT app_id, day, os, CASE WHEN kind = 'ads' THEN net_usd ELSE 0 END AS ad, CASE WHEN kind = 'iap' THEN gross_usd ELSE 0 END AS ig,
         CASE WHEN kind = 'iap' THEN net_usd ELSE 0 END AS inet, 0 AS cost, 0 AS inst
    FROM (SELECT r.*, min(r.rank) OVER (PARTITION BY r.app_id, r.day, r.os, r.kind) AS best FROM finance_revenue r WHERE r.current) x WHERE rank = best
  UNION ALL
  SELECT app_id, day, os, 0, 0, 0, cost_usd, installs FROM finance_cost WHERE current
) u GROUP BY app_id, day, os;
