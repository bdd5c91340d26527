import nodemailer from 'nodemailer';
import type { Db, Sql } from '../server/db';
import { serverConfig, tunables } from '../server/config';
import { decryptSecret } from '../server/crypto';
import { messageOf } from '../error-message';
import { emailOf, webhookBodyOf, type AlertFacts } from './message';
import { reportLink, type RevenueSource } from './figures';
import { baselineDays, type ComparedTo } from './compare';

/**
 * The alert outbox (alert_deliveries): every due delivery is claimed (FOR UPDATE SKIP LOCKED, so two
 * evaluations at once never send one twice), sent, and marked sent, or given back with its error and a
 * later attempt (ALERT_RETRY_BASE_MS doubling per attempt) until ALERT_MAX_ATTEMPTS, after which it stays
 * failed. An attempt whose process stops mid-send is tried again once its claim (CLAIM_MINUTES) runs out.
 * Errors never hold the webhook URL (it is a credential) nor the SMTP password.
 */

const CLAIM_MINUTES = 5;
const BATCH = 50;

export interface DeliveryRound {
  sent: number;
  retrying: number;
  failed: number;
}

type Claimed = {
  id: number; channel: 'email' | 'webhook'; target: string; attempts: number;
  kind: 'fired' | 'recovered'; rule_id: number | null; rule_name: string; app_id: string; app_name: string | null; day: string;
  source: RevenueSource; compared_to: ComparedTo; drop_threshold: number; current_micros: string; baseline_micros: string; drop_tenths: number;
  secret: string | null;
};

export function factsOf(r: Omit<Claimed, 'id' | 'channel' | 'target' | 'attempts' | 'secret' | 'rule_id'>): AlertFacts {
  return {
    kind: r.kind, ruleName: r.rule_name, appId: r.app_id, appName: r.app_name ?? r.app_id, day: r.day, source: r.source, comparedTo: r.compared_to,
    dropThreshold: r.drop_threshold, currentMicros: Number(r.current_micros), baselineMicros: Number(r.baseline_micros), dropTenths: r.drop_tenths,
    link: reportLink(r.source, r.app_id, baselineDays(r.day, r.compared_to)[0]!, r.day),
  };
}

async function claimDue(db: Db): Promise<Claimed[]> {
  return db.transaction((tx) =>
    tx.query<Claimed>(
      `WITH due AS (
         SELECT id FROM alert_deliveries WHERE status IN ('pending', 'sending') AND next_attempt_at <= now()
          ORDER BY next_attempt_at, id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED
       ), claimed AS (
         UPDATE alert_deliveries d SET status = 'sending', attempts = d.attempts + 1, next_attempt_at = now() + make_interval(mins => ${CLAIM_MINUTES})
           FROM due WHERE d.id = due.id RETURNING d.id, d.alert_id, d.channel, d.target, d.attempts
       )
       SELECT c.id, c.channel, c.target, c.attempts, e.kind, e.rule_id, e.rule_name, e.app_id, a.name AS app_name, e.day::text AS day, e.source,
              e.compared_to, e.drop_threshold, e.current_micros::text, e.baseline_micros::text, e.drop_tenths, ci.secret
         FROM claimed c JOIN alert_events e ON e.id = c.alert_id
         LEFT JOIN apps a ON a.id = e.app_id
         LEFT JOIN config_items ci ON ci.id = e.rule_id AND ci.kind = 'alert_iaa'
        ORDER BY c.id`,
    ),
  );
}

async function sendEmail(d: Claimed): Promise<void> {
  const { smtpUrl, smtpFrom, consoleUrl } = tunables().alerts;
  if (!smtpUrl) throw new Error('SMTP_URL is not set: alert e-mails are off');
  const { subject, text } = emailOf(factsOf(d), consoleUrl);
  const transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
  try {
    await transport.sendMail({ from: smtpFrom, to: d.target, subject, text });
  } finally {
    transport.close();
  }
}

async function sendWebhook(d: Claimed): Promise<void> {
  if (!d.secret) throw new Error('the rule has no webhook any more (deleted or removed)');
  const { webhookTimeoutMs, consoleUrl } = tunables().alerts;
  const url = decryptSecret(d.secret, serverConfig().secretKey);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(webhookBodyOf(factsOf(d), consoleUrl)),
      signal: AbortSignal.timeout(webhookTimeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    // fetch's own messages can name the URL; only the kind of failure is kept.
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) throw new Error(`no answer within ${webhookTimeoutMs} ms`, { cause: error });
    const code = (error as { cause?: { code?: string } }).cause?.code;
    throw new Error(`could not reach ${d.target}${code ? ` (${code})` : ''}`, { cause: error });
  }
  await response.body?.cancel();
  if (!response.ok) throw new Error(`${d.target} answered HTTP ${response.status}`);
}

/** Removes anything URL-shaped from an error text, in case a library quotes the address it was given. */
const scrub = (text: string) => text.replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, '[address]').slice(0, 500);

async function settle(db: Sql, d: Claimed, error: string | null): Promise<keyof DeliveryRound> {
  if (error === null) {
    await db.query(`UPDATE alert_deliveries SET status = 'sent', sent_at = now(), last_error = NULL WHERE id = $1`, [d.id]);
    return 'sent';
  }
  const { maxAttempts, retryBaseMs } = tunables().alerts;
  const final = d.attempts >= maxAttempts;
  const waitMs = retryBaseMs * 2 ** Math.min(d.attempts - 1, 20);
  await db.query(
    `UPDATE alert_deliveries SET status = $2, last_error = $3, next_attempt_at = now() + make_interval(secs => $4::double precision / 1000) WHERE id = $1`,
    [d.id, final ? 'failed' : 'pending', scrub(error), waitMs],
  );
  return final ? 'failed' : 'retrying';
}

/** Sends every delivery that is due, each by one process only. */
export async function deliverDue(db: Db): Promise<DeliveryRound> {
  const round: DeliveryRound = { sent: 0, retrying: 0, failed: 0 };
  const due = await claimDue(db);
  await Promise.all(
    due.map(async (d) => {
      let error: string | null = null;
      try {
        await (d.channel === 'email' ? sendEmail(d) : sendWebhook(d));
      } catch (failure) {
        error = messageOf(failure);
      }
      round[await settle(db, d, error)]++;
    }),
  );
  return round;
}
