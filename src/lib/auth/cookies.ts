import type { AstroCookies } from 'astro';
import { ACCESS_TTL_SECONDS, REFRESH_TTL_SECONDS } from './session';

export const ACCESS_COOKIE = 'gsm_at';
export const REFRESH_COOKIE = 'gsm_rt';

/** Session cookies are HttpOnly (no page script can read a token) and SameSite=Lax (not sent on cross-site posts). */
export function setSessionCookies(cookies: AstroCookies, tokens: { accessToken: string; refreshToken?: string }, secure: boolean): void {
  const base = { httpOnly: true, sameSite: 'lax' as const, path: '/', secure };
  cookies.set(ACCESS_COOKIE, tokens.accessToken, { ...base, maxAge: ACCESS_TTL_SECONDS });
  if (tokens.refreshToken) cookies.set(REFRESH_COOKIE, tokens.refreshToken, { ...base, maxAge: REFRESH_TTL_SECONDS });
}

export function clearSessionCookies(cookies: AstroCookies): void {
  cookies.delete(ACCESS_COOKIE, { path: '/' });
  cookies.delete(REFRESH_COOKIE, { path: '/' });
}
