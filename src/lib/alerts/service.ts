import type { SessionAccount } from '../auth/types';
import { mayViewApp, visibleAppCondition } from '../apps/service';
import type { Db, Sql } from '../server/db';
import { HttpError, notFound } from '../server/errors';
import { percentOfTenths } from './compare';
import type { AlertItem, RuleCheckAnswer } from './contract';
import { factsOf } from './deliver';
import { checkRule, evaluationDay } from './evaluate';
import { alertSentence, alertTitle, emailOf } from './message';
import { loadRules } from './rules';
import { formatUsd } from './compare';
import { tunables } from '../server/config';
import { nowMs } from '../time/clock';
import { formatDay, timeAgo } from '../time/format';

/** The console's side of the alerts: the list and the bell (alerts of the apps the account may see), acknowledgements per account, the rule test. */

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

type EventRow = {
  id: number; kind: 'fired' | 'recovered'; rule_id: number | null; rule_name: string; app_id: string; app_name: string | null; day: string; source: 'sdk' | 'finance';
  compared_to: 'previous_day' | 'same_day_last_week' | 'average_7_days'; drop_threshold: number; current_micros: string; baseline_micros: string; drop_tenths: number;
  created_at: Date; acknowledged: boolean;
};

export async function listAlerts(db: Sql, account: SessionAccount, q: { page: number; limit: number; unacknowledged?: 'true' | 'false' }): Promise<{ data: AlertItem[]; totalRecord: number }> {
  const params: unknown[] = [account.id];
  const where = `${visibleAppCondition(account, params, 'e.app_id')}${q.unacknowledged === 'true' ? ' AND NOT EXISTS (SELECT 1 FROM alert_acks k WHERE k.alert_id = e.id AND k.account_id = $1)' : ''}`;
  // $1 (the account) may appear only in the select list below: the count states it too, so its parameters match.
  const total = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM alert_events e WHERE $1::int IS NOT NULL AND ${where}`, params);
  const rows = await db.query<EventRow>(
    `SELECT e.id, e.kind, e.rule_id, e.rule_name, e.app_id, a.name AS app_name, e.day::text AS day, e.source, e.compared_to, e.drop_threshold,
            e.current_micros::text, e.baseline_micros::text, e.drop_tenths, e.created_at,
            EXISTS (SELECT 1 FROM alert_acks k WHERE k.alert_id = e.id AND k.account_id = $1) AS acknowledged
       FROM alert_events e LEFT JOIN apps a ON a.id = e.app_id
      WHERE ${where} ORDER BY e.created_at DESC, e.id DESC LIMIT $${params.push(q.limit)} OFFSET $${params.push((q.page - 1) * q.limit)}`,
    params,
  );
  const deliveries = rows.length
    ? await db.query<{ alert_id: number; channel: 'email' | 'webhook'; target: string; status: 'pending' | 'sending' | 'sent' | 'failed'; attempts: number; last_error: string | null; next_attempt_at: Date; sent_at: Date | null }>(
        'SELECT alert_id, channel, target, status, attempts, last_error, next_attempt_at, sent_at FROM alert_deliveries WHERE alert_id = ANY($1::int[]) ORDER BY channel',
        [rows.map((r) => r.id)],
      )
    : [];
  return {
    totalRecord: total?.n ?? 0,
    data: rows.map((r) => {
      const facts = factsOf(r);
      return {
        id: r.id, kind: r.kind, ruleId: r.rule_id, ruleName: r.rule_name, appId: r.app_id, appName: facts.appName, day: r.day, source: r.source,
        comparedTo: r.compared_to, dropThreshold: r.drop_threshold, currentMicros: facts.currentMicros, baselineMicros: facts.baselineMicros, dropTenths: r.drop_tenths,
        title: alertTitle(facts), sentence: alertSentence(facts), link: facts.link, createdAt: iso(r.created_at)!, acknowledged: r.acknowledged,
        deliveries: deliveries.filter((d) => d.alert_id === r.id).map((d) => ({
          channel: d.channel, target: d.target, status: d.status, attempts: d.attempts, lastError: d.last_error,
          nextAttemptAt: d.status === 'pending' || d.status === 'sending' ? iso(d.next_attempt_at) : null, sentAt: iso(d.sent_at),
        })),
      };
    }),
  };
}

export async function countUnacknowledged(db: Sql, account: SessionAccount): Promise<number> {
  const params: unknown[] = [account.id];
  const row = await db.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM alert_events e WHERE ${visibleAppCondition(account, params, 'e.app_id')}
        AND NOT EXISTS (SELECT 1 FROM alert_acks k WHERE k.alert_id = e.id AND k.account_id = $1)`,
    params,
  );
  return row?.n ?? 0;
}

