import { createHmac } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { HttpError } from '../server/errors';

/**
 * Player access tokens: HS256 JWTs (a game server or a proxy can verify them with standard libraries) signed
 * with a key derived from SESSION_SECRET for this purpose only, so a console token can never pass as a
 * player token or the reverse. They name the app, the player (sub) and the device, and live 15 minutes.
 */
export const PLAYER_ACCESS_TTL_SECONDS = 15 * 60;
export const PLAYER_REFRESH_TTL_DAYS = 90;
const ISSUER = 'gsm-console';
const AUDIENCE = 'gsm-sdk-player';

// Imported once per secret as a WebCrypto key: given raw bytes, jose imports them again on every sign and
// verify, and every SDK call verifies a token (about a tenth of a score submit's CPU under load).
const keys = new Map<string, Promise<CryptoKey>>();
function keyFor(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    const raw = new Uint8Array(createHmac('sha256', secret).update('gsm player token v1').digest());
    key = crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keys.set(secret, key);
  }
  return key;
}

export interface PlayerClaims {
  appId: string;
  playerId: string;
  deviceId: string;
  /** The device's session generation the token was issued in (claim `ep`; 0 when absent): see player_devices.token_epoch. */
  epoch?: number;
}

export async function signPlayerToken(claims: PlayerClaims, secret: string): Promise<string> {
  return new SignJWT({ app: claims.appId, dev: claims.deviceId, ...(claims.epoch ? { ep: claims.epoch } : {}) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.playerId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${PLAYER_ACCESS_TTL_SECONDS}s`)
    .sign(await keyFor(secret));
}

/**
 * Tokens this process verified, with their claims and expiry, so a player's next calls within the token's
 * 15 minutes skip the signature check (a game sends the same token with every call). Safe because a token's
 * signature check always gives the same answer for the same secret, and the expiry is checked on every use;
 * what can end a token early (the device unbound) is checked in the database on every call, not here.
 * Bounded: the oldest entry goes when it is full.
 */
const VERIFIED_MAX = 20_000;
const verified = new Map<string, { secret: string; claims: PlayerClaims; expiresMs: number }>();

/** The claims of a valid token, whichever app it names; 401 with what to do otherwise. */
export async function readPlayerToken(token: string | null | undefined, secret: string, now = Date.now()): Promise<PlayerClaims> {
  const given = token?.trim();
  if (!given) throw new HttpError(401, 'Missing player token: send it in the X-Player-Token header (from /api/sdk/v1/players/session).');
  const known = verified.get(given);
  if (known && known.secret === secret && now < known.expiresMs) return known.claims;
  try {
    const { payload } = await jwtVerify(given, await keyFor(secret), { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'], currentDate: new Date(now) });
    if (typeof payload.app !== 'string' || typeof payload.sub !== 'string' || typeof payload.dev !== 'string') throw new HttpError(401, 'Invalid player token.');
    const claims: PlayerClaims = { appId: payload.app, playerId: payload.sub, deviceId: payload.dev, epoch: typeof payload.ep === 'number' ? payload.ep : 0 };
    if (typeof payload.exp === 'number') {
      if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
      verified.set(given, { secret, claims, expiresMs: payload.exp * 1000 });
    }
    return claims;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof errors.JWTExpired) throw new HttpError(401, 'Player token expired: refresh it at /api/sdk/v1/players/refresh.');
    throw new HttpError(401, 'Invalid player token.');
  }
}

/** 401 unless the token's claims are of this app (a token of one game never opens another's API). */
export function requireTokenApp(claims: PlayerClaims, appId: string): PlayerClaims {
  if (claims.appId !== appId) throw new HttpError(401, 'The player token belongs to another app.');
  return claims;
}
