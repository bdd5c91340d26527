// What `npm run bench:events` times: every report screen of the registry that reads game events (src/app/screens.ts;
// src/lib/analytics/store/bench-coverage.test.ts fails when a new one is missing here), one player's history logs,
// and the other event reads (Check SDK, its tracking-plan view, the dashboard page). Each entry: name, API path,
// extra query, and what "has data" means for its answer, so an empty answer is never timed as a report.
import { MONEY_REPORTS } from '../bench-analytics-money.mjs';
import { AB_REPORTS } from './bench-ab.mjs';
import { COHORT_REPORTS } from './bench-cohort-reports.mjs';
import { PLAY_REPORTS } from './bench-play-reports.mjs';

/** The report screens over the scope's apps and range (`apps`, `from`, `to` are added by the bench). */
export const EVENT_REPORTS = [
  ['Main Data', '/api/analytic/mainData', {}, (d) => d.rows.some((r) => r.dau > 0)],
  ['Retention', '/api/cohort/retention', {}, (d) => d.cohorts.some((c) => c.installs > 0)],
  ['Level', '/api/analytic/level', {}, (d) => d.levels.length > 0],
  ['Level MiniGame', '/api/analytic/levelMiniGame', {}, (d) => d.levels.length > 0],
  ['Level retention (50 levels)', '/api/analytic/levelRetention', { maxLevel: '50' }, (d) => d.cohorts.some((c) => c.reached.some((n) => n > 0))],
  ...PLAY_REPORTS,
  ...MONEY_REPORTS,
  ...COHORT_REPORTS,
  ...AB_REPORTS,
];

/** Report screens of the registry that read no game events, and what they read instead. */
const FINANCE = 'finance tables (imported revenue and cost; the analytics estimates are written there by the finance refresh)';
export const NOT_EVENT_REPORTS = {
  financeStatistic: FINANCE,
  financeOverview: FINANCE,
  financeAppDetail: FINANCE,
  financeCompare: FINANCE,
  financeMkt: FINANCE,
  financeRevenue: FINANCE,
  financeReconciliation: FINANCE,
  houseAdCampaign: 'house-ad tables',
  houseAdOverview: 'house-ad tables',
  houseAdCompare: 'house-ad tables',
  houseAdAdvertiser: 'house-ad tables',
  houseAdPublisher: 'house-ad tables',
  progressDashboard: 'progress-event tables',
};

/** One player's history logs (budget 200 ms): every kind of src/lib/history/kinds.ts. */
export const HISTORY_KINDS = ['level', 'miniGameLevel', 'taskQuest', 'adsLog', 'iapLog', 'resource', 'adImpression', 'counterLog', 'funnel'];

/** The other reads of events: name, path (with its query, from the app id), what "has data" means. */
export const OTHER_READS = [
  ['Check SDK (last 24 hours)', (appId) => `/api/adminAccount/checkSdk?${new URLSearchParams({ appId })}`, (d) => d.total > 0],
  ['Tracking plan view (7 days)', (appId) => `/api/adminAccount/trackingPlan?${new URLSearchParams({ appId, days: '7' })}`, (d) => d.totals.volume > 0],
];
