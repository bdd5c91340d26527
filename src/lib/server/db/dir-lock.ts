import { existsSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { identityKey, isSelf, liveness, selfIdentity, type ProcessIdentity } from '../process-identity';

/**
 * PGlite is single-process: two processes writing one directory corrupt it. The lock file `gsm.lock` names its
 * owner fully (host, boot id, pid, process start time: src/lib/server/process-identity.ts) and its owner touches
 * it every HEARTBEAT_MS. Another opener refuses while the owner lives and takes the lock over when it does not:
 * - same host: at once when the pid is gone, a zombie (killed, not yet reaped) or another process now (a
 *   recycled pid, e.g. pid 1 after a container restart); an owner still alive gets EXIT_WAIT_MS to finish exiting;
 * - another host (a new container on the same volume), where the pid means nothing: when the lock has not been
 *   touched for STALE_MS.
 */
export const LOCK_TIMING = { heartbeatMs: 10_000, staleMs: 30_000, exitWaitMs: 3_000 } as const;

export class DatabaseLockedError extends Error {}

interface LockOwner {
  identity: ProcessIdentity | null;
  /** The lock file's last heartbeat (mtime), ms. */
  touchedAt: number;
}

function readOwner(lockFile: string): LockOwner | null {
  let text: string;
  let touchedAt: number;
  try {
    text = readFileSync(lockFile, 'utf8').trim();
    touchedAt = statSync(lockFile).mtimeMs;
  } catch {
    return null;
  }
  try {
    const parsed = JSON.parse(text) as Partial<ProcessIdentity>;
    if (typeof parsed === 'object' && parsed && typeof parsed.pid === 'number') {
      return { identity: { host: String(parsed.host ?? ''), pid: parsed.pid, bootId: String(parsed.bootId ?? ''), started: String(parsed.started ?? '') }, touchedAt };
    }
  } catch {
    // An older console wrote the bare pid.
  }
  const pid = Number(text);
  return { identity: pid ? { host: selfIdentity().host, pid, bootId: '', started: '' } : null, touchedAt };
}

/** Whether the lock's owner may still be using the directory (another host's: whether it was seen lately). */
function ownerState(owner: LockOwner): 'alive' | 'dead' {
  if (!owner.identity) return 'dead';
  if (isSelf(owner.identity)) return 'dead'; // our own earlier lock (an open that failed half-way)
  const state = liveness(owner.identity);
  if (state !== 'unknown') {
    // A bare pid (older lock format) that is alive but started after the lock was written is a recycled pid.
    if (state === 'alive' && !owner.identity.started && startedAfter(owner.identity.pid, owner.touchedAt)) return 'dead';
    return state;
  }
  return Date.now() - owner.touchedAt > LOCK_TIMING.staleMs ? 'dead' : 'alive';
}

/** Whether a process started after the given time (from /proc: its start ticks after boot and the boot time). */
function startedAfter(pid: number, atMs: number): boolean {
  try {
    const btime = Number(readFileSync('/proc/stat', 'utf8').match(/^btime (\d+)$/m)?.[1]);
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ticks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
    // Clock ticks are 1/100 s on every Linux build the console runs on (USER_HZ).
    return btime * 1000 + ticks * 10 > atMs + 1000;
  } catch {
    return false;
  }
}

/** Takes the directory's lock or throws DatabaseLockedError naming the owner; answers the release function. */
export async function takeDirectoryLock(dataDir: string, timing: { heartbeatMs: number; staleMs: number; exitWaitMs: number } = LOCK_TIMING): Promise<() => void> {
  const lockFile = join(dataDir, 'gsm.lock');
  const deadline = Date.now() + timing.exitWaitMs;
  for (;;) {
    const owner = existsSync(lockFile) ? readOwner(lockFile) : null;
    if (!owner || ownerState(owner) === 'dead') break;
    if (Date.now() >= deadline) {
      const who = owner.identity ? `process ${owner.identity.pid}${owner.identity.host && owner.identity.host !== selfIdentity().host ? ` on ${owner.identity.host}` : ''}` : 'another process';
      throw new DatabaseLockedError(
        `The embedded database in ${dataDir} is already open in ${who}. Only one process may open a PGlite directory: stop that process, or set DATA_DIR to another directory, or use PostgreSQL through DATABASE_URL.`,
      );
    }
    // The owner may be exiting (a restart right after a stop): give it a moment.
    await new Promise((r) => setTimeout(r, 100));
  }
  // Written aside and renamed in place, so a reader never sees half a lock.
  const mine = JSON.stringify(selfIdentity());
  const temp = `${lockFile}.${process.pid}.tmp`;
  writeFileSync(temp, mine);
  renameSync(temp, lockFile);
  const ours = () => {
    try {
      return readFileSync(lockFile, 'utf8').trim() === mine;
    } catch {
      return false;
    }
  };
  const heartbeat = setInterval(() => {
    if (!ours()) return void console.error(`[db] the lock file ${lockFile} is no longer this process's (${identityKey(selfIdentity())})`);
    const now = new Date();
    try {
      utimesSync(lockFile, now, now);
    } catch {
      // The directory may be gone (temporary test directories).
    }
  }, timing.heartbeatMs);
  heartbeat.unref();
  return () => {
    clearInterval(heartbeat);
    try {
      if (ours()) rmSync(lockFile);
    } catch {
      // The directory may already be gone (temporary test directories).
    }
  };
}
