import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';

/**
 * Who a process is, beyond its pid: pids are recycled (after a container restart the console is pid 1 again,
 * and a crashed process's pid can go to anything), so a claim or lock names the host, the kernel's boot id and
 * the process's start time too. Used by the embedded database's lock file and the job leases.
 */
export interface ProcessIdentity {
  host: string;
  pid: number;
  /** /proc/sys/kernel/random/boot_id: changes with every boot of the (host) kernel; '' where there is no /proc. */
  bootId: string;
  /** Start time of the process in clock ticks since boot (/proc/<pid>/stat field 22); '' where there is no /proc. */
  started: string;
}

function readOr(path: string, fallback: string): string {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return fallback;
  }
}

/** The process's state letter and start time from /proc/<pid>/stat, or null when it has no entry (gone or no /proc). */
function procStat(pid: number): { state: string; started: string } | null {
  const stat = readOr(`/proc/${pid}/stat`, '');
  if (!stat) return null;
  // The command name (field 2) is in parentheses and may hold spaces: fields are counted after its closing one.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0] ?? '', started: fields[19] ?? '' };
}

/** The identity of a running process on this host, or null when it is not running (or there is no /proc). */
export function identityOf(pid: number): ProcessIdentity | null {
  const stat = procStat(pid);
  if (!stat || stat.state === 'Z' || stat.state === 'X') return null;
  return { host: hostname(), pid, bootId: readOr('/proc/sys/kernel/random/boot_id', ''), started: stat.started };
}

let self: ProcessIdentity | null = null;
export function selfIdentity(): ProcessIdentity {
  self ??= { host: hostname(), pid: process.pid, bootId: readOr('/proc/sys/kernel/random/boot_id', ''), started: procStat(process.pid)?.started ?? '' };
  return self;
}

export const identityKey = (id: ProcessIdentity) => `${id.host}/${id.bootId}/${id.pid}/${id.started}`;

export function parseIdentityKey(key: string): ProcessIdentity | null {
  const [host, bootId, pid, started] = key.split('/');
  if (host === undefined || bootId === undefined || started === undefined || !Number(pid)) return null;
  return { host, bootId, pid: Number(pid), started };
}

export const isSelf = (id: ProcessIdentity) => identityKey(id) === identityKey(selfIdentity());

/**
 * Whether the process named is still running: 'alive', 'dead', or 'unknown' when it ran on another host (only
 * a lease can tell then). A zombie (killed, not yet reaped by its parent) is dead; so is a live pid whose start
 * time or boot differs (the pid was recycled).
 */
export function liveness(id: ProcessIdentity): 'alive' | 'dead' | 'unknown' {
  const me = selfIdentity();
  if (id.host !== me.host) return 'unknown';
  if (id.bootId && me.bootId && id.bootId !== me.bootId) return 'dead';
  if (isSelf(id)) return 'alive';
  const stat = procStat(id.pid);
  if (stat) return stat.state === 'Z' || stat.state === 'X' || (id.started !== '' && stat.started !== id.started) ? 'dead' : 'alive';
  if (me.bootId) return 'dead'; // /proc exists and has no entry for the pid
  try {
    process.kill(id.pid, 0);
    return 'alive';
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? 'alive' : 'dead';
  }
}
