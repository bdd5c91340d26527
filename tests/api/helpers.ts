import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { createAccountContract } from '../../src/lib/accounts/contract';
import { loginContract } from '../../src/lib/auth/contract';
import { createRequester, type ApiError, type Requester } from '../../src/lib/http/requester';
import { saveRoleContract } from '../../src/lib/roles/contract';
import { DEMO_PASSWORD } from '../support/test-server';

export const baseUrl = inject('baseUrl');
export { DEMO_PASSWORD };

/** The app's own typed requester, pointed at the test server, without a session. */
export const anonymous: Requester = createRequester({ baseUrl });

export async function tokensFor(username: string, password = DEMO_PASSWORD) {
  const { data } = await anonymous(loginContract, { username, password });
  return data;
}

/** A typed requester signed in as a demo account through a Bearer token, as a script would be. */
export async function signedInAs(username: string, password = DEMO_PASSWORD): Promise<Requester & { tokens: { accessToken: string; refreshToken: string } }> {
  const tokens = await tokensFor(username, password);
  const requester = createRequester({ baseUrl, headers: { authorization: `Bearer ${tokens.accessToken}` } });
  return Object.assign(requester, { tokens });
}

/** A raw HTTP call for bad-input tests that the typed requester would refuse to send. */
export async function raw(method: string, path: string, options: { body?: string; headers?: Record<string, string>; token?: string } = {}) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    body: options.body,
    redirect: 'manual',
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
  });
  const text = await response.text();
  let json: unknown = undefined;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON (pages, redirects)
  }
  return { status: response.status, headers: response.headers, json: json as { message?: string; data?: unknown; totalRecord?: number }, text };
}

/** The error of a call that must fail (the typed requester rejects with an ApiError). */
export const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: ApiError) => error,
  );

let nameSeq = 0;
/** A name unique to this run (letters, digits, dashes), for the accounts, roles, apps and teams a suite owns. */
export const uniqueName = (prefix: string) => `${prefix}-${Date.now().toString(36).slice(-5)}${(++nameSeq).toString(36)}`;

export type Session = Awaited<ReturnType<typeof signedInAs>>;

/**
 * An account the calling suite owns, on a role of its own with exactly these grants (never a demo account:
 * other suites and the e2e suite rely on those as seeded). Created by the demo root; answers a session.
 */
export async function ownAccount(
  prefix: string,
  grants: { paths?: string[]; privateActions?: string[]; role?: string; listApp?: string[]; canViewAllApp?: boolean } = {},
): Promise<Session & { username: string; role: string; password: string }> {
  const root = await signedInAs('root');
  const username = uniqueName(prefix);
  const password = `${username}-passphrase`;
  const role = grants.role ?? username;
  if (!grants.role) await root(saveRoleContract, { name: role, description: `owned by a test suite`, paths: grants.paths ?? [], privateActions: grants.privateActions ?? [] });
  await root(createAccountContract, { username, role, password, listApp: grants.listApp ?? [], canViewAllApp: grants.canViewAllApp ?? false });
  return Object.assign(await signedInAs(username, password), { username, role, password });
}

/** The pid of the process listening on the test server's port (the API suite's server is started elsewhere). */
export function serverPid(): number {
  const port = new URL(baseUrl).port;
  const line = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  const pid = Number(line.match(/pid=(\d+)/)?.[1]);
  if (!pid) throw new Error(`no process found listening on port ${port}: ${line}`);
  return pid;
}
/** Resident memory of a process (VmRSS), bytes. */
export const rssBytes = (pid: number) => Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/)![1]) * 1024;
