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
    // The scheduler hands every job the database itself (execute() passes its Db).
    run: (db) => runRollupJob(db as Db),
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
      try {
        const admob = await refreshAdmob(db as Db);
        return admob ? `${analytics}; ${admob}` : analytics;
      } catch (error) {
        throw new Error(`${analytics}; AdMob failed: ${messageOf(error)}`);
      }
    },
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
