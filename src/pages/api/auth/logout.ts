import { logoutContract } from '../../../lib/auth/contract';
import { REFRESH_COOKIE, clearSessionCookies } from '../../../lib/auth/cookies';
import { revokeSession, revokeSessionByRefresh } from '../../../lib/auth/session';
import { writeAudit } from '../../../lib/server/audit';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

/** Revokes the session (by the current access token, or by a given refresh token) and drops the cookies. */
export const POST = endpoint(logoutContract, async (input, ctx) => {
  const db = await ready();
  const refreshToken = input.refreshToken ?? ctx.astro.cookies.get(REFRESH_COOKIE)?.value;
  await db.transaction(async (tx) => {
    if (ctx.account) await revokeSession(tx, ctx.account.sessionId);
    if (refreshToken) await revokeSessionByRefresh(tx, refreshToken);
    if (ctx.account) {
      await writeAudit(tx, { accountId: ctx.account.id, username: ctx.account.username, action: 'logout', entity: 'session', ip: ctx.ip, requestId: ctx.requestId });
    }
  });
  clearSessionCookies(ctx.astro.cookies);
  return { data: { ok: true as const } };
});
