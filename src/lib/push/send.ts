import { tunables } from '../server/config';
import type { Db } from '../server/db';
import { nowMs } from '../time/clock';
import { accessToken, sendMessage, type FcmOutcome } from './fcm';
import { fcmCredentials } from './service';

/**
 * The push_send job (src/lib/jobs/definitions.ts; its lease runs it once across processes): sends the deliveries
 * that are due, batch by batch, at most PUSH_RATE_PER_SECOND a second. 429 and 5xx are asked again after FCM's
 * Retry-After or a doubling back-off (within this run when the wait is short, else by a later run) until
 * PUSH_MAX_ATTEMPTS; tokens FCM calls dead are pruned from push_devices.
 */

type Due = { push_id: number; device_id: string; token: string; attempts: number; app_id: string; title: string; body: string; data: Record<string, string> };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** How long one run may keep sending before it leaves the rest to the next run. */
const RUN_BUDGET_MS = 40_000;
/** A retry due this soon is waited for within the run rather than left for the next one. */
const WAIT_IN_RUN_MS = 5_000;

export async function runPushSend(db: Db): Promise<string> {
  const { batchSize, ratePerSecond, maxAttempts, retryBaseMs } = tunables().push;
  const started = Date.now();
  const counts = { sent: 0, retried: 0, failed: 0, pruned: 0 };
  const tokens = new Map<string, { projectId: string; bearer: string } | { error: string }>();

  while (Date.now() - started < RUN_BUDGET_MS) {
    const now = nowMs();
    const due = await db.query<Due>(
      `SELECT d.push_id, d.device_id, d.token, d.attempts, p.app_id, p.title, p.body, p.data
         FROM push_deliveries d JOIN pushes p ON p.id = d.push_id
        WHERE d.status = 'queued' AND d.due_at <= $1 AND p.status IN ('scheduled', 'sending')
        ORDER BY d.due_at LIMIT $2`,
      [new Date(now), batchSize],
    );
    if (!due.length) {
      const next = await db.one<{ at: Date }>(
        `SELECT min(d.due_at) AS at FROM push_deliveries d JOIN pushes p ON p.id = d.push_id WHERE d.status = 'queued' AND p.status IN ('scheduled', 'sending')`,
      );
      const wait = next?.at ? new Date(next.at).getTime() - nowMs() : Infinity;
      if (wait > WAIT_IN_RUN_MS || Date.now() - started + wait > RUN_BUDGET_MS) break;
      await sleep(Math.max(50, wait));
      continue;
    }
    await db.query(`UPDATE pushes SET status = 'sending' WHERE status = 'scheduled' AND id = ANY($1::int[])`, [[...new Set(due.map((d) => d.push_id))]]);

    for (let i = 0; i < due.length; i += ratePerSecond) {
      const second = Date.now();
      const group = due.slice(i, i + ratePerSecond);
      const outcomes = await Promise.all(
        group.map(async (d): Promise<FcmOutcome> => {
          let auth = tokens.get(d.app_id);
          if (!auth) {
            const creds = await fcmCredentials(db, d.app_id);
            if (!creds) auth = { error: 'NO_FCM_SETTINGS' };
            else auth = await accessToken(creds.account).then((bearer) => ({ projectId: creds.projectId, bearer }), (e: Error) => ({ error: `AUTH_FAILED: ${e.message.slice(0, 80)}` }));
            tokens.set(d.app_id, auth);
          }
          if ('error' in auth) return { kind: 'retry', reason: auth.error, retryAfterMs: null };
          return sendMessage(auth.projectId, auth.bearer, { token: d.token, title: d.title, body: d.body, data: { ...d.data, pushId: String(d.push_id) } });
        }),
      );
      await record(db, group, outcomes, { maxAttempts, retryBaseMs }, counts);
      const spent = Date.now() - second;
      if (i + ratePerSecond < due.length && spent < 1000) await sleep(1000 - spent);
    }
  }
  await db.query(
    `UPDATE pushes p SET status = 'sent' WHERE status IN ('scheduled', 'sending')
       AND NOT EXISTS (SELECT 1 FROM push_deliveries d WHERE d.push_id = p.id AND d.status = 'queued')`,
  );
  return `sent ${counts.sent}, retrying ${counts.retried}, failed ${counts.failed}, pruned ${counts.pruned} token(s)`;
}

async function record(db: Db, group: Due[], outcomes: FcmOutcome[], limits: { maxAttempts: number; retryBaseMs: number }, counts: Record<'sent' | 'retried' | 'failed' | 'pruned', number>) {
  const at = new Date(nowMs());
  for (let k = 0; k < group.length; k++) {
    const d = group[k]!;
    const o = outcomes[k]!;
    const attempts = d.attempts + 1;
    if (o.kind === 'sent') {
      counts.sent++;
      await db.query(`UPDATE push_deliveries SET status = 'sent', attempts = $3, message_id = $4, sent_at = $5, reason = NULL WHERE push_id = $1 AND device_id = $2`, [d.push_id, d.device_id, attempts, o.name, at]);
    } else if (o.kind === 'retry' && attempts < limits.maxAttempts) {
      counts.retried++;
      const delay = o.retryAfterMs ?? limits.retryBaseMs * 2 ** (attempts - 1);
      await db.query(`UPDATE push_deliveries SET attempts = $3, reason = $4, due_at = $5 WHERE push_id = $1 AND device_id = $2`, [d.push_id, d.device_id, attempts, o.reason, new Date(at.getTime() + delay)]);
    } else {
      counts.failed++;
      await db.query(`UPDATE push_deliveries SET status = 'failed', attempts = $3, reason = $4 WHERE push_id = $1 AND device_id = $2`, [d.push_id, d.device_id, attempts, o.reason]);
      if (o.kind === 'prune') {
        // Only the token FCM refused: a device that registered a new one since keeps it.
        const pruned = await db.query('DELETE FROM push_devices WHERE app_id = $1 AND device_id = $2 AND token = $3 RETURNING device_id', [d.app_id, d.device_id, d.token]);
        counts.pruned += pruned.length;
      }
    }
  }
}
