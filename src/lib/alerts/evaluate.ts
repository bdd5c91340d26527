import type { Db, Sql } from '../server/db';
import { tunables } from '../server/config';
import { addDays, reportDay } from '../time/day';
import { nowMs } from '../time/clock';
import { baselineDays, judge, type Verdict } from './compare';
import { adRevenueByDay, reportLink } from './figures';
import { emailRecipients, loadRules, type AlertRule } from './rules';
import { deliverDue, type DeliveryRound } from './deliver';
import { formatDay } from '../time/format';

/**
 * Evaluation of the revenue alerts (issue 39; docs/metrics.md "Revenue alerts"): every enabled alert_iaa rule
 * judges its app's last complete day (yesterday on the console's clock, UTC+7) against the rule's baseline.
 * A rule fires once per app, day and rule (alert_events' unique key decides, so a re-run or two evaluations at
 * once record it once), and recovers ("back to normal") at the first evaluation that finds no drop after it
 * fired. Whoever records an event queues its deliveries in the same transaction (the outbox), then sends
 * what is due.
 */

/** The day an evaluation judges: the last complete day on the console's clock. */
export const evaluationDay = (now = nowMs()) => addDays(reportDay(now), -1);

export interface RuleCheck {
  rule: AlertRule;
  day: string;
  verdict: Verdict;
  /** The baseline days' figures, oldest first, and the day's own (USD micros). */
  figures: { day: string; micros: number }[];
  link: string;
  /** The rule's last recorded event for the app: what a recovery needs to know. */
  lastEvent: { kind: 'fired' | 'recovered'; day: string } | null;
  /** What recording would do now: fire, recover, or nothing. */
  outcome: 'fire' | 'recover' | 'none';
  /** Why it would record nothing though the figures say fire (already fired for this day). */
  alreadyFired: boolean;
}

/** Judges one rule on one day, reading only (the "Test this alert" answer, and the evaluation's first step). */
export async function checkRule(db: Sql, rule: AlertRule, day: string): Promise<RuleCheck> {
  const base = baselineDays(day, rule.comparedTo);
  const byDay = await adRevenueByDay(db, rule.source, rule.appId, [...base, day]);
  const verdict = judge({
    currentMicros: byDay.get(day) ?? 0,
    baselineFigures: base.map((d) => byDay.get(d) ?? 0),
    dropPercent: rule.dropPercent,
    minRevenueMicros: Math.round(rule.minRevenueUsd * 1e6),
  });
  const [last, firedToday] = await Promise.all([
    db.one<{ kind: 'fired' | 'recovered'; day: string }>(
      'SELECT kind, day::text AS day FROM alert_events WHERE rule_id = $1 AND app_id = $2 ORDER BY day DESC, id DESC LIMIT 1',
      [rule.id, rule.appId],
    ),
    db.one<{ id: number }>(`SELECT id FROM alert_events WHERE rule_id = $1 AND app_id = $2 AND day = $3 AND kind = 'fired'`, [rule.id, rule.appId, day]),
  ]);
  const alreadyFired = verdict.fires && Boolean(firedToday);
  const outcome = verdict.fires ? (alreadyFired ? 'none' : 'fire') : last?.kind === 'fired' ? 'recover' : 'none';
  return {
    rule, day, verdict, link: reportLink(rule.source, rule.appId, base[0]!, day), lastEvent: last ?? null, outcome, alreadyFired,
    figures: [...base, day].map((d) => ({ day: d, micros: byDay.get(d) ?? 0 })),
  };
}

/** Records a fired or recovered event and queues its deliveries, once: a second recorder finds the key taken. */
async function record(db: Db, check: RuleCheck, kind: 'fired' | 'recovered'): Promise<boolean> {
  const { rule, verdict } = check;
  return db.transaction(async (tx) => {
    const row = await tx.one<{ id: number }>(
      // Stamped by the console's clock, which "fired 2 min ago" and the judged day are read on.
      `INSERT INTO alert_events (rule_id, rule_name, app_id, day, kind, source, compared_to, drop_threshold, current_micros, baseline_micros, drop_tenths, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       ON CONFLICT (rule_id, app_id, day, kind) DO NOTHING RETURNING id`,
      [rule.id, rule.name, rule.appId, check.day, kind, rule.source, rule.comparedTo, rule.dropPercent, verdict.currentMicros, verdict.baselineMicros, verdict.dropTenths, new Date(nowMs()).toISOString()],
    );
    if (!row) return false;
    const emails = emailRecipients(rule);
    if (emails.length) {
      const smtpOff = !tunables().alerts.smtpUrl;
      // Without SMTP_URL the e-mail cannot go: recorded as failed with the reason, so the list says why.
      await tx.query(
        `INSERT INTO alert_deliveries (alert_id, channel, target, status, last_error) VALUES ($1, 'email', $2, $3, $4)`,
        [row.id, emails.join(', '), smtpOff ? 'failed' : 'pending', smtpOff ? 'SMTP_URL is not set: alert e-mails are off' : null],
      );
    }
    if (rule.sealedWebhook) await tx.query(`INSERT INTO alert_deliveries (alert_id, channel, target) VALUES ($1, 'webhook', $2)`, [row.id, rule.webhook]);
    return true;
  });
}

export interface EvaluationSummary {
  day: string;
  evaluated: number;
  fired: string[];
  recovered: string[];
  deliveries: DeliveryRound;
}

export async function evaluateAlerts(db: Db, options: { day?: string } = {}): Promise<EvaluationSummary> {
  const day = options.day ?? evaluationDay();
  const rules = await loadRules(db);
  const summary: EvaluationSummary = { day, evaluated: rules.length, fired: [], recovered: [], deliveries: { sent: 0, failed: 0, retrying: 0 } };
  for (const rule of rules) {
    const check = await checkRule(db, rule, day);
    const label = `"${rule.name}" (${rule.appId})`;
    if (check.outcome === 'fire' && (await record(db, check, 'fired'))) summary.fired.push(label);
    if (check.outcome === 'recover' && (await record(db, check, 'recovered'))) summary.recovered.push(label);
  }
  summary.deliveries = await deliverDue(db);
  return summary;
}

/** The job history's line for an evaluation. */
export function describeEvaluation(s: EvaluationSummary): string {
  const list = (names: string[]) => (names.length ? ` ${names.join(', ')}` : '');
  const d = s.deliveries;
  return `evaluated ${s.evaluated} alert rule(s) on ${formatDay(s.day)}: fired ${s.fired.length}${list(s.fired)}; recovered ${s.recovered.length}${list(s.recovered)}; deliveries sent ${d.sent}, retrying ${d.retrying}, failed ${d.failed}`;
}
