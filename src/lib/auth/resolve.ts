import type { AstroCookies } from 'astro';
import { MESSAGES } from '../http/messages';
import { serverConfig } from '../server/config';
import type { Db } from '../server/db';
import { ACCESS_COOKIE, REFRESH_COOKIE, clearSessionCookies, setSessionCookies } from './cookies';
import { reportReuse } from './service';
import { graceAccess, loadSessionAccount, rotateSession, sessionFromAccessToken } from './session';
import type { SessionAccount } from './types';

export interface SessionSource {
  headers: Headers;
  cookies: AstroCookies;
  secure: boolean;
}

/**
 * Finds the account of a request: a Bearer access token (scripts), else the access cookie, else the
 * refresh cookie (rotated transparently so a page load after 15 idle minutes stays signed in).
 */
export async function resolveAccount(db: Db, source: SessionSource): Promise<{ account: SessionAccount | null; viaCookie: boolean }> {
  const secret = serverConfig().sessionSecret;
  const bearer = source.headers.get('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (bearer) {
    const session = await sessionFromAccessToken(db, bearer, secret);
    return { account: session ? await loadSessionAccount(db, session.accountId, session.sessionId) : null, viaCookie: false };
  }
  const access = source.cookies.get(ACCESS_COOKIE)?.value;
  const refresh = source.cookies.get(REFRESH_COOKIE)?.value;
  if (!access && !refresh) return { account: null, viaCookie: false };

  let session = access ? await sessionFromAccessToken(db, access, secret) : null;
  if (!session && refresh) {
    const rotated = await rotateSession(db, refresh, secret);
    if (rotated) {
      setSessionCookies(source.cookies, rotated, source.secure);
      session = rotated;
    } else {
      const grace = await graceAccess(db, refresh, secret);
      if (grace) {
        setSessionCookies(source.cookies, { accessToken: grace.accessToken }, source.secure);
        session = grace;
      } else {
        // Rotated long ago and presented again: a copy of the cookie is in other hands; the session ends.
        await reportReuse(db, refresh);
      }
    }
  }
  const account = session ? await loadSessionAccount(db, session.accountId, session.sessionId) : null;
  if (!account) clearSessionCookies(source.cookies);
  return { account, viaCookie: true };
}

/** Where a page request goes when its session cannot be loaded: sign-in, back to the page, with the reason. */
export function sessionFailureRedirect(pathWithQuery: string, error: unknown): string {
  const reason = error instanceof Error && error.message ? error.message : MESSAGES.sessionLoadFailed;
  return `/login?redirect=${encodeURIComponent(pathWithQuery)}&sessionError=${encodeURIComponent(reason.slice(0, 200))}`;
}
