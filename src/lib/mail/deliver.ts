import type { Sql } from '../server/db';
import { checkRewards, type Reward } from '../rewards/items';
import { nowMs } from '../time/clock';
import { daysMs } from '../time/day';

/** How long a reward mail (a gift code's, an event's) waits to be claimed before it expires. */
export const REWARD_MAIL_TTL_MS = daysMs(30);

export interface MailToPlayer {
  appId: string;
  userId: string;
  title: string;
  body: string;
  rewards: readonly Reward[];
  /** ISO instant. */
  expiresAt: string;
  /** Who sends it: 'gift_code', 'live_event', 'console'. */
  source: string;
  /** The campaign, event or code it comes from (shown on the Mail Box screen). */
  sourceRef: string;
  createdBy?: string;
}

/**
 * Puts one mail into one player's mailbox, sent now. Call it with your own transaction (`tx`) so the mail
 * exists exactly when your change does (a redemption, an event's reward): there is no second write to lose.
 * Rewards are checked against the app's item list; answers the mail id.
 */
export async function deliverMail(tx: Sql, mail: MailToPlayer): Promise<number> {
  await checkRewards(tx, mail.appId, mail.rewards, 'rewards');
  const now = new Date(nowMs()).toISOString();
  const row = await tx.one<{ id: number | string }>(
    `INSERT INTO mails (app_id, title, body, rewards, target, targeted, send_at, sent_at, expires_at, source, source_ref, created_by)
     VALUES ($1, $2, $3, $4::jsonb, 'players', 1, $5, $5, $6, $7, $8, $9) RETURNING id`,
    [mail.appId, mail.title, mail.body, JSON.stringify(mail.rewards), now, mail.expiresAt, mail.source, mail.sourceRef, mail.createdBy ?? mail.source],
  );
  const id = Number(row!.id);
  await tx.query('INSERT INTO mail_recipients (mail_id, app_id, player_id) VALUES ($1, $2, $3)', [id, mail.appId, mail.userId]);
  return id;
}
