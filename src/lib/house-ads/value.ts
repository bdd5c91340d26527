/**
 * The cost-equivalent value of a house-ad install (issues 16 and 17): what the advertised app paid per
 * install on paid channels in the install's month (its current UA cost ÷ installs in finance, in USD micros,
 * the in-house channel itself left out), else the studio's default from the house-ads settings. The reports
 * show it per line; finance_refresh books it as the publisher app's In-house ad revenue and the advertised
 * app's In-house UA cost, so the studio's own totals net to zero. Definition in docs/metrics.md.
 */

/** The finance channel and network name of house ads. */
export const IN_HOUSE = 'In-house';

/** A CTE `paid_cpi (app_id, month, cpi)` over the months from `fromParam` to `toParam` (SQL date parameters). */
export const paidCpiCte = (fromParam: string, toParam: string) => `paid_cpi AS (
  SELECT app_id, month, round(sum(cost_usd)::numeric / sum(installs))::bigint AS cpi
    FROM finance_cost_monthly
   WHERE channel <> '${IN_HOUSE}' AND month BETWEEN date_trunc('month', ${fromParam}::date)::date AND ${toParam}::date
   GROUP BY app_id, month HAVING sum(installs) > 0)`;

/** The value (USD micros) of the install row aliased `alias` (house_ad_installs), with paid_cpi in scope. */
export const installValueSql = (alias: string) =>
  `coalesce((SELECT p.cpi FROM paid_cpi p WHERE p.app_id = ${alias}.advertised_app AND p.month = date_trunc('month', ${alias}.day)::date),
            (SELECT value_per_install_micros FROM house_ad_settings WHERE id))`;
