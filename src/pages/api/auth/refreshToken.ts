import { refreshTokenContract } from '../../../lib/auth/contract';
import { REFRESH_COOKIE, clearSessionCookies, setSessionCookies } from '../../../lib/auth/cookies';
import { refresh } from '../../../lib/auth/service';
import { serverConfig } from '../../../lib/server/config';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';
import { HttpError } from '../../../lib/server/errors';
import { MESSAGES } from '../../../lib/http/messages';

export const POST = endpoint(refreshTokenContract, async (input, ctx) => {
  const fromCookie = ctx.astro.cookies.get(REFRESH_COOKIE)?.value;
  const token = input.refreshToken ?? fromCookie;
  if (!token) throw new HttpError(400, MESSAGES.noRefreshToken);
  try {
    const tokens = await refresh(await ready(), token, serverConfig().sessionSecret);
    if (!input.refreshToken) setSessionCookies(ctx.astro.cookies, tokens, ctx.astro.url.protocol === 'https:');
    return { data: tokens };
  } catch (error) {
    if (!input.refreshToken) clearSessionCookies(ctx.astro.cookies);
    throw error;
  }
});
