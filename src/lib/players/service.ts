import { randomBytes, randomInt } from 'node:crypto';
import { MISSING_SDK_KEY, UNKNOWN_SDK_KEY, type SdkApp } from '../analytics/ingest';
import { randomToken, sha256 } from '../server/crypto';
import { serverConfig } from '../server/config';
import type { Db, Sql } from '../server/db';
import { HttpError, badRequest } from '../server/errors';
import { PLAYER_DATA_MAX_BYTES, type PlayerTokens } from './contract';
import { PLAYER_ACCESS_TTL_SECONDS, PLAYER_REFRESH_TTL_DAYS, readPlayerToken, requireTokenApp, signPlayerToken, type PlayerClaims } from './tokens';

/** Player ids: "p_" and 20 base32 characters (100 bits), minted here so a game cannot claim another's player. */
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
export function mintPlayerId(): string {
  const bytes = randomBytes(20);
  return `p_${[...bytes].map((b) => BASE32[b & 31]).join('')}`;
}

/** Link codes: 8 characters without look-alikes (no I, O, 0, 1), typed by a person from one screen to another. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const LINK_CODE_TTL_MINUTES = 10;
const mintLinkCode = () => Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

const secret = () => serverConfig().sessionSecret;

async function issueTokens(tx: Sql, claims: PlayerClaims, created: boolean): Promise<PlayerTokens> {
  const refreshToken = randomToken(32);
  // The access token carries the device's current session generation (see revokeDevice).
  const row = await tx.one<{ token_epoch: number }>(
    `WITH ins AS (INSERT INTO player_refresh_tokens (token_hash, app_id, player_id, device_id, expires_at)
                  VALUES ($1, $2, $3, $4, now() + make_interval(days => $5)))
     SELECT token_epoch FROM player_devices WHERE app_id = $2 AND device_id = $4`,
    [sha256(refreshToken), claims.appId, claims.playerId, claims.deviceId, PLAYER_REFRESH_TTL_DAYS],
  );
  const epoch = Number(row?.token_epoch ?? 0);
  return { playerId: claims.playerId, accessToken: await signPlayerToken({ ...claims, epoch }, secret()), expiresIn: PLAYER_ACCESS_TTL_SECONDS, refreshToken, created };
}

/**
 * Ends every session of a device (a relinked device, a replayed refresh token): its refresh tokens are revoked
 * and its session generation moves on, so the access tokens already issued stop at their next call too.
 */
const revokeDevice = async (tx: Sql, appId: string, deviceId: string) => {
  await tx.query('UPDATE player_refresh_tokens SET revoked_at = now() WHERE app_id = $1 AND device_id = $2 AND revoked_at IS NULL', [appId, deviceId]);
  await tx.query('UPDATE player_devices SET token_epoch = token_epoch + 1 WHERE app_id = $1 AND device_id = $2', [appId, deviceId]);
};

/**
 * A device starts a session: its player (created with the device on first contact), or — with a link code shown
 * by another device of a player — that player, the device moving to it (its other sessions end).
 */
