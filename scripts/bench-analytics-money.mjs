// The ads and money reports (src/lib/analytics/money/) as bench:analytics times them: name, API path,
// extra query and the check that the answer holds data. Imported by scripts/bench-analytics.mjs.
export const MONEY_REPORTS = [
  ['Adview Overview', '/api/analytic/adviewOverview', {}, (d) => d.rows.some((r) => r.requests > 0)],
  ['Adview (by placement)', '/api/analytic/adview', { by: 'placement' }, (d) => d.groups.some((g) => g.shows > 0)],
  ['Ads Impression (by network)', '/api/analytic/adsImpression', { by: 'network' }, (d) => d.rows.some((r) => r.impressions > 0)],
  ['Inapp Overview', '/api/analytic/inappOverview', {}, (d) => d.rows.some((r) => r.purchases > 0)],
  ['Inapp', '/api/analytic/inapp', {}, (d) => d.products.length > 0],
  ['First IAP (by days since install)', '/api/analytic/firstIap', { by: 'daysSinceInstall' }, (d) => d.rows.some((r) => r.payers > 0)],
  ['Subscription', '/api/analytic/subscription', {}, (d) => d.rows.some((r) => r.activeEnd > 0)],
  ['CVR (first purchase)', '/api/analytic/cvr', { goal: 'purchase' }, (d) => d.cohorts.some((c) => c.installs > 0)],
  ['App Measurement', '/api/analytic/appMeasurement', {}, (d) => d.lines.length > 0],
];
