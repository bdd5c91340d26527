// `.ts` so that `npm run docs:roles` (plain Node) can import this module too.
import { pageRoutes } from '../../routes.ts';
import type { PrivateAction } from '../../permissions';

const under = (prefix: string) => pageRoutes.filter((r) => r.path.startsWith(prefix)).map((r) => r.path);

/** The game events proper (ranking, progress, exp ranking, seasons): /games without gift codes, mail and push. */
const gameEvents = ['/games/ranking_event/', '/games/progress_event/', '/games/exp_ranking_event/', '/games/leaderboard_season/'].flatMap(under);

export interface RoleSeed {
  name: string;
  description: string;
  paths: string[];
  privateActions: PrivateAction[];
}

/**
 * The studio's base roles with realistic permission sets; root needs no lists. What each holds and why is in
 * docs/decisions.md ("Demo roles"); the README's demo-account table is generated from these lists
 * (`npm run docs:roles`, checked by demo-roles-table.test.ts). The Notification Board is not listed: every
 * signed-in account has it (spec, "Always reachable once signed in").
 */
export const baseRoles: RoleSeed[] = [
  { name: 'root', description: 'Full access to every screen and action', paths: [], privateActions: [] },
  {
    name: 'admin',
    description: 'Live-ops and board administration',
    paths: ['/dashboard', '/aws/index', '/job_schedule/index', ...under('/gsm/users/'), ...under('/games/'), ...under('/ads_in_house/'), ...under('/test/'), '/hcns/worklog', '/research/index'],
    privateActions: ['push_notification_create', 'push_notification_edit', 'push_notification_delete', 'push_notification_pin', 'special_note_edit', 'live_event_edit', 'gift_code_edit', 'gift_code_export', 'mail_send', 'push_send', 'campaign_edit', 'job_run', 's3_edit', 'research_edit', 'user_data_update'],
  },
  {
    name: 'statistic',
    description: 'Analysts: dashboards, analytics, history and cohorts',
    paths: ['/dashboard', ...under('/gsm/analytic/'), ...under('/gsm/history/'), ...under('/gsm/cohort/'), '/gsm/stuck_game', ...under('/gsm/a_b_test/'), '/app_data/index', '/hcns/worklog', '/research/index'],
    privateActions: ['export_report', 'analytic_note_edit'],
  },
  {
    name: 'cache',
    description: 'Operations: apps, SDK checks and cache utilities',
    paths: ['/dashboard', '/app_data/index', '/adminAccount/check_sdk', '/gsm/analytic/main_data', ...under('/utils/'), '/aws/index', '/hcns/worklog'],
    privateActions: ['app_edit'],
  },
  {
    name: 'gamedesigner',
    description: 'Game designers: events, seasons and player lookups',
    paths: ['/dashboard', ...gameEvents, '/gsm/analytic/level', '/gsm/analytic/levelMiniGame', '/gsm/analytic/levelRetention', '/gsm/users/find_user', '/gsm/users/find_user_firebase/view', '/hcns/worklog', '/research/index'],
    privateActions: ['live_event_edit'],
  },
  {
    name: 'pm',
    description: 'Product managers: key reports, live-ops and board posts',
    paths: ['/dashboard', '/gsm/analytic/main_data', '/gsm/cohort/retention', '/finance/overview', '/finance/revenue', '/finance/reconciliation', ...under('/games/'), '/gsm/users/iap_request_log', '/gsm/users/find_user', '/gsm/users/find_user_firebase/view', ...under('/hcns/'), '/research/index'],
    privateActions: ['push_notification_create', 'push_notification_edit', 'export_report', 'push_send'],
  },
  {
    name: 'tester',
    description: 'QA: SDK test tools and player lookups',
    paths: [...under('/test/'), '/gsm/users/find_user', '/gsm/users/iap_request_log', ...under('/gsm/history/'), '/hcns/worklog'],
    privateActions: [],
  },
  {
    name: 'PO-Marketing',
    description: 'Marketing: revenue and UA cost, in-house ads and the special note',
    paths: ['/dashboard', '/finance/statistic/index', '/finance/statistic_mkt', '/finance/revenue', '/finance/reconciliation', '/finance/reportMonth', '/finance/import/uploadExcel/importCost', ...under('/ads_in_house/'), '/hcns/worklog', '/research/index'],
    privateActions: ['push_notification_create', 'push_notification_pin', 'special_note_edit', 'campaign_edit', 'export_report'],
  },
];

export const demoTeams = ['Puzzle Team', 'Casual Team', 'Idle Team'];

export const demoApps = [
  { id: 'com.gsm.blockpuzzle', name: 'Block Puzzle Legend', team: 'Puzzle Team' },
  { id: 'com.gsm.tilematch', name: 'Tile Match Garden', team: 'Puzzle Team' },
  { id: 'com.gsm.wordquest', name: 'Word Quest Journey', team: 'Casual Team' },
  { id: 'com.gsm.idleminer', name: 'Idle Miner Tycoon', team: 'Idle Team' },
];

/** Demo accounts: username, role, display name and what each may see beyond its role. */
export const demoAccounts = [
  { username: 'root', role: 'root', name: 'Root Administrator', listApp: [] as string[], canViewAllApp: true, followTeam: [] as string[] },
  { username: 'admin', role: 'admin', name: 'An Nguyen', listApp: [], canViewAllApp: true, followTeam: ['all'] },
  { username: 'analyst', role: 'statistic', name: 'Binh Tran', listApp: ['com.gsm.blockpuzzle', 'com.gsm.tilematch'], canViewAllApp: false, followTeam: ['Puzzle Team'] },
  { username: 'cache', role: 'cache', name: 'Chi Le', listApp: [], canViewAllApp: true, followTeam: ['all'] },
  { username: 'designer', role: 'gamedesigner', name: 'Dung Pham', listApp: ['com.gsm.wordquest'], canViewAllApp: false, followTeam: ['Casual Team'] },
  { username: 'pm', role: 'pm', name: 'Giang Vo', listApp: ['com.gsm.blockpuzzle', 'com.gsm.idleminer'], canViewAllApp: false, followTeam: ['Puzzle Team', 'Idle Team'] },
  { username: 'tester', role: 'tester', name: 'Hoa Dang', listApp: ['com.gsm.blockpuzzle'], canViewAllApp: false, followTeam: [] },
  { username: 'marketing', role: 'PO-Marketing', name: 'Khanh Bui', listApp: [], canViewAllApp: true, followTeam: ['all'] },
];

/** A few board posts so the bell, the board and the dashboard have something real to show. */
export const demoPosts = [
  { title: 'Release freeze for Block Puzzle Legend 2.4', body: '<p>No store submissions from <b>Friday 18:00</b> until QA signs off 2.4.</p>', type: 1, pinned: true },
  { title: 'Finance figures refresh 5 times a day', body: '<p>Revenue and finance statistic refresh at 8:30, 9:10, 10:30, 13:30 and 17:00 (UTC+7).</p>', type: 1, pinned: false },
  { title: 'New eCPM floors for rewarded ads', body: '<p>Rewarded floors were raised in US, JP and KR. Watch fill rate on the Ads dashboards this week.</p>', type: 2, pinned: false },
  { title: 'Welcome to GSM Console', body: '<p>Use <i>Ctrl+K</i> to search any screen. Ask an admin for access to more screens.</p>', type: 2, pinned: false },
];
