/**
 * The route table: the single source for the sidebar, breadcrumb, route search, page titles, the guard
 * and the permission editor. Paths are absolute on every node. Shared by server and browser.
 */
export interface RouteInfo {
  value: string;
  href: string;
}

export type PageNote = 'finance-refresh' | 'reference-only';

export interface RouteNode {
  path: string;
  title: string;
  icon?: string;
  affix?: boolean;
  roles?: readonly string[];
  info?: RouteInfo;
  hidden?: boolean;
  noCache?: boolean;
  note?: PageNote;
  /**
   * The screen a route shows when it has no .astro page of its own: `report:<id>` is the generic report
   * screen of that descriptor (src/app/screens.ts), `resource:<id>` the generic list-and-form
   * screen (src/app/screens.ts, first render from its area's manifest through src/app/server.ts), `history:<id>` a
   * player's event log (src/lib/history/kinds.ts). A route that a report or list-and-form descriptor names as
   * its `route` needs no screen here: src/app/screens.ts `screenOf` derives it (an explicit one must agree).
   */
  screen?: `report:${string}` | `resource:${string}` | `history:${string}`;
  children?: RouteNode[];
}

const DOCS = 'https://docs.gsm-studio.dev';
const STAT_ROLES = ['root', 'cache', 'statistic'] as const;
const FIND_USER_ROLES = ['admin', 'gamedesigner', 'pm', 'tester'] as const;

/** Builds a group whose children's paths are nested under its own. */
function group(path: string, title: string, icon: string, children: RouteNode[], extra: Partial<RouteNode> = {}): RouteNode {
  return { path, title, icon, ...extra, children };
}
function leaf(path: string, title: string, extra: Partial<RouteNode> = {}): RouteNode {
  return { path, title, ...extra };
}
const help = (value: string, page: string): { info: RouteInfo } => ({ info: { value, href: `${DOCS}/${page}` } });

export const SDK_DOCS_URL = `${DOCS}/sdk`;

