import { refreshAdmob } from '../finance/admob';
import { refreshFinance } from '../finance/refresh';
import { runRollupJob } from '../analytics/rollup';
import { pruneThrottle } from '../auth/throttle';
import { retryPending } from '../iap/verify';
import { transitionProgressEvents } from '../progress-events/service';
import { sendDueMails } from '../mail/service';
import { runPushSend } from '../push/send';
import { tunables } from '../server/config';
import { tickLiveEvents } from '../live-events/lifecycle';
import type { Db, Sql } from '../server/db';
import { describeMaintenance, maintainEmbedded } from '../server/db/maintenance';
import { messageOf } from '../error-message';
import { describeEvaluation, evaluateAlerts } from '../alerts/evaluate';

/**
 * Brings a job's next run forward to now, so the scheduler's next tick runs it (under its own claim, in its
 * own history): how the revenue alerts are evaluated after each rollup and finance refresh.
 */
async function requestRun(db: Sql, name: string): Promise<void> {
  await db.query('UPDATE jobs SET next_run_at = now() WHERE name = $1 AND enabled AND next_run_at > now()', [name]);
}

export interface JobDefinition {
  name: string;
  description: string;
  cron: string;
  timeZone: string;
  /** Does the work; answers a one-line summary for the run history. */
  run(db: Sql): Promise<string>;
}

/** The scheduler's jobs. Their schedule and enabled flag are editable on screen; the work is code. */
export const jobDefinitions: JobDefinition[] = [
  {
    name: 'api_log_retention',
    get description() {
      return `Deletes API log rows older than ${tunables().apiLogRetentionDays} days`;
    },
    cron: '0 3 * * *',
    timeZone: 'Asia/Ho_Chi_Minh',
    async run(db) {
      const days = tunables().apiLogRetentionDays;
      const rows = await db.query<{ id: number }>(`DELETE FROM api_log WHERE at < now() - make_interval(days => $1) RETURNING id`, [days]);
      return `deleted ${rows.length} API log row(s) older than ${days} days`;
    },
  },
  {
    name: 'session_cleanup',
    description: 'Deletes sessions that expired or were revoked more than 7 days ago',
    cron: '15 3 * * *',
    timeZone: 'Asia/Ho_Chi_Minh',
    async run(db) {
      const rows = await db.query<{ id: string }>(
        `DELETE FROM sessions WHERE expires_at < now() - interval '7 days' OR revoked_at < now() - interval '7 days' RETURNING id`,
      );
      // Sign-in throttle rows nobody touched for a day (unknown usernames a guesser tried) go with them.
      const throttled = await pruneThrottle(db);
      return `deleted ${rows.length} old session(s) and ${throttled} idle sign-in throttle row(s)`;
    },
  },
  {
    name: 'db_maintenance',
    description: 'Embedded database only: analyzes and vacuums the tables that changed, as PostgreSQL\'s autovacuum does',
    cron: '*/10 * * * *',
    timeZone: 'Asia/Ho_Chi_Minh',
    run: async (db) => describeMaintenance(await maintainEmbedded(db as Db)),
  },
  {
    name: 'analytics_rollup',
    description: 'Rolls up the game events that arrived since the last run into the daily analytics tables',
    cron: '* * * * *',
    timeZone: 'Asia/Ho_Chi_Minh',
    // The scheduler hands every job the database itself (execute() passes its Db). A round that rolled
    // something up may have changed yesterday's ad revenue: the alerts are evaluated after it.
    run: async (db) => {
      const summary = await runRollupJob(db as Db);
      if (!summary.startsWith('rolled up 0 ')) await requestRun(db, 'alert_evaluate');
      return summary;
    },
  },
  {
    name: 'iap_verify_retry',
    description: 'Asks the stores again about purchases left pending (store unreachable or slow), with backoff',
    cron: '* * * * *',
    timeZone: 'Asia/Ho_Chi_Minh',
    run: (db) => retryPending(db as Db),
  },
  {
    name: 'push_send',
    description: 'Sends the push notifications that are due through FCM (batched, throttled, retried on 429/5xx)',
    cron: '* * * * *',
    timeZone: 'Asia/Ho_Chi_Minh',
    run: (db) => runPushSend(db as Db),
  },
  {
    name: 'finance_refresh',
    description: 'Refreshes finance figures from the ad networks and stores (8:30, 9:10, 10:30, 13:30, 17:00 UTC+7)',
    cron: '30 8 * * *; 10 9 * * *; 30 10 * * *; 30 13 * * *; 0 17 * * *',
    timeZone: 'Asia/Ho_Chi_Minh',
    // Pulls the console's own IAP and ad revenue from analytics, then AdMob when an account is connected,
    // both idempotently (src/lib/finance/refresh.ts, admob.ts). AdMob failing fails the run, after the analytics part is kept.
    run: async (db) => {
      const analytics = (await refreshFinance(db as Db)).message;
      // Finance ad revenue changed (or may have): the alerts watching it are evaluated next, AdMob or not.
      await requestRun(db, 'alert_evaluate');
      try {
        const admob = await refreshAdmob(db as Db);
        return admob ? `${analytics}; ${admob}` : analytics;
      } catch (error) {
        throw new Error(`${analytics}; AdMob failed: ${messageOf(error)}`);
      }
    },
  },
  {
    name: 'alert_evaluate',
    description: 'Evaluates the revenue alerts (Config Data › Alert IAA) on yesterday\'s ad revenue and sends their e-mails and webhooks (retrying failed ones); also runs after each analytics rollup and finance refresh',
    cron: '*/5 * * * *',
    timeZone: 'Asia/Ho_Chi_Minh',
    run: async (db) => describeEvaluation(await evaluateAlerts(db as Db)),
  },
  {
    name: 'progress_event_status',
    description: 'Moves progress events to live at their start and to ended at their end (console clock)',
    cron: '* * * * *',
    timeZone: 'Asia/Ho_Chi_Minh',
    run: (db) => transitionProgressEvents(db),
  },
  {
    name: 'live_events',
    description: 'Moves live events scheduled → live → ended at their times, creates the next of a recurring one and runs reward runs (each player once)',
    cron: '* * * * *',
    timeZone: 'Asia/Ho_Chi_Minh',
    run: (db) => tickLiveEvents(db as Db),
  },
  {
    name: 'mail_send',
    description: 'Sends scheduled in-game mail whose send time has come',
    cron: '* * * * *',
    timeZone: 'Asia/Ho_Chi_Minh',
    run: (db) => sendDueMails(db),
  },
];
