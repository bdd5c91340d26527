import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingest } from './game-players';
import { createAccountContract } from '../../src/lib/accounts/contract';
import { acknowledgeAlertsContract, countAlertsContract, listAlertsContract, testAlertRuleContract } from '../../src/lib/alerts/contract';
import { rollupNowContract } from '../../src/lib/analytics/contract';
import { appDetailContract, createAppContract } from '../../src/lib/apps/contract';
import { configContracts } from '../../src/lib/config-data/contract';
import { detailUpdateContract } from '../../src/lib/finance/correction-contract';
import { createRequester, type ApiError, type Requester } from '../../src/lib/http/requester';
import { jobRunsContract, listJobsContract, runJobContract, updateJobContract } from '../../src/lib/jobs/contract';
import { saveRoleContract } from '../../src/lib/roles/contract';
import { nowMs } from '../../src/lib/time/clock';
import { addDays, dayStart, reportDay } from '../../src/lib/time/day';
import { startSmtpStandIn, startWebhookReceiver, subjectOf } from '../support/alert-stand-ins';
import { scratchDatabase, startServer } from '../support/own-server';
import { DEMO_PASSWORD } from '../support/test-server';
import { formatDay } from '../../src/lib/time/format';

/**
 * Revenue alerts end to end (issue 39 point 1; docs/metrics.md "Revenue alerts"): a console server of this
 * file's own (its SMTP_URL points at a local smtp-server stand-in, webhooks at a local HTTP receiver; the
 * scheduler is off and alert_evaluate is run by hand; on PostgreSQL when TEST_DATABASE_URL is set). Apps of
 * the file's own get SDK ad revenue on yesterday and the day before; the figures below are what was sent.
 */

let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
let hooks: Awaited<ReturnType<typeof startWebhookReceiver>>;
let server: Awaited<ReturnType<typeof startServer>>;
let dataDir: string | null = null;
let pgUrl: string | null = null;
let root: Requester;
let viewer: Requester;
let outsider: Requester;

const stamp = Date.now().toString(36);
const APP1 = `com.alerts.a${stamp}`;
const APP2 = `com.alerts.b${stamp}`;
const D = addDays(reportDay(nowMs()), -1);
/** D as the console writes a day (DD-MM-YYYY) in messages, job history and the activity line. */
const DD = formatDay(D);
const P = addDays(D, -1);
const rules: Record<'drop' | 'big' | 'flaky', number> = { drop: 0, big: 0, flaky: 0 };

const reject = (promise: Promise<unknown>) => promise.then(() => { throw new Error('expected a rejection'); }, (error: ApiError) => error);

