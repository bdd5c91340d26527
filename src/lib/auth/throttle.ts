import type { Sql } from '../server/db';
import { HttpError } from '../server/errors';

/**
 * Sign-in throttling as trusted systems do it: per username+address pair (so nobody can lock `root` out from
 * another address), a looser cap per address (a password spray from one host), and a cap per username across
 * all addresses (a guesser spreading tries over many addresses) that binds only clients without a device cookie
 * for the username (src/lib/auth/device-cookie.ts): a browser that signed in as the username before is counted
 * on its own key instead, so neither a spread-out guesser nor a shared proxy locks the staff's own browsers out.
 * Each key allows `attempts` failed or in-flight sign-ins per window; when they are used up the key is blocked
 * for a delay that doubles with every block (`strikes`), up to `maxBlockMinutes`. A success clears the pair (or
 * the device's key). An administrator can clear every key of a username (unlockUsername).
 */
export const THROTTLE = {
  windowMinutes: 15,
  perPair: 5,
  perAddress: 50,
  /** Failures for one username from clients without its device cookie, whatever their addresses. */
  perUsername: 20,
  firstBlockMinutes: 1,
  maxBlockMinutes: 60,
  /** Strikes are forgotten after this long without a failure. */
  forgetStrikesHours: 24,
} as const;

const pairKey = (username: string, ip: string) => `u:${username.trim().toLowerCase()}|${ip}`;
const addressKey = (ip: string) => `ip:${ip}`;
const usernameKey = (username: string) => `n:${username.trim().toLowerCase()}`;
const deviceKey = (username: string, nonce: string) => `d:${username.trim().toLowerCase()}|${nonce}`;

/** A slot taken for one sign-in attempt: settle it with the attempt's outcome. */
export interface ThrottleSlot {
  succeeded(): Promise<void>;
  failed(): Promise<void>;
}

/**
 * Takes one attempt from the allowances that apply, atomically (a single conditional UPDATE per key: on
 * PostgreSQL concurrent updates of the row re-check the condition, on PGlite queries run one at a time), before
 * the password is hashed. A client with the username's device cookie (`deviceNonce`) is counted on its device's
 * key only; any other client on its address, the username across addresses, and the pair. Throws 429 with
 * Retry-After when one is used up or blocked (the keys already taken are given back).
 */
export async function takeSignInSlot(db: Sql, username: string, ip: string, deviceNonce: string | null = null): Promise<ThrottleSlot> {
  const keys: Array<[key: string, limit: number, clearedOnSuccess: boolean]> = deviceNonce
    ? [[deviceKey(username, deviceNonce), THROTTLE.perPair, true]]
    : [[addressKey(ip), THROTTLE.perAddress, false], [usernameKey(username), THROTTLE.perUsername, false], [pairKey(username, ip), THROTTLE.perPair, true]];
  const taken: string[] = [];
  for (const [key, limit] of keys) {
    const retry = await reserve(db, key, limit);
    if (retry !== null) {
      for (const done of taken) await release(db, done);
      throw tooMany(retry);
    }
    taken.push(key);
  }
  return {
    async succeeded() {
      for (const [key, , cleared] of keys) {
        if (cleared) await db.query('DELETE FROM login_throttle WHERE key = $1', [key]);
        else await release(db, key);
      }
    },
    async failed() {
      for (const [key, limit] of keys) await blockWhenUsedUp(db, key, limit);
    },
  };
}

