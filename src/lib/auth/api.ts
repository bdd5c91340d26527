import { MESSAGES } from '../http/messages';
import { handle, type ApiHandler } from '../server/api/handler';
import { auditAs } from '../server/audit';
import { serverConfig } from '../server/config';
import { isHttpsRequest } from '../server/proxy';
import { HttpError } from '../server/errors';
import { environmentContract, loginContract, logoutContract, refreshTokenContract } from './contract';
import { REFRESH_COOKIE, clearSessionCookies, setSessionCookies } from './cookies';
import { DEVICE_COOKIE, setDeviceCookie, trustedDeviceNonce } from './device-cookie';
import { refresh, signIn } from './service';
import { revokeSession, revokeSessionByRefresh } from './session';

/** Sign-in, token refresh and sign-out (they set and drop the session cookies) and the environment name. Listed in the area's manifest (./area.ts). */
export const authApi: ApiHandler[] = [
  handle(loginContract, async ({ username, password }, ctx) => {
    const secret = serverConfig().sessionSecret;
    const deviceNonce = trustedDeviceNonce(ctx.cookies.get(DEVICE_COOKIE)?.value, username, secret);
    const { username: signedIn, ...tokens } = await signIn(ctx.db, username, password, secret, { ip: ctx.ip, userAgent: ctx.userAgent, requestId: ctx.requestId, deviceNonce });
    const secure = isHttpsRequest(ctx.request, ctx.url);
    setSessionCookies(ctx.cookies, tokens, secure);
    setDeviceCookie(ctx.cookies, signedIn, deviceNonce, secret, secure);
    return { data: tokens };
  }),
  /** Revokes the session (by the current access token, or by a given refresh token) and drops the cookies. */
  handle(logoutContract, async (input, ctx) => {
    const refreshToken = input.refreshToken ?? ctx.cookies.get(REFRESH_COOKIE)?.value;
    const viewer = ctx.viewer;
    await ctx.db.transaction(async (tx) => {
      if (viewer) await revokeSession(tx, viewer.sessionId);
      if (refreshToken) await revokeSessionByRefresh(tx, refreshToken);
      if (viewer) {
        await auditAs(tx, { account: viewer, ip: ctx.ip, requestId: ctx.requestId }, { action: 'logout', entity: 'session' });
      }
    });
    clearSessionCookies(ctx.cookies);
    return { data: { ok: true as const } };
  }),
  handle(refreshTokenContract, async (input, ctx) => {
    const fromCookie = ctx.cookies.get(REFRESH_COOKIE)?.value;
    const token = input.refreshToken ?? fromCookie;
    if (!token) throw new HttpError(400, MESSAGES.noRefreshToken);
    try {
      const tokens = await refresh(ctx.db, token, serverConfig().sessionSecret);
      if (!input.refreshToken) setSessionCookies(ctx.cookies, tokens, isHttpsRequest(ctx.request, ctx.url));
      return { data: tokens };
    } catch (error) {
      if (!input.refreshToken) clearSessionCookies(ctx.cookies);
      throw error;
    }
  }),
  handle(environmentContract, async () => ({ data: serverConfig().appEnv })),
];
