import type { AstroCookies } from 'astro';
import { serverConfig } from '../server/config';
import type { Db } from '../server/db';
import { ACCESS_COOKIE, REFRESH_COOKIE, clearSessionCookies, setSessionCookies } from './cookies';
import { reportReuse } from './service';
import { graceAccess, loadLiveSession, rotateSession, verifyAccessToken } from './session';
import { sessionCache } from './session-cache';
import type { SessionAccount } from './types';

export interface SessionSource {
  headers: Headers;
  cookies: AstroCookies;
  secure: boolean;
}

/**
 * Finds the account of a request: a Bearer access token (scripts), else the access cookie, else the
 * refresh cookie (rotated transparently so a page load after 15 idle minutes stays signed in).
 * Signed out (no session, or one that ended) answers null and clears the cookies. A database that cannot be
 * reached throws: the caller answers 503 and keeps the cookies (docs/decisions.md, "Database outage").
 */
export async function resolveAccount(db: Db, source: SessionSource): Promise<{ account: SessionAccount | null; viaCookie: boolean }> {
  const secret = serverConfig().sessionSecret;
  const bearer = source.headers.get('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (bearer) {
    const session = verifyAccessToken(bearer, secret);
    return { account: session ? await liveAccount(db, session.sessionId, session.accountId) : null, viaCookie: false };
  }
  const access = source.cookies.get(ACCESS_COOKIE)?.value;
  const refresh = source.cookies.get(REFRESH_COOKIE)?.value;
  if (!access && !refresh) return { account: null, viaCookie: false };

  const verified = access ? verifyAccessToken(access, secret) : null;
  let account = verified ? await liveAccount(db, verified.sessionId, verified.accountId) : null;
  if (!account && refresh) {
    let session: { sessionId: string; accountId: number } | null = null;
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
        // The session just ended: let the other processes hear it before this answer goes out.
        await sessionCache().barrier(db);
      }
    }
    account = session ? await liveAccount(db, session.sessionId, session.accountId) : null;
  }
  if (!account) clearSessionCookies(source.cookies);
  return { account, viaCookie: true };
}

/** The session's account from the process's cache, else from the database (then remembered). */
async function liveAccount(db: Db, sessionId: string, accountId: number): Promise<SessionAccount | null> {
  const cache = sessionCache();
  const cached = cache.get(sessionId, accountId);
  if (cached) return cached;
  const generation = cache.generation();
  const live = await loadLiveSession(db, sessionId, accountId);
  if (!live) return null;
  cache.set(sessionId, live.account, generation, live.expiresAtMs);
  return live.account;
}
