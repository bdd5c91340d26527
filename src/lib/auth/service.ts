import type { Db } from '../server/db';
import { writeAudit } from '../server/audit';
import { hashPassword, verifyPassword } from '../server/crypto';
import { HttpError } from '../server/errors';
import { createSession, revokeAllSessions, revokeOnReuse, rotateSession, type IssuedTokens } from './session';
import { takeSignInSlot } from './throttle';
import { newPasswordProblem } from './validation';


// Compared against when the username is unknown, so both cases take one scrypt's time.
let dummyHash: Promise<string> | null = null;

interface RequestMeta {
  ip: string;
  userAgent: string;
  requestId: string;
}

interface SignInMeta extends RequestMeta {
  /** The nonce of the browser's device cookie for this username (src/lib/auth/device-cookie.ts), if it shows one. */
  deviceNonce?: string | null;
}

export async function signIn(db: Db, username: string, password: string, secret: string, meta: SignInMeta): Promise<IssuedTokens & { username: string }> {
  const name = username.trim();
  // The attempt is counted before the ~65 ms hash: a burst of parallel guesses gets only the allowance checked.
  const slot = await takeSignInSlot(db, name, meta.ip, meta.deviceNonce ?? null);
  const account = await db.one<{ id: number; username: string; password_hash: string; active: boolean }>(
    'SELECT id, username, password_hash, active FROM accounts WHERE lower(username) = lower($1)',
    [name],
  );
  dummyHash ??= hashPassword('not-a-real-password');
  const ok = await verifyPassword(password, account?.password_hash ?? (await dummyHash));
  if (!account || !ok) {
    await slot.failed();
    await writeAudit(db, { accountId: account?.id ?? null, username: name, action: 'login_failed', entity: 'session', ip: meta.ip, requestId: meta.requestId });
    throw new HttpError(401, 'Wrong username or password.');
  }
  await slot.succeeded();
  if (!account.active) {
    await writeAudit(db, { accountId: account.id, username: account.username, action: 'login_failed', entity: 'session', after: { reason: 'deactivated' }, ip: meta.ip, requestId: meta.requestId });
    throw new HttpError(401, 'This account is deactivated. Ask an administrator to reactivate it.');
  }
  return db.transaction(async (tx) => {
    const tokens = await createSession(tx, account.id, secret, meta);
    await tx.query('UPDATE accounts SET last_login_at = now() WHERE id = $1', [account.id]);
    await writeAudit(tx, { accountId: account.id, username: account.username, action: 'login', entity: 'session', ip: meta.ip, requestId: meta.requestId });
    return { ...tokens, username: account.username };
  });
}

export async function refresh(db: Db, refreshToken: string, secret: string): Promise<IssuedTokens> {
  const rotated = await rotateSession(db, refreshToken, secret);
  if (!rotated) await reportReuse(db, refreshToken);
  if (!rotated) throw new HttpError(401, 'The refresh token is invalid, expired or revoked. Please sign in again.');
  return { accessToken: rotated.accessToken, refreshToken: rotated.refreshToken };
}

/** Ends the session of a reused (stolen) refresh token and records it in the account log. */
export async function reportReuse(db: Db, refreshToken: string, meta?: { ip: string; requestId: string }): Promise<void> {
  const ended = await revokeOnReuse(db, refreshToken);
  if (!ended) return;
  const who = await db.one<{ username: string }>('SELECT username FROM accounts WHERE id = $1', [ended.accountId]);
  await writeAudit(db, {
    accountId: ended.accountId, username: who?.username ?? '', action: 'refresh_reuse', entity: 'session', entityId: ended.sessionId,
    after: { reason: 'a rotated refresh token was presented again: session revoked' }, ip: meta?.ip ?? '', requestId: meta?.requestId ?? '',
  });
}

export async function changePassword(
  db: Db,
  account: { id: number; username: string; sessionId: string },
  oldPassword: string,
  newPassword: string,
  meta: RequestMeta,
): Promise<void> {
  const row = await db.one<{ password_hash: string }>('SELECT password_hash FROM accounts WHERE id = $1', [account.id]);
  if (!row || !(await verifyPassword(oldPassword, row.password_hash))) throw new HttpError(400, 'oldPassword: the current password is wrong.');
  const problem = newPasswordProblem(newPassword, account.username);
  if (problem) throw new HttpError(400, `newPassword: ${problem}`);
  if (oldPassword === newPassword) throw new HttpError(400, 'newPassword: the new password must differ from the current one.');
  const hash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await tx.query('UPDATE accounts SET password_hash = $2, updated_at = now() WHERE id = $1', [account.id, hash]);
    // Other sessions of this account end; the one that changed the password stays.
    await tx.query('UPDATE sessions SET revoked_at = now() WHERE account_id = $1 AND id <> $2 AND revoked_at IS NULL', [account.id, account.sessionId]);
    await writeAudit(tx, { accountId: account.id, username: account.username, action: 'change_password', entity: 'account', entityId: account.username, ip: meta.ip, requestId: meta.requestId });
  });
}

export { revokeAllSessions };