/** Acknowledges for this account only; an alert of an app it may not see is refused (404: it is not told it exists). */
export async function acknowledgeAlerts(db: Db, account: SessionAccount, input: { ids?: number[]; all?: boolean }): Promise<number> {
  const params: unknown[] = [account.id];
  const visible = visibleAppCondition(account, params, 'e.app_id');
  if (input.ids) {
    const found = await db.query<{ id: number }>(`SELECT e.id FROM alert_events e WHERE $1::int IS NOT NULL AND e.id = ANY($${params.push(input.ids)}::int[]) AND ${visible}`, params);
    const missing = input.ids.find((id) => !found.some((f) => f.id === id));
    if (missing !== undefined) throw notFound(`ids: alert ${missing} does not exist.`);
  }
  const rows = await db.query<{ alert_id: number }>(
    `INSERT INTO alert_acks (alert_id, account_id)
     SELECT e.id, $1 FROM alert_events e WHERE ${visible}${input.ids ? ` AND e.id = ANY($${params.length}::int[])` : ''}
     ON CONFLICT DO NOTHING RETURNING alert_id`,
    params,
  );
  return rows.length;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** What the rule would say now: reads the figures and the rule's state, records and sends nothing. */
export async function testAlertRule(db: Sql, account: SessionAccount, id: number): Promise<RuleCheckAnswer> {
  const [rule] = await loadRules(db, { id });
  if (!rule) throw notFound(`Alert IAA item ${id} does not exist.`);
  if (!mayViewApp(account, rule.appId)) throw new HttpError(403, 'Permission invalid');
  const check = await checkRule(db, rule, evaluationDay());
  const app = await db.one<{ name: string }>('SELECT name FROM apps WHERE id = $1', [rule.appId]);
  const v = check.verdict;
  const facts = {
    kind: check.outcome === 'recover' ? ('recovered' as const) : ('fired' as const), ruleName: rule.name, appId: rule.appId, appName: app?.name ?? rule.appId, day: check.day,
    source: rule.source, comparedTo: rule.comparedTo, dropThreshold: rule.dropPercent, currentMicros: v.currentMicros, baselineMicros: v.baselineMicros, dropTenths: v.dropTenths, link: check.link,
  };
  const verdictLine =
    check.outcome === 'fire' ? `It would fire now${rule.enabled ? '' : ' (but the rule is disabled: enable it to be alerted)'}.`
      : check.outcome === 'recover' ? 'It would send "back to normal" now (it fired before and the drop has ended).'
        : check.alreadyFired ? `It fired for ${formatDay(check.day)} already: a re-run does not repeat it.`
          : 'It would not fire now.';
  const message = emailOf(facts, tunables().alerts.consoleUrl).text.split('\n\n')[0]!;
  const figureRows = check.figures.map((f) => `<tr><td>${escapeHtml(formatDay(f.day))}${f.day === check.day ? ' (judged)' : ''}</td><td>${escapeHtml(formatUsd(f.micros))}</td></tr>`).join('');
  return {
    ruleId: rule.id, appId: rule.appId, day: check.day, figures: check.figures, currentMicros: v.currentMicros, baselineMicros: v.baselineMicros,
    dropTenths: v.dropTenths, fires: v.fires, outcome: check.outcome, reason: v.reason, message, link: check.link,
    document: {
      title: `Test of "${rule.name}": ${v.fires ? `drop ${percentOfTenths(v.dropTenths)}` : 'no alert'}`,
      meta: `${facts.appName}, ${formatDay(check.day)} (yesterday, UTC+7). Nothing was recorded or sent.`,
      html: `<p><strong>${escapeHtml(verdictLine)}</strong> ${escapeHtml(v.reason)}.</p><p>${escapeHtml(message)}</p>`
        + `<table><thead><tr><th>Day</th><th>Ad revenue</th></tr></thead><tbody>${figureRows}</tbody></table>`
        + `<p><a href="${escapeHtml(check.link)}">Open the report</a></p>`,
    },
  };
}

/** When each rule last acted ("fired 2 days ago (2026-11-25)"), for the config screen; rules that never did are absent. */
export async function lastActions(db: Sql, ruleIds: number[]): Promise<Map<number, string>> {
  if (!ruleIds.length) return new Map();
  const rows = await db.query<{ rule_id: number; kind: string; day: string; created_at: Date }>(
    `SELECT DISTINCT ON (rule_id) rule_id, kind, day::text AS day, created_at FROM alert_events WHERE rule_id = ANY($1::int[]) ORDER BY rule_id, created_at DESC, id DESC`,
    [ruleIds],
  );
  const now = nowMs();
  return new Map(rows.map((r) => [r.rule_id, `${r.kind === 'fired' ? 'fired' : 'back to normal'} ${timeAgo(r.created_at, now)} (for ${formatDay(r.day)})`]));
}
