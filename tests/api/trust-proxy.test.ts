import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../support/test-server';
import { baseUrl } from './helpers';

/**
 * Behind a TLS-terminating proxy the console sees plain HTTP: only with TRUST_PROXY on does the proxy's
 * `X-Forwarded-Proto: https` make cookies Secure and send HSTS. Without it a client talking to the console
 * directly cannot forge HTTPS (nor pin HSTS on a host the operator serves over HTTP).
 */
let proxied: TestServer;
beforeAll(async () => {
  proxied = await startTestServer({ DATABASE_URL: '', TRUST_PROXY: '1', DEMO_TELEMETRY: '0', SCHEDULER: 'off' });
}, 90_000);
afterAll(() => proxied?.stop());

async function signIn(base: string, headers: Record<string, string>) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ username: 'analyst', password: DEMO_PASSWORD }),
  });
  expect(response.status).toBe(200);
  const cookies = response.headers.getSetCookie().filter((c) => /^gsm_(at|rt)=/.test(c));
  expect(cookies).toHaveLength(2);
  return { cookies, hsts: response.headers.get('strict-transport-security') };
}
const secure = (cookies: string[]) => cookies.map((c) => /;\s*Secure/i.test(c));

describe('TRUST_PROXY and X-Forwarded-Proto', () => {
  it('off (the default): a forged X-Forwarded-Proto: https changes nothing', async () => {
    const forged = await signIn(baseUrl, { 'x-forwarded-proto': 'https' });
    expect(secure(forged.cookies)).toEqual([false, false]);
    expect(forged.hsts).toBeNull();
    const page = await fetch(`${baseUrl}/login`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(page.headers.get('strict-transport-security')).toBeNull();
  });

  it('on: the proxy saying https makes the session cookies Secure and sends HSTS, on pages too', async () => {
    const https = await signIn(proxied.baseUrl, { 'x-forwarded-proto': 'https' });
    expect(secure(https.cookies)).toEqual([true, true]);
    expect(https.hsts).toMatch(/^max-age=\d{7,}/);
    const page = await fetch(`${proxied.baseUrl}/login`, { headers: { 'x-forwarded-proto': 'https, http' } });
    expect(page.headers.get('strict-transport-security')).toMatch(/^max-age=/);
  });

  it('on: plain HTTP through the proxy (or no header) stays plain', async () => {
    for (const headers of [{ 'x-forwarded-proto': 'http' }, {}] as Record<string, string>[]) {
      const plain = await signIn(proxied.baseUrl, headers);
      expect(secure(plain.cookies)).toEqual([false, false]);
      expect(plain.hsts).toBeNull();
    }
  });
});
