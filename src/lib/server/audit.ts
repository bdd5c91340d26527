import type { Sql } from './db';
import type { Actor } from '../auth/types';

export interface AuditEntry {
  accountId: number | null;
  username: string;
  action: string;
  entity?: string;
  entityId?: string | number;
  before?: unknown;
  after?: unknown;
  ip?: string;
  requestId?: string;
}

/**
 * Appends one row to the account log; call it inside the mutation's transaction. A change made by a signed-in
 * account goes through `auditAs`; this bare form is for rows with no actor yet (sign-in attempts, a reused
 * refresh token, a password change before the session exists) and for jobs.
 */
export async function writeAudit(db: Sql, entry: AuditEntry): Promise<void> {
  await db.query(
    `INSERT INTO account_log (account_id, username, action, entity, entity_id, before, after, ip, request_id)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8, $9)`,
    [
      entry.accountId,
      entry.username,
      entry.action,
      entry.entity ?? '',
      String(entry.entityId ?? ''),
      entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === undefined ? null : JSON.stringify(entry.after),
      entry.ip ?? '',
      entry.requestId ?? '',
    ],
  );
}

/** What a mutation writes about itself; who did it and from where come from the actor. */
export type AuditChange = Omit<AuditEntry, 'accountId' | 'username' | 'ip' | 'requestId'>;

/** The account log row of a change made by `actor` (its account, address and request id filled in). */
export function auditAs(db: Sql, actor: Actor, change: AuditChange): Promise<void> {
  return writeAudit(db, { ...change, accountId: actor.account.id, username: actor.account.username, ip: actor.ip, requestId: actor.requestId });
}
