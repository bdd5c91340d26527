import { randomBytes } from 'node:crypto';
import type { AstroCookies } from 'astro';
import { signToken, verifyToken } from '../server/crypto';

/**
 * The device cookie (OWASP's "device cookies" against online guessing): a browser that has signed in as a
 * username keeps a signed, HttpOnly cookie naming that username and a random nonce. A later sign-in that shows
 * it is throttled on its own counter (the nonce), not on the username-wide one, so a guesser spreading tries
 * over many addresses blocks only clients that never proved themselves — the staff's own browsers keep working.
 */
export const DEVICE_COOKIE = 'gsm_dev';
const DEVICE_TTL_SECONDS = 365 * 24 * 3600;

interface DevicePayload {
  kind: 'device';
  username: string;
  nonce: string;
}

const normalise = (username: string) => username.trim().toLowerCase();

/** The nonce of a valid device cookie issued to this username, else null (forged, another account's, absent). */
export function trustedDeviceNonce(cookie: string | undefined, username: string, secret: string): string | null {
  if (!cookie) return null;
  const payload = verifyToken<DevicePayload>(cookie, secret);
  if (!payload || payload.kind !== 'device' || payload.username !== normalise(username) || !/^[A-Za-z0-9_-]{16,64}$/.test(payload.nonce ?? '')) return null;
  return payload.nonce;
}

/** After a successful sign-in: keeps the browser's device nonce for this username, or issues one. */
export function setDeviceCookie(cookies: AstroCookies, username: string, nonce: string | null, secret: string, secure: boolean): void {
  const payload: DevicePayload = { kind: 'device', username: normalise(username), nonce: nonce ?? randomBytes(18).toString('base64url') };
  cookies.set(DEVICE_COOKIE, signToken(payload, secret), { httpOnly: true, sameSite: 'strict', path: '/api/auth', secure, maxAge: DEVICE_TTL_SECONDS });
}