export async function startSession(db: Db, app: SdkApp, deviceId: string, linkCode?: string): Promise<PlayerTokens> {
  return db.transaction(async (tx) => {
    if (linkCode) {
      const code = await tx.one<{ player_id: string }>(
        `UPDATE player_link_codes SET used_at = now()
          WHERE code_hash = $1 AND app_id = $2 AND used_at IS NULL AND expires_at > now() RETURNING player_id`,
        [sha256(linkCode), app.appId],
      );
      if (!code) throw badRequest('linkCode: the code is wrong, used or expired; show a new one on the other device.');
      await revokeDevice(tx, app.appId, deviceId);
      await tx.query(
        `INSERT INTO player_devices (app_id, device_id, player_id, os) VALUES ($1, $2, $3, $4)
         ON CONFLICT (app_id, device_id) DO UPDATE SET player_id = EXCLUDED.player_id, os = EXCLUDED.os, bound_at = now(), last_seen_at = now()`,
        [app.appId, deviceId, code.player_id, app.os],
      );
      await tx.query('UPDATE players SET last_seen_at = now() WHERE app_id = $1 AND player_id = $2', [app.appId, code.player_id]);
      return issueTokens(tx, { appId: app.appId, playerId: code.player_id, deviceId }, false);
    }
    const known = await tx.one<{ player_id: string }>(
      'UPDATE player_devices SET last_seen_at = now() WHERE app_id = $1 AND device_id = $2 RETURNING player_id',
      [app.appId, deviceId],
    );
    if (known) {
      await tx.query('UPDATE players SET last_seen_at = now() WHERE app_id = $1 AND player_id = $2', [app.appId, known.player_id]);
      return issueTokens(tx, { appId: app.appId, playerId: known.player_id, deviceId }, false);
    }
    const playerId = mintPlayerId();
    await tx.query('INSERT INTO players (app_id, player_id) VALUES ($1, $2)', [app.appId, playerId]);
    // Two first calls of one device at once: the second waits for the first's row and uses its player.
    const bound = await tx.one<{ player_id: string }>(
      `INSERT INTO player_devices (app_id, device_id, player_id, os) VALUES ($1, $2, $3, $4)
       ON CONFLICT (app_id, device_id) DO NOTHING RETURNING player_id`,
      [app.appId, deviceId, playerId, app.os],
    );
    if (bound) return issueTokens(tx, { appId: app.appId, playerId, deviceId }, true);
    await tx.query('DELETE FROM players WHERE app_id = $1 AND player_id = $2', [app.appId, playerId]);
    const winner = await tx.one<{ player_id: string }>('SELECT player_id FROM player_devices WHERE app_id = $1 AND device_id = $2', [app.appId, deviceId]);
    return issueTokens(tx, { appId: app.appId, playerId: winner!.player_id, deviceId }, false);
  });
}

const REFRESH_REFUSED = 'Refresh token expired or ended: start a new session at /api/sdk/v1/players/session.';

/**
 * Trades a refresh token for new tokens, once. A token presented a second time means a copy is in other hands:
 * every session of that device ends.
 */
export async function refreshSession(db: Db, app: SdkApp, refreshToken: string): Promise<PlayerTokens> {
  const hash = sha256(refreshToken);
  const outcome = await db.transaction(async (tx) => {
    const row = await tx.one<{ player_id: string; device_id: string }>(
      `UPDATE player_refresh_tokens SET rotated_at = now()
        WHERE token_hash = $1 AND app_id = $2 AND rotated_at IS NULL AND revoked_at IS NULL AND expires_at > now()
          AND EXISTS (SELECT 1 FROM player_devices d WHERE d.app_id = $2 AND d.device_id = player_refresh_tokens.device_id AND d.player_id = player_refresh_tokens.player_id)
        RETURNING player_id, device_id`,
      [hash, app.appId],
    );
    if (row) return { tokens: await issueTokens(tx, { appId: app.appId, playerId: row.player_id, deviceId: row.device_id }, false) };
    const replayed = await tx.one<{ device_id: string }>('SELECT device_id FROM player_refresh_tokens WHERE token_hash = $1 AND app_id = $2 AND rotated_at IS NOT NULL', [hash, app.appId]);
    if (replayed) await revokeDevice(tx, app.appId, replayed.device_id);
    return { tokens: null };
  });
  if (!outcome.tokens) throw new HttpError(401, REFRESH_REFUSED);
  return outcome.tokens;
}

const DEVICE_GONE = 'This device no longer belongs to that player: start a new session.';
const SESSION_ENDED = 'This session was ended (its refresh token was used twice): start a new session at /api/sdk/v1/players/session.';

/**
 * A game call's credentials checked in process: its SDK key and the claims of its (signed, unexpired) player
 * token. The database half — the key's app and the device still the player's — is `playerAuthSql` inside the
 * caller's statement, judged by `acceptPlayer`: the call a game makes most (its rank) then costs one round trip.
 * A refused token is judged by `playerOf` instead, so the refusals keep their order (an unknown key first).
 */
