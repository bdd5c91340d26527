import { describe, expect, it } from 'vitest';
import { insertTestAccount } from '../accounts/account.testkit';
import type { Db } from '../server/db';
import { migratedMemoryDb } from '../server/db/memory-db.testkit';
import { createSession, loadLiveSession, revokeAllSessions, revokeSession, verifyAccessToken } from './session';
import { SessionCache, startSessionCache } from './session-cache';

const SECRET = 'unit-test-session-secret-long-enough-0123456789';
let db: Db;
let cache: SessionCache;
let accountId: number;

migratedMemoryDb(async (opened) => {
  db = opened;
  accountId = await insertTestAccount(db, 'cache-user', 'analyst-role');
  cache = await startSessionCache(db, 60_000);
});

/** What the request path does: the cache, else the database (then remembered). */
async function check(accessToken: string) {
  const { sessionId, accountId: id } = verifyAccessToken(accessToken, SECRET)!;
  const hit = cache.get(sessionId, id);
  if (hit) return { account: hit, fromCache: true };
  const generation = cache.generation();
  const live = await loadLiveSession(db, sessionId, id);
  if (live) cache.set(sessionId, live.account, generation, live.expiresAtMs);
  return { account: live?.account ?? null, fromCache: false };
}

const newSession = () => createSession(db, accountId, SECRET, { ip: '', userAgent: '' });
const sidOf = (token: string) => verifyAccessToken(token, SECRET)!.sessionId;

describe('session cache on the embedded database', () => {
  it('answers a second check of a live session without the database', async () => {
    const { accessToken } = await newSession();
    expect(await check(accessToken)).toMatchObject({ fromCache: false, account: { username: 'cache-user' } });
    expect(await check(accessToken)).toMatchObject({ fromCache: true, account: { username: 'cache-user' } });
  });

  it('forgets a session the moment it is revoked', async () => {
    const { accessToken } = await newSession();
    await check(accessToken);
    await revokeSession(db, sidOf(accessToken));
    expect(await check(accessToken)).toEqual({ account: null, fromCache: false });
  });

  it('forgets every session of an account that is deactivated or whose sessions all end', async () => {
    const a = await newSession();
    const b = await newSession();
    await check(a.accessToken);
    await check(b.accessToken);
    await revokeAllSessions(db, accountId);
    expect((await check(a.accessToken)).account).toBeNull();
    expect((await check(b.accessToken)).account).toBeNull();

    const c = await newSession();
    await check(c.accessToken);
    await db.query('UPDATE accounts SET active = false WHERE id = $1', [accountId]);
    expect((await check(c.accessToken)).account).toBeNull();
    await db.query('UPDATE accounts SET active = true WHERE id = $1', [accountId]);
  });

  it('sees a role edit at once (permissions come from the role)', async () => {
    const { accessToken } = await newSession();
    expect((await check(accessToken)).account?.paths).toEqual([]);
    await db.query(`UPDATE roles SET paths = '["/post/index"]'::jsonb WHERE name = 'analyst-role'`);
    expect(await check(accessToken)).toMatchObject({ fromCache: false, account: { paths: ['/post/index'] } });
  });

  it('does not store a check that an invalidation overtook', async () => {
    const { accessToken } = await newSession();
    const sid = sidOf(accessToken);
    const generation = cache.generation();
    const live = await loadLiveSession(db, sid, accountId);
    await revokeSession(db, sid); // lands while the check above is "in flight"
    cache.set(sid, live!.account, generation, live!.expiresAtMs);
    expect(cache.get(sid, accountId)).toBeNull();
  });

  it('is off and empty while it cannot hear the database', async () => {
    const { accessToken } = await newSession();
    await check(accessToken);
    cache.setListening(false);
    expect(await check(accessToken)).toMatchObject({ fromCache: false });
    expect(cache.size).toBe(0);
    cache.setListening(true);
    await check(accessToken);
    expect(await check(accessToken)).toMatchObject({ fromCache: true });
  });
});