/** Reserves one attempt on a key; answers null when taken, else the seconds until the key may try again. */
async function reserve(db: Sql, key: string, limit: number): Promise<number | null> {
  await db.query('INSERT INTO login_throttle (key) VALUES ($1) ON CONFLICT (key) DO NOTHING', [key]);
  // A new window starts when the old one is over or a block has ended; strikes fade after a quiet day.
  // SET expressions read the row as it is when the row lock is held, so `fresh` is never stale.
  const fresh = `(window_start < now() - make_interval(mins => $2) OR blocked_until IS NOT NULL)`;
  const taken = await db.one<{ attempts: number }>(
    `UPDATE login_throttle SET
        attempts = CASE WHEN ${fresh} THEN 1 ELSE attempts + 1 END,
        window_start = CASE WHEN ${fresh} THEN now() ELSE window_start END,
        blocked_until = NULL,
        strikes = CASE WHEN updated_at < now() - make_interval(hours => $3) THEN 0 ELSE strikes END,
        updated_at = now()
      WHERE key = $1 AND (blocked_until IS NULL OR blocked_until <= now()) AND (${fresh} OR attempts < $4)
      RETURNING attempts`,
    [key, THROTTLE.windowMinutes, THROTTLE.forgetStrikesHours, limit],
  );
  if (taken) return null;
  const row = await db.one<{ wait: number }>(
    `SELECT GREATEST(1, ceil(extract(epoch FROM COALESCE(blocked_until, now() + make_interval(mins => $2)) - now())))::int AS wait
       FROM login_throttle WHERE key = $1`,
    [key, THROTTLE.firstBlockMinutes],
  );
  return row?.wait ?? THROTTLE.firstBlockMinutes * 60;
}

/** Gives a reserved attempt back (the sign-in succeeded, or another key refused it before the hash). */
async function release(db: Sql, key: string): Promise<void> {
  await db.query('UPDATE login_throttle SET attempts = GREATEST(attempts - 1, 0) WHERE key = $1', [key]);
}

/** After a failure: when the key's allowance is used up and it is not blocked yet, block it for a growing delay. */
async function blockWhenUsedUp(db: Sql, key: string, limit: number): Promise<void> {
  await db.query(
    `UPDATE login_throttle SET
        blocked_until = now() + make_interval(secs => LEAST($3::float8 * 60 * power(2, strikes), $4::float8 * 60)),
        strikes = strikes + 1, updated_at = now()
      WHERE key = $1 AND attempts >= $2 AND blocked_until IS NULL`,
    [key, limit, THROTTLE.firstBlockMinutes, THROTTLE.maxBlockMinutes],
  );
}

function tooMany(retryAfterSeconds: number): HttpError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new HttpError(429, `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, { 'retry-after': String(retryAfterSeconds) });
}

/**
 * Clears every throttle key of a username — its pairs, its devices and its username-wide key (an administrator's
 * unlock); answers how many were blocked.
 */
export async function unlockUsername(db: Sql, username: string): Promise<number> {
  const name = username.trim().toLowerCase();
  const rows = await db.query<{ blocked: boolean }>(
    `DELETE FROM login_throttle WHERE key = $1 OR left(key, $3) = $2 OR left(key, $5) = $4
      RETURNING blocked_until > now() AS blocked`,
    [usernameKey(name), `u:${name}|`, name.length + 3, `d:${name}|`, name.length + 3],
  );
  return rows.filter((r) => r.blocked).length;
}

/** Whether any address is blocked from signing in as this username right now (the account list's "locked" hint). */
export async function lockedUsernames(db: Sql): Promise<Set<string>> {
  const rows = await db.query<{ name: string }>(
    `SELECT DISTINCT split_part(substr(key, 3), '|', 1) AS name FROM login_throttle
      WHERE (key LIKE 'u:%' OR key LIKE 'n:%' OR key LIKE 'd:%') AND blocked_until > now()`,
  );
  return new Set(rows.map((r) => r.name));
}

/** Drops rows nobody has touched for a day past the longest block (the session clean-up job). */
export async function pruneThrottle(db: Sql): Promise<number> {
  const rows = await db.query<{ key: string }>(
    `DELETE FROM login_throttle WHERE updated_at < now() - make_interval(hours => $1) AND (blocked_until IS NULL OR blocked_until < now()) RETURNING key`,
    [THROTTLE.forgetStrikesHours],
  );
  return rows.length;
}