export const routeTable: RouteNode[] = [
  leaf('/dashboard', 'Dashboard', { icon: 'pi pi-home', affix: true }),
  leaf('/post/index', 'Notification Board', { icon: 'pi pi-megaphone', ...help('How the board works', 'console/notification-board') }),
  // Opened from the top bar's alert bell and from Alert IAA (not in the menu: the spec's menu is the spec's).
  leaf('/alerts/index', 'Revenue alerts', { icon: 'pi pi-chart-line', hidden: true }),
  group('/adminAccount', 'Admin Account', 'pi pi-users', [
    leaf('/adminAccount/account', 'Account', { screen: 'resource:accounts' }),
    leaf('/adminAccount/permission', 'Role', { screen: 'resource:roles' }),
    group('/adminAccount/config_data', 'Config Data', 'pi pi-cog', [
      leaf('/adminAccount/config_data/iap_config', 'IAP Config', { screen: 'resource:config-iap_config' }),
      leaf('/adminAccount/config_data/tracking_config', 'Tracking Config', { screen: 'resource:config-tracking_config' }),
      leaf('/adminAccount/config_data/event', 'Event', { screen: 'resource:config-event' }),
      leaf('/adminAccount/config_data/ga_service_account', 'GA Service Account', { screen: 'resource:config-ga_service_account' }),
      leaf('/adminAccount/config_data/team', 'Team', { screen: 'resource:teams' }),
      leaf('/adminAccount/config_data/alert_iaa', 'Alert IAA', { screen: 'resource:config-alert_iaa' }),
    ]),
    leaf('/adminAccount/accountLog', 'Account Log'),
    leaf('/adminAccount/apiLog', 'Api Log Tracking'),
    leaf('/adminAccount/check_sdk', 'Check SDK', help('Verifying an SDK integration', 'sdk/verify')),
  ], { roles: STAT_ROLES }),
  group('/app_data', 'App Data', 'pi pi-mobile', [
    leaf('/app_data/index', 'App Manager'),
    leaf('/app_data/sdk_version', 'SDK Version', { hidden: true }),
  ], { roles: STAT_ROLES }),
  leaf('/job_schedule/index', 'Job Schedule', { icon: 'pi pi-clock', screen: 'resource:jobs' }),
  group('/gsm', 'Game Statistic', 'pi pi-chart-bar', [
    group('/gsm/analytic', 'Analytic', 'pi pi-chart-line', [
      leaf('/gsm/analytic/main_data', 'Main Data', { ...help('Metric definitions', 'analytics/main-data'), screen: 'report:mainData' }),
      leaf('/gsm/analytic/cvr', 'CVR', { screen: 'report:cvr' }),
      leaf('/gsm/analytic/app_measurement', 'App Measurement', { screen: 'report:appMeasurement' }),
      leaf('/gsm/analytic/measurement', 'Measurement', { screen: 'report:measurement' }),
      leaf('/gsm/analytic/levelRetention', 'Level Retention', { ...help('Level retention explained', 'analytics/level-retention'), screen: 'report:levelRetention' }),
      leaf('/gsm/analytic/level', 'Level', { ...help('Level metrics', 'analytics/level'), screen: 'report:level' }),
      leaf('/gsm/analytic/levelMiniGame', 'Level MiniGame', { ...help('Level metrics', 'analytics/level'), screen: 'report:levelMiniGame' }),
      leaf('/gsm/analytic/taskQuest', 'Task Quest', { screen: 'report:taskQuest' }),
      leaf('/gsm/analytic/adviewOverview', 'Adview Overview', { screen: 'report:adviewOverview' }),
      leaf('/gsm/analytic/adview', 'Adview', { screen: 'report:adview' }),
      leaf('/gsm/analytic/inappOverview', 'Inapp Overview', { screen: 'report:inappOverview' }),
      leaf('/gsm/analytic/inapp', 'Inapp', { screen: 'report:inapp' }),
      leaf('/gsm/analytic/firstIap', 'First IAP', { screen: 'report:firstIap' }),
      leaf('/gsm/analytic/resourceOverview', 'Resource Overview', { screen: 'report:resourceOverview' }),
      leaf('/gsm/analytic/resourceEarn', 'Resource Earn', { screen: 'report:resourceEarn' }),
      leaf('/gsm/analytic/resourceSpend', 'Resource Spend', { screen: 'report:resourceSpend' }),
      leaf('/gsm/analytic/funnel', 'Funnel', { screen: 'report:funnel' }),
      leaf('/gsm/analytic/subscription', 'Subscription', { screen: 'report:subscription' }),
      leaf('/gsm/analytic/adsImpression', 'Ads Impression', { screen: 'report:adsImpression' }),
      group('/gsm/analytic/counter', 'Counter', 'pi pi-sort-numeric-up', [
        leaf('/gsm/analytic/counter/vertical', 'Counter Vertical', { screen: 'report:counterVertical' }),
        leaf('/gsm/analytic/counter/horizontal', 'Counter Horizontal', { screen: 'report:counterHorizontal' }),
      ]),
    ], { roles: STAT_ROLES }),
    group('/gsm/history', 'History', 'pi pi-history', [
      leaf('/gsm/history/level', 'Level Log', { screen: 'history:level' }),
      leaf('/gsm/history/miniGameLevel', 'MiniGame Level Log', { screen: 'history:miniGameLevel' }),
      leaf('/gsm/history/taskQuest', 'Task Quest Log', { screen: 'history:taskQuest' }),
      leaf('/gsm/history/adsLog', 'Ads Log', { screen: 'history:adsLog' }),
      leaf('/gsm/history/iapLog', 'IAP Log', { screen: 'history:iapLog' }),
      leaf('/gsm/history/resource', 'Resource Log', { screen: 'history:resource' }),
      leaf('/gsm/history/adImpression', 'Ad Impression Log', { screen: 'history:adImpression' }),
      leaf('/gsm/history/counterLog', 'Counter Log', { screen: 'history:counterLog' }),
      leaf('/gsm/history/funnel', 'Funnel Log', { screen: 'history:funnel' }),
    ], { roles: STAT_ROLES }),
    group('/gsm/cohort', 'Cohort', 'pi pi-table', [
      leaf('/gsm/cohort/retention', 'Retention', { ...help('Retention definition', 'analytics/retention'), screen: 'report:retention' }),
      leaf('/gsm/cohort/cohortEng', 'Rev/Eng.user', { screen: 'report:cohortEng' }),
      leaf('/gsm/cohort/cohort', 'Rev/user', { screen: 'report:cohort' }),
      leaf('/gsm/cohort/avgTime', 'Avg Time', { screen: 'report:avgTime' }),
      leaf('/gsm/cohort/session', 'Session', { screen: 'report:session' }),
      leaf('/gsm/cohort/impr', 'Impression', { screen: 'report:impr' }),
      leaf('/gsm/cohort/level', 'Level', { screen: 'report:cohortLevel' }),
    ], { roles: STAT_ROLES }),
    leaf('/gsm/stuck_game', 'Stuck Game', { icon: 'pi pi-exclamation-triangle', roles: STAT_ROLES, screen: 'report:stuckGame' }),
    group('/gsm/a_b_test', 'A/B Test', 'pi pi-sliders-h', [
      leaf('/gsm/a_b_test/retention_report', 'A/B Retention Report', { screen: 'report:abRetention' }),
      leaf('/gsm/a_b_test/other', 'A/B Other Metrics', { screen: 'report:abOther' }),
      // Not in the spec's list: where experiments are created, started and stopped (docs/decisions.md).
      leaf('/gsm/a_b_test/manager', 'A/B Experiments', { screen: 'resource:experiments' }),
    ], { roles: STAT_ROLES }),
    group('/gsm/users', 'Find User', 'pi pi-search', [
      leaf('/gsm/users/iap_request_log', 'IAP Request Log'),
      leaf('/gsm/users/find_user', 'Find User'),
      group('/gsm/users/find_user_firebase', 'Find User Firebase', 'pi pi-database', [
        leaf('/gsm/users/find_user_firebase/view', 'View User Data'),
        leaf('/gsm/users/find_user_firebase/update', 'Update User Data'),
      ]),
    ], { roles: FIND_USER_ROLES }),
  ]),
  leaf('/statistic/iapLog', 'IAP Log', { icon: 'pi pi-receipt', hidden: true, roles: STAT_ROLES }),
  group('/test', 'Test', 'pi pi-check-square', [
    leaf('/test/testing', 'Testing'),
    leaf('/test/adsImpression', 'Test Ads Impression'),
    leaf('/test/IAP', 'Test IAP'),
    leaf('/test/sendEvent', 'Send Event'),
    leaf('/test/logic', 'Test Logic'),
  ]),
  group('/ads_in_house', 'Ads In House', 'pi pi-images', [
    leaf('/ads_in_house/overview/index', 'Overview', { screen: 'report:houseAdOverview' }),
    leaf('/ads_in_house/setting', 'Setting', { screen: 'resource:house-settings' }),
    group('/ads_in_house/campaign', 'Campaign', 'pi pi-flag', [
      leaf('/ads_in_house/campaign/create', 'Create Campaign', { noCache: true }),
      leaf('/ads_in_house/campaign/manager', 'Campaign Manager', { screen: 'resource:house-campaigns' }),
    ]),
    group('/ads_in_house/app', 'Ad Apps', 'pi pi-th-large', [
      leaf('/ads_in_house/app/index', 'Published Apps', { screen: 'resource:house-publishers' }),
      leaf('/ads_in_house/app/unpublish', 'Unpublished Apps', { screen: 'resource:house-unpublished' }),
    ]),
    group('/ads_in_house/report', 'Report', 'pi pi-file', [
      leaf('/ads_in_house/report/advertiser', 'Advertiser Report', { screen: 'report:houseAdAdvertiser' }),
      leaf('/ads_in_house/report/publisher', 'Publisher Report', { screen: 'report:houseAdPublisher' }),
      leaf('/ads_in_house/report/campaign', 'Campaign Report', { screen: 'report:houseAdCampaign' }),
    ]),
    leaf('/ads_in_house/compare', 'Compare', { screen: 'report:houseAdCompare' }),
  ]),
  group('/games', 'Games', 'pi pi-trophy', [
    group('/games/ranking_event', 'Ranking Event', 'pi pi-sort-amount-up', [
      leaf('/games/ranking_event/template', 'Ranking Template', { screen: 'resource:live-templates-ranking' }),
      leaf('/games/ranking_event/event', 'Ranking Events', { screen: 'resource:live-events-ranking' }),
    ]),
    group('/games/progress_event', 'Progress Event', 'pi pi-percentage', [
      leaf('/games/progress_event/dashboard', 'Progress Dashboard', { screen: 'report:progressDashboard' }),
      leaf('/games/progress_event/event', 'Progress Events', { screen: 'resource:progress-events' }),
    ]),
    group('/games/exp_ranking_event', 'Exp Ranking Event', 'pi pi-star', [leaf('/games/exp_ranking_event/event', 'Exp Ranking Events', { screen: 'resource:live-events-exp' })]),
    group('/games/leaderboard_season', 'Leaderboard Season', 'pi pi-list', [
      leaf('/games/leaderboard_season/template', 'Season Template', { screen: 'resource:live-templates-season' }),
      leaf('/games/leaderboard_season/event', 'Seasons', { screen: 'resource:live-events-season' }),
    ]),
    group('/games/gift_code', 'Gift Code', 'pi pi-gift', [
      leaf('/games/gift_code/manager', 'Gift Code Manager', { screen: 'resource:gift-campaigns' }),
      leaf('/games/gift_code/used_logs', 'Gift Code Used Logs', { screen: 'resource:gift-used-logs' }),
    ]),
    group('/games/mail', 'Mail', 'pi pi-envelope', [leaf('/games/mail/mailBox', 'Mail Box')]),
    group('/games/notification', 'Notification', 'pi pi-bell', [leaf('/games/notification/push', 'Push Notification')]),
  ]),
  group('/finance', 'Finance', 'pi pi-dollar', [
    group('/finance/statistic', 'Statistic', 'pi pi-chart-pie', [
      leaf('/finance/statistic/index', 'Finance Statistic', { note: 'finance-refresh', ...help('Finance figures and refresh times', 'finance/statistic'), screen: 'report:financeStatistic' }),
    ]),
    leaf('/finance/statistic2', 'Compare Version', { note: 'reference-only', screen: 'report:financeCompare' }),
    leaf('/finance/statistic_mkt', 'Statistic MKT', { screen: 'report:financeMkt' }),
    leaf('/finance/app_detail', 'App Detail', { screen: 'report:financeAppDetail' }),
    leaf('/finance/overview', 'Overview', { screen: 'report:financeOverview' }),
    leaf('/finance/revenue', 'Revenue', { note: 'finance-refresh', screen: 'report:financeRevenue' }),
    leaf('/finance/reconciliation', 'Revenue reconciliation', { screen: 'report:financeReconciliation' }),
    leaf('/finance/reportMonth', 'Report Month'),
    leaf('/finance/reportYear', 'Report Year'),
    group('/finance/import', 'Import', 'pi pi-upload', [
      group('/finance/import/uploadExcel', 'Upload Excel', 'pi pi-file-excel', [
        leaf('/finance/import/uploadExcel/importIAA', 'Import IAA'),
        leaf('/finance/import/uploadExcel/importCost', 'Import Cost'),
      ]),
      leaf('/finance/import/studio', 'Import Studio'),
      leaf('/finance/import/admob', 'Import AdMob', { noCache: true }),
    ]),
  ]),
  leaf('/aws/index', 'AWS S3', { icon: 'pi pi-cloud' }),
  group('/utils', 'Utils', 'pi pi-wrench', [
    leaf('/utils/excelToJson', 'Excel To Json'),
    leaf('/utils/jsonToExcel', 'Json To Excel'),
    leaf('/utils/test', 'Utils Test'),
  ]),
  group('/hcns', 'HCNS', 'pi pi-briefcase', [
    leaf('/hcns/worklog', 'Worklog'),
    leaf('/hcns/worklogByTeam', 'Worklog By Team'),
  ]),
  leaf('/research/index', 'Research', { icon: 'pi pi-compass', screen: 'resource:research' }),
];

