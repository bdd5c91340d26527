import { randomUUID } from 'node:crypto';
import { tunables } from '../server/config';
import type { Sql } from '../server/db';
import { randomToken, sha256, signToken, verifyToken } from '../server/crypto';
import type { SessionAccount } from './types';

export const ACCESS_TTL_SECONDS = 15 * 60;
export const REFRESH_TTL_SECONDS = 30 * 24 * 3600;
/** How long a just-rotated refresh cookie still opens pages (parallel requests racing one rotation). */
const rotationGraceSeconds = () => tunables().refreshReuseGraceSeconds;

interface AccessPayload {
  sid: string;
  sub: number;
  exp: number;
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
}

const now = () => Math.floor(Date.now() / 1000);

export function issueAccessToken(sessionId: string, accountId: number, secret: string): string {
  return signToken({ sid: sessionId, sub: accountId, exp: now() + ACCESS_TTL_SECONDS } satisfies AccessPayload, secret);
}

/** Starts a session and returns its first token pair. */
export async function createSession(db: Sql, accountId: number, secret: string, meta: { ip: string; userAgent: string }): Promise<IssuedTokens> {
  const id = randomUUID();
  const refreshToken = randomToken();
  await db.query(
    `INSERT INTO sessions (id, account_id, refresh_hash, user_agent, ip, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))`,
    [id, accountId, sha256(refreshToken), meta.userAgent.slice(0, 300), meta.ip, REFRESH_TTL_SECONDS],
  );
  return { accessToken: issueAccessToken(id, accountId, secret), refreshToken };
}

/**
 * Rotates a refresh token: the presented one stops working and a new pair is issued.
 * Returns null when the token is unknown, revoked, expired or its account is deactivated.
 */
export async function rotateSession(db: Sql, refreshToken: string, secret: string): Promise<(IssuedTokens & { accountId: number; sessionId: string }) | null> {
  const next = randomToken();
  const row = await db.one<{ id: string; account_id: number }>(
    `UPDATE sessions s SET prev_refresh_hash = s.refresh_hash, refresh_hash = $2, rotated_at = now()
       FROM accounts a
      WHERE s.refresh_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()
        AND a.id = s.account_id AND a.active
      RETURNING s.id, s.account_id`,
    [sha256(refreshToken), sha256(next)],
  );
  if (!row) return null;
  return { accessToken: issueAccessToken(row.id, row.account_id, secret), refreshToken: next, accountId: row.account_id, sessionId: row.id };
}

/**
 * For the browser's cookie: a refresh token rotated a moment ago by a parallel request still
 * yields a fresh access token (but no new refresh token), so one page load does not sign itself out.
 */
export async function graceAccess(db: Sql, refreshToken: string, secret: string): Promise<{ accessToken: string; accountId: number; sessionId: string } | null> {
  const row = await db.one<{ id: string; account_id: number }>(
    `SELECT s.id, s.account_id FROM sessions s JOIN accounts a ON a.id = s.account_id
      WHERE s.prev_refresh_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now() AND a.active
        AND s.rotated_at > now() - make_interval(secs => $2)`,
    [sha256(refreshToken), rotationGraceSeconds()],
  );
  return row ? { accessToken: issueAccessToken(row.id, row.account_id, secret), accountId: row.account_id, sessionId: row.id } : null;
}

/**
 * Refresh-token reuse detection: a token that was already rotated, presented again after the grace, means two
 * parties hold the session (a stolen copy, or the owner after the thief rotated it). Neither can tell which
 * is which, so the whole session ends and both sign in again. Answers the account whose session ended.
 * Only the previous token of each session is remembered, so an older one is simply unknown (401).
 */