export async function playerCredentials(db: Sql, headers: Headers): Promise<{ key: string; claims: PlayerClaims }> {
  const key = headers.get('x-sdk-key')?.trim();
  if (!key) throw new HttpError(401, MISSING_SDK_KEY);
  const claims = await readPlayerToken(headers.get('x-player-token'), secret()).catch(() => null);
  return { key, claims: claims ?? (await playerOf(db, headers)) };
}

/**
 * The key's app and whether the device is still the player's, as a CTE named `auth` over three parameters of the
 * caller's statement: the SDK key, the device and the player. No row when the key is unknown.
 */
export const playerAuthSql = (key: string, device: string, player: string) =>
  `auth AS (SELECT o.app_id AS auth_app, (SELECT d.token_epoch FROM player_devices d WHERE d.app_id = o.app_id AND d.device_id = ${device} AND d.player_id = ${player}) AS auth_epoch
             FROM app_os o WHERE o.sdk_app_key = ${key})`;

/** What the `auth` CTE answers: the key's app, and the device's session generation (null: the device is not the player's). */
export interface AuthRow {
  auth_app: string;
  auth_epoch: number | null;
}

/** The player of a call whose `auth` row (undefined: no row, the key is unknown) has been read. */
export function acceptPlayer(row: AuthRow | undefined, claims: PlayerClaims | null, refusal?: unknown): PlayerClaims {
  if (!row) throw new HttpError(401, UNKNOWN_SDK_KEY);
  if (!claims) throw refusal;
  requireTokenApp(claims, row.auth_app);
  if (row.auth_epoch === null) throw new HttpError(401, DEVICE_GONE);
  // The device's sessions were ended after this token was issued (a spent refresh token came back).
  if (Number(row.auth_epoch) !== (claims.epoch ?? 0)) throw new HttpError(401, SESSION_ENDED);
  return claims;
}

/**
 * The player a game-facing call is about: the app of its SDK key, the player of its token, the device still
 * theirs. The token is checked first (no database), then the key and the device in one query — every
 * game call pays this, and a round trip is most of what the small ones cost. The refusals keep their order:
 * a missing or unknown key, then the token, then a token of another app, then a device that moved.
 */
export async function playerOf(db: Sql, headers: Headers, knownApp?: SdkApp): Promise<PlayerClaims> {
  const token = readPlayerToken(headers.get('x-player-token'), secret()).then(
    (claims) => ({ claims, refusal: null }),
    (refusal: unknown) => ({ claims: null, refusal }),
  );
  // A caller that already resolved the SDK key (house-ads serving) passes its app: only the device is read.
  if (knownApp) {
    const { claims, refusal } = await token;
    if (!claims) throw refusal;
    requireTokenApp(claims, knownApp.appId);
    const bound = await db.one<{ token_epoch: number }>('SELECT token_epoch FROM player_devices WHERE app_id = $1 AND device_id = $2 AND player_id = $3', [claims.appId, claims.deviceId, claims.playerId]);
    if (!bound) throw new HttpError(401, DEVICE_GONE);
    if (Number(bound.token_epoch) !== (claims.epoch ?? 0)) throw new HttpError(401, SESSION_ENDED);
    return claims;
  }
  const key = headers.get('x-sdk-key')?.trim();
  if (!key) throw new HttpError(401, MISSING_SDK_KEY);
  const { claims, refusal } = await token;
  const row = await db.one<AuthRow>(`WITH ${playerAuthSql('$1', '$2', '$3')} SELECT auth_app, auth_epoch FROM auth`, [key, claims?.deviceId ?? '', claims?.playerId ?? '']);
  return acceptPlayer(row, claims, refusal);
}

export async function playerSummary(db: Sql, player: PlayerClaims) {
  const row = await db.one<{ created_at: Date; devices: number }>(
    `SELECT p.created_at, (SELECT count(*)::int FROM player_devices d WHERE d.app_id = p.app_id AND d.player_id = p.player_id) AS devices
       FROM players p WHERE p.app_id = $1 AND p.player_id = $2`,
    [player.appId, player.playerId],
  );
  return { playerId: player.playerId, appId: player.appId, createdAt: new Date(row!.created_at).toISOString(), devices: row!.devices };
}