/** Routes rendered outside the main layout (spec section 2). */
export const outsideLayoutPaths = ['/login', '/auth-redirect', '/404', '/401', '/profile/changePassword'] as const;

/** Reachable by every signed-in account whatever its permission list says. */
export const alwaysReachablePaths = [
  '/redirect',
  '/login',
  '/auth-redirect',
  '/404',
  '/401',
  '/profile/changePassword',
  '/statistic/iapLog',
  '/post/index',
  // Each account sees the alerts of the apps it may see (src/lib/alerts/service.ts).
  '/alerts/index',
  '/app_data/sdk_version',
] as const;

export const ADMOB_IMPORT_PATH = '/finance/import/admob';

export interface FlatRoute extends Omit<RouteNode, 'children'> {
  /** Titles from the top group down to this route, for the breadcrumb. */
  trail: { path: string; title: string }[];
  isGroup: boolean;
}

function flatten(nodes: RouteNode[], trail: { path: string; title: string }[] = []): FlatRoute[] {
  return nodes.flatMap((node) => {
    const { children, ...meta } = node;
    const here = [...trail, { path: node.path, title: node.title }];
    const self: FlatRoute = { ...meta, trail: here, isGroup: Boolean(children) };
    return children ? [self, ...flatten(children, here)] : [self];
  });
}