export async function revokeOnReuse(db: Sql, refreshToken: string): Promise<{ accountId: number; sessionId: string } | null> {
  const row = await db.one<{ id: string; account_id: number }>(
    `UPDATE sessions SET revoked_at = now()
      WHERE prev_refresh_hash = $1 AND revoked_at IS NULL AND rotated_at <= now() - make_interval(secs => $2)
      RETURNING id, account_id`,
    [sha256(refreshToken), rotationGraceSeconds()],
  );
  return row ? { accountId: row.account_id, sessionId: row.id } : null;
}

/** An access token's session, when its signature and expiry hold (no database: see loadLiveSession). */
export function verifyAccessToken(token: string, secret: string): { accountId: number; sessionId: string } | null {
  const payload = verifyToken<AccessPayload>(token, secret);
  if (!payload || typeof payload.exp !== 'number' || payload.exp < now()) return null;
  if (typeof payload.sid !== 'string' || typeof payload.sub !== 'number') return null;
  return { accountId: payload.sub, sessionId: payload.sid };
}

/**
 * One query for a request's session: the session still live (not revoked, not expired, account active) and
 * the account with its effective permissions, or null. Checked on every request that the session cache
 * (session-cache.ts) cannot answer, so logout, deactivation and revocation take effect at once.
 */
export async function loadLiveSession(db: Sql, sessionId: string, accountId: number): Promise<{ account: SessionAccount; expiresAtMs: number } | null> {
  const row = await db.one<AccountRow & { session_expires_at: Date | string }>(
    `SELECT ${ACCOUNT_COLUMNS}, s.expires_at AS session_expires_at
       FROM sessions s JOIN accounts a ON a.id = s.account_id LEFT JOIN roles r ON r.name = a.role
      WHERE s.id = $1 AND s.account_id = $2 AND s.revoked_at IS NULL AND s.expires_at > now() AND a.active`,
    [sessionId, accountId],
  );
  if (!row) return null;
  return { account: toSessionAccount(row, sessionId), expiresAtMs: new Date(row.session_expires_at).getTime() };
}

export async function revokeSession(db: Sql, sessionId: string): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [sessionId]);
}

export async function revokeSessionByRefresh(db: Sql, refreshToken: string): Promise<string | null> {
  const row = await db.one<{ id: string }>('UPDATE sessions SET revoked_at = now() WHERE refresh_hash = $1 AND revoked_at IS NULL RETURNING id', [sha256(refreshToken)]);
  return row?.id ?? null;
}

export async function revokeAllSessions(db: Sql, accountId: number): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE account_id = $1 AND revoked_at IS NULL', [accountId]);
}

interface AccountRow {
  id: number; username: string; role: string; name: string; avatar: string; introduction: string;
  paths: string[]; private_actions: string[]; permissions: string[]; list_app: string[]; can_view_all_app: boolean;
  follow_team: string[]; exclude_teams: string[]; role_paths: string[] | null; role_actions: string[] | null;
}

const ACCOUNT_COLUMNS = `a.id, a.username, a.role, a.name, a.avatar, a.introduction, a.paths, a.private_actions, a.permissions,
            a.list_app, a.can_view_all_app, a.follow_team, a.exclude_teams,
            r.paths AS role_paths, r.private_actions AS role_actions`;

/** The account with its effective permissions: its role's lists plus its own extras. */
function toSessionAccount(row: AccountRow, sessionId: string): SessionAccount {
  const isRoot = row.role === 'root';
  const union = (a: string[] | null, b: string[]) => [...new Set([...(a ?? []), ...b])];
  return {
    id: row.id,
    sessionId,
    username: row.username,
    role: row.role,
    name: row.name,
    avatar: row.avatar,
    introduction: row.introduction,
    // Root has no path or private-action lists: it passes every check by role.
    paths: isRoot ? [] : union(row.role_paths, row.paths),
    privateActions: isRoot ? [] : union(row.role_actions, row.private_actions),
    permissions: isRoot ? [] : row.permissions,
    listApp: row.list_app,
    canViewAllApp: isRoot || row.can_view_all_app,
    followTeam: row.follow_team,
    excludeTeams: row.exclude_teams,
  };
}
