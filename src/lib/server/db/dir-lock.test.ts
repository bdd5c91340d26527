import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { identityOf, selfIdentity } from '../process-identity';
import { DatabaseLockedError, takeDirectoryLock } from './dir-lock';

const quick = { heartbeatMs: 10_000, staleMs: 30_000, exitWaitMs: 300 };
const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function lockedDir(content: string, touchedAt?: Date): string {
  const dir = mkdtempSync(join(tmpdir(), 'gsm-lock-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'gsm.lock'), content);
  if (touchedAt) utimesSync(join(dir, 'gsm.lock'), touchedAt, touchedAt);
  return dir;
}

/** Takes the lock; answers how long it took, or the refusal. */
async function take(dir: string, timing = quick): Promise<{ ms: number } | DatabaseLockedError> {
  const started = Date.now();
  try {
    const release = await takeDirectoryLock(dir, timing);
    const ms = Date.now() - started;
    expect(JSON.parse(readFileSync(join(dir, 'gsm.lock'), 'utf8'))).toEqual(selfIdentity());
    release();
    return { ms };
  } catch (error) {
    if (error instanceof DatabaseLockedError) return error;
    throw error;
  }
}

function sleeper(seconds: number): ChildProcess {
  const child = spawn('sleep', [String(seconds)]);
  children.push(child);
  return child;
}

describe('the embedded database lock', () => {
  it('refuses while another live process holds it, naming it', async () => {
    const child = sleeper(30);
    await new Promise((r) => setTimeout(r, 50));
    const refused = await take(lockedDir(JSON.stringify(identityOf(child.pid!))));
    expect(refused).toBeInstanceOf(DatabaseLockedError);
    expect((refused as Error).message).toContain(`already open in process ${child.pid}`);
  });

  it('takes it at once from a process killed with SIGKILL and not yet reaped (a zombie)', async () => {
    // sh starts a child that exits at once, then becomes `sleep`, which never reaps it: a zombie for a while.
    const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 5']);
    children.push(parent);
    const pid = Number(await new Promise<string>((r) => parent.stdout.once('data', (d) => r(String(d).trim()))));
    for (let i = 0; i < 50 && !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8')); i++) await new Promise((r) => setTimeout(r, 20));
    expect(readFileSync(`/proc/${pid}/stat`, 'utf8')).toMatch(/\) Z /);
    const taken = await take(lockedDir(JSON.stringify({ ...selfIdentity(), pid, started: '1' })), { ...quick, exitWaitMs: 5_000 });
    expect(taken).toEqual({ ms: expect.any(Number) });
    expect((taken as { ms: number }).ms).toBeLessThan(100);
  });

  it('takes it at once when the pid now belongs to another process (pid 1 after a container restart)', async () => {
    expect(await take(lockedDir(JSON.stringify({ ...selfIdentity(), pid: 1, started: '999999999999' })))).toEqual({ ms: expect.any(Number) });
    // The older format (a bare pid), written before pid 1 last started.
    expect(await take(lockedDir('1', new Date('2001-01-01T00:00:00Z')))).toEqual({ ms: expect.any(Number) });
  });

  it('waits for an owner that is exiting instead of refusing', async () => {
    const child = sleeper(0.4);
    await new Promise((r) => setTimeout(r, 50));
    const taken = await take(lockedDir(JSON.stringify(identityOf(child.pid!))), { ...quick, exitWaitMs: 3_000 });
    expect(taken).toEqual({ ms: expect.any(Number) });
  });

  it('trusts another host\'s lock while it is kept fresh, and takes it once it is stale', async () => {
    const other = JSON.stringify({ host: 'another-container', bootId: 'b', pid: 1, started: '5' });
    expect(await take(lockedDir(other))).toBeInstanceOf(DatabaseLockedError);
    expect(await take(lockedDir(other, new Date(Date.now() - 60_000)))).toEqual({ ms: expect.any(Number) });
  });
});
