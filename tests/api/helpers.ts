import { inject } from 'vitest';
import { loginContract } from '../../src/lib/auth/contract';
import { createRequester, type Requester } from '../../src/lib/http/requester';
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