/** At most this many live codes per player: enough for a retry, too few to guess by flooding. */
const LIVE_CODES_MAX = 3;

export async function createLinkCode(db: Db, player: PlayerClaims): Promise<{ code: string; expiresAt: string }> {
  return db.transaction(async (tx) => {
    // The player's row is locked first, so parallel requests count the open codes one after another (a count
    // alone would not see the others' uncommitted codes on PostgreSQL).
    await tx.query('SELECT 1 FROM players WHERE app_id = $1 AND player_id = $2 FOR UPDATE', [player.appId, player.playerId]);
    const live = await tx.one<{ n: number }>(
      'SELECT count(*)::int AS n FROM player_link_codes WHERE app_id = $1 AND player_id = $2 AND used_at IS NULL AND expires_at > now()',
      [player.appId, player.playerId],
    );
    if ((live?.n ?? 0) >= LIVE_CODES_MAX) throw new HttpError(429, `At most ${LIVE_CODES_MAX} link codes may be open at once; use one or wait ${LINK_CODE_TTL_MINUTES} minutes.`, { 'retry-after': String(LINK_CODE_TTL_MINUTES * 60) }, 'RATE_LIMITED');
    const code = mintLinkCode();
    const row = await tx.one<{ expires_at: Date }>(
      `INSERT INTO player_link_codes (code_hash, app_id, player_id, expires_at) VALUES ($1, $2, $3, now() + make_interval(mins => $4)) RETURNING expires_at`,
      [sha256(code), player.appId, player.playerId, LINK_CODE_TTL_MINUTES],
    );
    return { code, expiresAt: new Date(row!.expires_at).toISOString() };
  });
}

export async function readPlayerData(db: Sql, player: PlayerClaims) {
  const row = await db.one<{ version: number; data: Record<string, unknown>; updated_at: Date }>(
    'SELECT version, data, updated_at FROM player_data WHERE app_id = $1 AND player_id = $2',
    [player.appId, player.playerId],
  );
  return row ? { version: row.version, data: row.data, updatedAt: new Date(row.updated_at).toISOString() } : { version: 0, data: {}, updatedAt: null };
}

/**
 * Writes the cloud save over the version the writer read (optimistic concurrency): a stale version answers 409
 * with the current one, so the game reads again and merges rather than overwrite progress from another device.
 */
export async function writePlayerData(db: Sql, player: PlayerClaims, input: { version: number; data: Record<string, unknown> }, by: string) {
  const text = JSON.stringify(input.data);
  if (Buffer.byteLength(text) > PLAYER_DATA_MAX_BYTES) throw new HttpError(413, `data: the save is ${Buffer.byteLength(text)} bytes as JSON; at most ${PLAYER_DATA_MAX_BYTES} are kept.`);
  const row =
    input.version === 0
      ? await db.one<{ version: number; updated_at: Date }>(
          `INSERT INTO player_data (app_id, player_id, version, data, updated_by) VALUES ($1, $2, 1, $3::jsonb, $4)
           ON CONFLICT (app_id, player_id) DO NOTHING RETURNING version, updated_at`,
          [player.appId, player.playerId, text, by],
        )
      : await db.one<{ version: number; updated_at: Date }>(
          `UPDATE player_data SET version = version + 1, data = $4::jsonb, updated_by = $5, updated_at = now()
            WHERE app_id = $1 AND player_id = $2 AND version = $3 RETURNING version, updated_at`,
          [player.appId, player.playerId, input.version, text, by],
        );
  if (!row) {
    const current = await db.one<{ version: number }>('SELECT version FROM player_data WHERE app_id = $1 AND player_id = $2', [player.appId, player.playerId]);
    throw new HttpError(409, `version: the save is at version ${current?.version ?? 0}, not ${input.version}; read it again and merge.`, {}, 'SAVE_VERSION_CONFLICT');
  }
  return { version: row.version, updatedAt: new Date(row.updated_at).toISOString() };
}