/** Every node of the table, groups included, in table order. */
export const allRoutes: FlatRoute[] = flatten(routeTable);
/** Leaf routes: the pages. */
export const pageRoutes: FlatRoute[] = allRoutes.filter((r) => !r.isGroup);

const byPath = new Map(allRoutes.map((r) => [r.path, r]));

export function findRoute(path: string): FlatRoute | undefined {
  return byPath.get(normalizePath(path));
}

export function normalizePath(path: string): string {
  const clean = path.split(/[?#]/)[0] || '/';
  return clean.length > 1 ? clean.replace(/\/+$/, '') : clean;
}

/** Whether the account's permission list (plus the always-reachable list) lets it open a path. */
export function isPathPermitted(path: string, account: { role: string; paths: readonly string[] }): boolean {
  if (account.role === 'root') return true;
  const p = normalizePath(path);
  if (alwaysReachablePaths.some((a) => p === a || p.startsWith(`${a}/`))) return true;
  return account.paths.includes(p);
}

/** Menu entries every signed-in account gets: the always-reachable routes the menu shows (the board). */
const alwaysInMenu: ReadonlySet<string> = new Set(
  alwaysReachablePaths.filter((path) => {
    const route = byPath.get(path);
    return route !== undefined && !route.isGroup && !route.hidden;
  }),
);

/**
 * Route generation (the sidebar): root gets the whole table; others get the leaves in their permission
 * list plus the always-reachable ones the menu shows (the spec's "always reachable once signed in": a
 * screen one may open should also be one the menu offers), and a group stays only if one of its children
 * stays. Hidden always-reachable routes (IAP log, SDK version) stay out: the menu never shows hidden ones,
 * and adding them would leave their groups empty.
 */
export function routesForAccount(account: { role: string; paths: readonly string[] }): RouteNode[] {
  if (account.role === 'root') return routeTable;
  const allowed = new Set([...account.paths, ...alwaysInMenu]);
  const keep = (nodes: RouteNode[]): RouteNode[] =>
    nodes.flatMap((node) => {
      if (!node.children) return allowed.has(node.path) ? [node] : [];
      const children = keep(node.children);
      return children.length ? [{ ...node, children }] : [];
    });
  return keep(routeTable);
}

/** The first leaf below a group that the account may open (groups are not pages). */
export function firstLeafOf(path: string, account: { role: string; paths: readonly string[] }): string | undefined {
  const prefix = `${normalizePath(path)}/`;
  return pageRoutes.find((r) => r.path.startsWith(prefix) && !r.hidden && isPathPermitted(r.path, account))?.path;
}

/** Page notes shown in the top bar (spec section 1). */
export const PAGE_NOTES: Record<PageNote, string> = {
  'finance-refresh': 'Data updates 5 times a day at 8:30, 9:10, 10:30, 13:30 and 17:00 (UTC+7).',
  'reference-only': 'The data on this page is for reference only.',
};