async function signIn(username: string, password: string): Promise<Requester> {
  const answer = await fetch(`${server.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  const token = ((await answer.json()) as { data: { accessToken: string } }).data.accessToken;
  return createRequester({ baseUrl: server.baseUrl, headers: { authorization: `Bearer ${token}` } });
}

async function account(name: string, listApp: string[]): Promise<Requester> {
  const username = `${name}-${stamp}`;
  await root(saveRoleContract, { name: username, description: 'alerts test', paths: ['/adminAccount/config_data/alert_iaa'], privateActions: [] });
  await root(createAccountContract, { username, role: username, password: `${username}-passphrase`, listApp, canViewAllApp: false });
  return signIn(username, `${username}-passphrase`);
}

async function app(id: string): Promise<string> {
  await root(createAppContract, { id, name: `Alerts ${id}`, os: [{ os: 1, packageId: `${id}.android` }] });
  return (await root(appDetailContract, { appId: id })).data.os[0]!.sdkAppKey;
}

let seq = 0;
/** Ad impressions worth `usd` dollars in all on the day, from one player (SDK ad revenue, USD micros). */
async function adRevenue(key: string, day: string, ...micros: number[]) {
  const at = dayStart(day) + 12 * 3_600_000;
  const user = `alert-player-${day}`;
  const events = [
    { id: `al-${stamp}-${++seq}`, name: 'first_open', userId: user, time: at, appVersion: '1.0', country: 'VN', params: {} },
    ...micros.map((m, i) => ({
      id: `al-${stamp}-${++seq}`, name: 'ad_impression', userId: user, time: at + (i + 1) * 1000, appVersion: '1.0', country: 'VN',
      params: { format: 'rewarded', network: 'admob', placement: 'continue', revenueUsdMicros: m },
    })),
  ];
  const response = await ingest(key, events, { legacy: true, base: server.baseUrl });
  expect(response.status).toBe(200);
}

async function rollUp() {
  for (let i = 0; i < 60 && (await root(rollupNowContract, { budgetMs: 10_000 })).data.pending > 0; i++);
}

/** Runs alert_evaluate by hand and answers the line its run wrote into the job history. */
async function evaluate(): Promise<string> {
  const run = await root(runJobContract, { name: 'alert_evaluate' });
  expect(run.data.status).toBe('success');
  const runs = await root(jobRunsContract, { name: 'alert_evaluate', page: 1, limit: 1 });
  return runs.data[0]!.result!;
}

let key1: string;
beforeAll(async () => {
  [smtp, hooks] = await Promise.all([startSmtpStandIn(), startWebhookReceiver()]);
  const pg = process.env.TEST_DATABASE_URL;
  if (pg) pgUrl = await scratchDatabase(pg, 'alertsrv');
  else dataDir = mkdtempSync(join(tmpdir(), 'alerts-test-'));
  server = await startServer({
    SMTP_URL: smtp.url,
    SMTP_FROM: 'alerts@gsm.test',
    CONSOLE_URL: 'http://console.test',
    WEBHOOK_TIMEOUT_MS: '2000',
    ALERT_RETRY_BASE_MS: '0',
    SCHEDULER: 'off',
    DEMO_TELEMETRY: '0',
    ...(pgUrl ? { DATABASE_URL: pgUrl } : { DATA_DIR: dataDir! }),
  });
  root = await signIn('root', DEMO_PASSWORD);
  key1 = await app(APP1);
  const key2 = await app(APP2);
  viewer = await account('alert-viewer', [APP1]);
  outsider = await account('alert-outsider', []);
  await adRevenue(key1, P, 60_000_000, 40_000_000);
  await adRevenue(key1, D, 60_000_000);
  await adRevenue(key2, P, 80_000_000);
  await adRevenue(key2, D, 20_000_000);
  await rollUp();
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
  await hooks?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const alertIaa = configContracts.alert_iaa;

describe('revenue alerts', () => {
  it('stores a rule with its webhook sealed: the answer shows the host only', async () => {
    const drop = await root(alertIaa.save, {
      scope: APP1,
      data: { name: 'Ads drop', comparedTo: 'previous_day', dropPercent: 30, minRevenueUsd: 50, recipients: ['ops@studio.test', 'root'], webhookUrl: `${hooks.base}/hook/T0KEN-abcd` },
    });
    expect(drop.data.data).toEqual({ name: 'Ads drop', source: 'sdk', comparedTo: 'previous_day', dropPercent: 30, minRevenueUsd: 50, recipients: ['ops@studio.test', 'root'], enabled: true, webhook: `${hooks.host}/…abcd` });
    expect(drop.data.hasSecret).toBe(true);
    rules.drop = drop.data.id;
    rules.big = (await root(alertIaa.save, { scope: APP1, data: { name: 'Big only', comparedTo: 'previous_day', dropPercent: 30, minRevenueUsd: 1000, recipients: ['big@studio.test'] } })).data.id;
    rules.flaky = (await root(alertIaa.save, { scope: APP2, data: { name: 'Flaky', comparedTo: 'previous_day', dropPercent: 50, recipients: ['root'], webhookUrl: `${hooks.base}/flaky/x-9z9z` } })).data.id;
    const bad = await reject(root(alertIaa.save, { scope: APP1, data: { name: 'Bad', comparedTo: 'previous_day', dropPercent: 30, recipients: ['a@b.c'], webhookUrl: 'ftp://files.example.com/x' } }));
    expect(bad.status).toBe(400);
    expect(bad.message).toContain('data.webhookUrl: must be an http(s) URL');
    const listed = JSON.stringify((await root(alertIaa.list, {})).data);
    expect(listed).not.toContain('T0KEN');
    expect(listed).not.toContain('x-9z9z');
  });

  it('"Test this alert" says what the rule would do now, recording and sending nothing', async () => {
    const test = await root(testAlertRuleContract, { id: rules.drop });
    expect(test.data).toMatchObject({
      day: D, figures: [{ day: P, micros: 100_000_000 }, { day: D, micros: 60_000_000 }], currentMicros: 60_000_000, baselineMicros: 100_000_000, dropTenths: 400,
      fires: true, outcome: 'fire', reason: '60.00 USD against 100.00 USD: dropped 40.0 %, threshold 30 %',
      message: `SDK ad revenue of Alerts ${APP1} (${APP1}) on ${DD}: 60.00 USD against 100.00 USD for the previous day, 40.0 % below (alert at a 30 % drop).`,
      link: `/gsm/analytic/main_data?apps=${encodeURIComponent(APP1)}&from=${P}&to=${D}`,
    });
    expect(test.data.document.title).toBe('Test of "Ads drop": drop 40.0 %');
    const big = await root(testAlertRuleContract, { id: rules.big });
    expect(big.data).toMatchObject({ fires: false, outcome: 'none', reason: 'baseline 100.00 USD is below the minimum revenue 1,000.00 USD' });
    expect((await root(listAlertsContract, {})).data).toEqual([]);
    expect(smtp.mails).toEqual([]);
    expect(hooks.received).toEqual([]);
  });

  it('fires once per rule, app and day: e-mail and webhook delivered, a failing webhook retried and visible', async () => {
    hooks.failNext('/flaky/x-9z9z', 503);
    expect(await evaluate()).toBe(`evaluated 3 alert rule(s) on ${DD}: fired 2 "Ads drop" (${APP1}), "Flaky" (${APP2}); recovered 0; deliveries sent 2, retrying 1, failed 0`);
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]!.from).toBe('alerts@gsm.test');
    expect(smtp.mails[0]!.to).toEqual(['ops@studio.test']);
    expect(subjectOf(smtp.mails[0]!.raw)).toBe(`Ad revenue alert "Ads drop": Alerts ${APP1} dropped 40.0 % on ${DD}`);
    expect(hooks.received.map((h) => h.path)).toEqual(['/hook/T0KEN-abcd']);
    expect(hooks.received[0]!.body.text).toBe(
      `Ad revenue alert "Ads drop": Alerts ${APP1} dropped 40.0 % on ${DD}\nSDK ad revenue of Alerts ${APP1} (${APP1}) on ${DD}: 60.00 USD against 100.00 USD for the previous day, 40.0 % below (alert at a 30 % drop). http://console.test/gsm/analytic/main_data?apps=${encodeURIComponent(APP1)}&from=${P}&to=${D}`,
    );
    const list = (await root(listAlertsContract, {})).data;
    expect(list.map((a) => [a.ruleName, a.kind, a.day, a.currentMicros, a.baselineMicros, a.dropTenths])).toEqual([
      ['Flaky', 'fired', D, 20_000_000, 80_000_000, 750],
      ['Ads drop', 'fired', D, 60_000_000, 100_000_000, 400],
    ]);
    const flaky = list.find((a) => a.ruleName === 'Flaky')!;
    expect(flaky.deliveries).toEqual([{ channel: 'webhook', target: `${hooks.host}/…9z9z`, status: 'pending', attempts: 1, lastError: `${hooks.host}/…9z9z answered HTTP 503`, nextAttemptAt: expect.any(String), sentAt: null }]);
    expect(list.find((a) => a.ruleName === 'Ads drop')!.deliveries.map((d) => [d.channel, d.target, d.status, d.attempts])).toEqual([
      ['email', 'ops@studio.test', 'sent', 1],
      ['webhook', `${hooks.host}/…abcd`, 'sent', 1],
    ]);
    expect(JSON.stringify(list)).not.toContain('x-9z9z/');

    // A re-run fires nothing again; the failed webhook is retried (ALERT_RETRY_BASE_MS=0 here) and now goes.
    expect(await evaluate()).toBe(`evaluated 3 alert rule(s) on ${DD}: fired 0; recovered 0; deliveries sent 1, retrying 0, failed 0`);
    expect(smtp.mails).toHaveLength(1);
    expect(hooks.received.map((h) => h.path)).toEqual(['/hook/T0KEN-abcd', '/flaky/x-9z9z']);
    const retried = (await root(listAlertsContract, {})).data.find((a) => a.ruleName === 'Flaky')!.deliveries[0]!;
    expect([retried.status, retried.attempts, retried.lastError]).toEqual(['sent', 2, null]);
    expect((await root(listAlertsContract, {})).totalRecord).toBe(2);

    const rows = (await root(alertIaa.list, { scope: APP1 })).data;
    expect(rows.find((r) => r.id === rules.drop)!.activity).toMatch(new RegExp(`^fired (just now|\\d+ minutes? ago) \\(for ${DD}\\)$`));
    expect(rows.find((r) => r.id === rules.big)!.activity).toBeNull();
  });

  it('recovers ("back to normal") when the drop ends, once', async () => {
    await adRevenue(key1, D, 40_000_000);
    await rollUp();
    expect(await evaluate()).toBe(`evaluated 3 alert rule(s) on ${DD}: fired 0; recovered 1 "Ads drop" (${APP1}); deliveries sent 2, retrying 0, failed 0`);
    expect(subjectOf(smtp.mails[1]!.raw)).toBe(`Back to normal "Ads drop": Alerts ${APP1} on ${DD}`);
    expect(hooks.received.at(-1)!.body.text.split('\n')[0]).toBe(`Back to normal "Ads drop": Alerts ${APP1} on ${DD}`);
    expect(await evaluate()).toBe(`evaluated 3 alert rule(s) on ${DD}: fired 0; recovered 0; deliveries sent 0, retrying 0, failed 0`);
    expect(smtp.mails).toHaveLength(2);
    const recovered = (await root(listAlertsContract, {})).data[0]!;
    expect([recovered.kind, recovered.ruleName, recovered.currentMicros, recovered.baselineMicros, recovered.dropTenths]).toEqual(['recovered', 'Ads drop', 100_000_000, 100_000_000, 0]);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('fires once when four evaluations run at once on PostgreSQL', async () => {
    const app3 = `com.alerts.c${stamp}`;
    const key3 = await app(app3);
    await adRevenue(key3, P, 50_000_000);
    await adRevenue(key3, D, 10_000_000);
    await rollUp();
    await root(alertIaa.save, { scope: app3, data: { name: 'Parallel', comparedTo: 'previous_day', dropPercent: 30, recipients: ['par@studio.test'] } });
    // Four evaluators in this process, each with connections of its own, on the server's database: only the
    // unique key and the outbox's row claims keep them from firing or mailing twice.
    process.env.SMTP_URL = smtp.url;
    process.env.SMTP_FROM = 'alerts@gsm.test';
    const { openPostgres } = await import('../../src/lib/server/db/open');
    const { evaluateAlerts } = await import('../../src/lib/alerts/evaluate');
    const dbs = await Promise.all([1, 2, 3, 4].map(() => openPostgres(pgUrl!, { poolSize: 2, listen: false })));
    try {
      const results = await Promise.all(dbs.map((db) => evaluateAlerts(db, { day: D })));
      expect(results.flatMap((r) => r.fired)).toEqual([`"Parallel" (${app3})`]);
      expect(results.reduce((n, r) => n + r.deliveries.sent, 0)).toBe(1);
    } finally {
      await Promise.all(dbs.map((db) => db.close()));
    }
    expect(smtp.mails.filter((m) => m.to.includes('par@studio.test'))).toHaveLength(1);
    expect((await root(listAlertsContract, {})).data.filter((a) => a.appId === app3).map((a) => [a.kind, a.deliveries.map((d) => [d.status, d.attempts])])).toEqual([['fired', [['sent', 1]]]]);
  });

  it('shows each account only the alerts of apps it may see, acknowledged per account', async () => {
    const seen = (await viewer(listAlertsContract, {})).data;
    expect(seen.map((a) => [a.appId, a.kind])).toEqual([[APP1, 'recovered'], [APP1, 'fired']]);
    expect((await viewer(countAlertsContract, {})).data).toBe(2);
    expect((await viewer(acknowledgeAlertsContract, { ids: [seen[1]!.id] })).data).toEqual({ acknowledged: 1 });
    expect((await viewer(countAlertsContract, {})).data).toBe(1);
    expect((await viewer(listAlertsContract, { unacknowledged: 'true' })).data.map((a) => a.kind)).toEqual(['recovered']);
    const rootTotal = (await root(listAlertsContract, {})).totalRecord;
    expect((await root(countAlertsContract, {})).data).toBe(rootTotal);

    expect((await outsider(listAlertsContract, {})).data).toEqual([]);
    expect((await outsider(countAlertsContract, {})).data).toBe(0);
    const ack = await reject(outsider(acknowledgeAlertsContract, { ids: [seen[1]!.id] }));
    expect([ack.status, ack.message]).toEqual([404, `ids: alert ${seen[1]!.id} does not exist.`]);
    const test = await reject(outsider(testAlertRuleContract, { id: rules.drop }));
    expect(test.status).toBe(403);
    expect((await root(acknowledgeAlertsContract, { all: true })).data).toEqual({ acknowledged: rootTotal });
    expect((await root(countAlertsContract, {})).data).toBe(0);
    const both = await reject(root(acknowledgeAlertsContract, { ids: [1], all: true }));
    expect([both.status, both.message]).toEqual([400, expect.stringContaining('give either ids or all: true')]);
  });

  it('a finance rule reads finance ad revenue (corrections here) and links to the revenue reconciliation', async () => {
    await root(detailUpdateContract, { appId: APP2, day: P, os: 1, kind: 'ads', name: 'AdMob', amount: 200, currency: 'USD', reason: 'network report' });
    await root(detailUpdateContract, { appId: APP2, day: D, os: 1, kind: 'ads', name: 'AdMob', amount: 150, currency: 'USD', reason: 'network report' });
    const id = (await root(alertIaa.save, { scope: APP2, data: { name: 'Finance ads', source: 'finance', comparedTo: 'previous_day', dropPercent: 20, recipients: ['fin@studio.test'] } })).data.id;
    const test = await root(testAlertRuleContract, { id });
    expect(test.data).toMatchObject({
      figures: [{ day: P, micros: 200_000_000 }, { day: D, micros: 150_000_000 }], dropTenths: 250, fires: true, outcome: 'fire',
      message: `Finance ad revenue of Alerts ${APP2} (${APP2}) on ${DD}: 150.00 USD against 200.00 USD for the previous day, 25.0 % below (alert at a 20 % drop).`,
      link: `/finance/reconciliation?apps=${encodeURIComponent(APP2)}&from=${P}&to=${D}`,
    });
  });

  it('a rollup run that rolled something up, and a finance refresh, bring the evaluation forward to now', async () => {
    const nextEvaluation = async () => Date.parse((await root(listJobsContract, {})).data.find((j) => j.name === 'alert_evaluate')!.nextRunAt!);
    // A schedule far away (1 January), so only a request can make the next run due now.
    const farAway = () => root(updateJobContract, { name: 'alert_evaluate', cron: '0 0 1 1 *', timeZone: 'Asia/Ho_Chi_Minh', enabled: true });
    await farAway();
    expect(await nextEvaluation()).toBeGreaterThan(Date.now() + 86_400_000);
    await adRevenue(key1, D, 1_000_000);
    await root(runJobContract, { name: 'analytics_rollup' });
    expect((await root(jobRunsContract, { name: 'analytics_rollup', page: 1, limit: 1 })).data[0]!.result).toMatch(/^rolled up [1-9]\d* app-day/);
    expect(await nextEvaluation()).toBeLessThanOrEqual(Date.now());
    await farAway();
    await root(runJobContract, { name: 'finance_refresh' });
    expect(await nextEvaluation()).toBeLessThanOrEqual(Date.now());
  });

  it('a webhook that does not answer within WEBHOOK_TIMEOUT_MS is a failed attempt, kept for a retry', async () => {
    const app4 = `com.alerts.d${stamp}`;
    const key4 = await app(app4);
    await adRevenue(key4, P, 10_000_000);
    await adRevenue(key4, D, 1_000_000);
    await rollUp();
    hooks.neverAnswer('/slow/s-1234');
    await root(alertIaa.save, { scope: app4, data: { name: 'Slow hook', comparedTo: 'previous_day', dropPercent: 30, recipients: ['root'], webhookUrl: `${hooks.base}/slow/s-1234` } });
    await root(runJobContract, { name: 'alert_evaluate' });
    const alert = (await root(listAlertsContract, {})).data.find((a) => a.appId === app4)!;
    expect(alert.deliveries.map((d) => [d.channel, d.status, d.attempts, d.lastError])).toEqual([['webhook', 'pending', 1, 'no answer within 2000 ms']]);
  });
});
