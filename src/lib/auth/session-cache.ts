import { randomUUID } from 'node:crypto';
import { processSlot } from '../process-slot';
import type { Db } from '../server/db';
import type { SessionAccount } from './types';

/** The channel the triggers of migration 0060 notify on: `s:<session id>`, `a:<account id>`, `r:<role name>`. */
export const SESSION_CHANNEL = 'gsm_sessions';

// Real time, not the test clock (src/lib/time/clock.ts): entries follow the database's own clock for session
// expiry, like the access tokens' expiry in session.ts.
const realNow = () => Date.now();

interface Entry {
  account: SessionAccount;
  until: number;
}

/**
 * Checked sessions remembered in this process, so a signed-in request costs no query for its session.
 *
 * What keeps it as strict as checking the database every time: every write that ends or changes a session
 * (logout, revocation, deactivation, password change, grants, role edits) notifies at commit through
 * triggers, and every process drops what it remembers of that session, account or role. The cache is only
 * used while its process is listening: while the listening connection is lost (a database restart), it is
 * off and emptied, and every request checks the database again. A generation number keeps a check that
 * started before an invalidation from storing its (by then stale) answer. The lifetime only bounds how long
 * an entry lives if a notification were ever missed.
 */
export class SessionCache {
  private entries = new Map<string, Entry>();
  private listening = false;
  private generationNo = 0;
  private barriers = new Map<string, () => void>();

  constructor(private readonly ttlMs: number, private readonly maxEntries = 20_000) {}

  /** Whether entries may be used now (listening and not turned off). */
  get active(): boolean {
    return this.listening && this.ttlMs > 0;
  }

  get size(): number {
    return this.entries.size;
  }

  generation(): number {
    return this.generationNo;
  }

  get(sessionId: string, accountId: number): SessionAccount | null {
    if (!this.active) return null;
    const entry = this.entries.get(sessionId);
    if (!entry) return null;
    if (entry.until <= realNow() || entry.account.id !== accountId) {
      this.entries.delete(sessionId);
      return null;
    }
    return entry.account;
  }

  /** Remembers a session checked against the database, unless something was invalidated since `generation`. */
  set(sessionId: string, account: SessionAccount, generation: number, sessionExpiresAtMs: number): void {
    if (!this.active || generation !== this.generationNo) return;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(sessionId, { account, until: Math.min(realNow() + this.ttlMs, sessionExpiresAtMs) });
  }

  /** One notification from the triggers. Anything not understood empties the whole cache. */
  invalidate(payload: string): void {
    if (payload.startsWith('b:')) {
      this.barriers.get(payload.slice(2))?.();
      return;
    }
    this.generationNo++;
    const kind = payload.slice(0, 2);
    const key = payload.slice(2);
    if (kind === 's:') {
      this.entries.delete(key);
    } else if (kind === 'a:') {
      for (const [sid, entry] of this.entries) if (String(entry.account.id) === key) this.entries.delete(sid);
    } else if (kind === 'r:') {
      for (const [sid, entry] of this.entries) if (entry.account.role === key) this.entries.delete(sid);
    } else {
      this.entries.clear();
    }
  }

  /**
   * Waits until a notification sent now has come back through this process's own listening connection
   * (at most `timeoutMs`). Notifications arrive in commit order and the database signals every listening
   * process at the same moment, so when a mutation's answer waits for this, the invalidations its commit
   * sent are already on their way to (in practice: already in) every other process before the client
   * hears back and can ask another process. Only useful with more than one process (PostgreSQL).
   */
  async barrier(db: Db, timeoutMs = 2000): Promise<void> {
    if (!this.active || db.kind !== 'postgres') return;
    const id = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const back = new Promise<void>((resolve) => {
      this.barriers.set(id, resolve);
      timer = setTimeout(resolve, timeoutMs);
    });
    try {
      await db.query('SELECT pg_notify($1, $2)', [SESSION_CHANNEL, `b:${id}`]);
      await back;
    } finally {
      clearTimeout(timer);
      this.barriers.delete(id);
    }
  }

  /** Listening (again) or not: either way nothing remembered from before can be trusted. */
  setListening(listening: boolean): void {
    this.generationNo++;
    this.entries.clear();
    this.listening = listening;
  }
}

// One cache per process, shared by every chunk of the server bundle.
const slot = processSlot<SessionCache>('SessionCache');

/** The process's session cache; off until startListening() hears the database. */
export function sessionCache(): SessionCache {
  return slot.get() ?? slot.set(new SessionCache(0));
}

/** Start-up: creates the process's cache with its lifetime and connects it to the database's notifications. */
export async function startSessionCache(db: Db, ttlMs: number): Promise<SessionCache> {
  const cache = slot.set(new SessionCache(ttlMs));
  if (ttlMs > 0) {
    await db.listen(SESSION_CHANNEL, {
      message: (payload) => cache.invalidate(payload),
      up: () => cache.setListening(true),
      down: () => cache.setListening(false),
    });
  }
  return cache;
}
