import { describe, expect, it } from 'vitest';
import { suggestContract } from '../../src/lib/accounts/contract';
import { ownAccount, raw, rejection, signedInAs, tokensFor } from './helpers';

/**
 * The findings of the security review, one group each: every test here failed before its fix.
 */

const EVIL_TARGETS = ['/\\evil.example', '\\/evil.example', '/%5Cevil.example', '%2F%2Fevil.example', '//evil.example', 'https://evil.example', '/\t/evil.example'];

describe('open redirect: /login?redirect=, /auth-redirect and /redirect/… stay on the console', () => {
  it('hands the sign-in form only a same-origin path', async () => {
    for (const target of EVIL_TARGETS) {
      const page = await raw('GET', `/login?redirect=${encodeURIComponent(target)}`);
      expect(page.status, target).toBe(200);
      expect(page.text, target).not.toContain('evil.example');
      expect(page.text, target).toMatch(/redirect&quot;:\[0,&quot;\/dashboard&quot;\]/);
    }
  });

  it('sends a signed-in account from /auth-redirect and /redirect/… to the dashboard, never to another host', async () => {
    const { accessToken } = await tokensFor('root');
    for (const target of EVIL_TARGETS) {
      const landed = await raw('GET', `/auth-redirect?redirect=${encodeURIComponent(target)}`, { token: accessToken });
      expect(landed.status, target).toBe(302);
      expect(landed.headers.get('location'), target).toBe('/dashboard');
    }
    for (const path of ['/redirect/%5Cevil.example', '/redirect/%5C%5Cevil.example', '/redirect/%2Fevil.example']) {
      const landed = await raw('GET', path, { token: accessToken });
      expect(landed.status, path).toBe(302);
      expect(landed.headers.get('location'), path).toBe('/dashboard');
    }
    const ok = await raw('GET', '/redirect/gsm/analytic/level?app=x', { token: accessToken });
    expect(ok.headers.get('location')).toBe('/gsm/analytic/level?app=x');
  });
});

describe('sign-in form before hydration: the password never goes into a URL', () => {
  it('renders the form with method="post" posting back to the sign-in page', async () => {
    const page = await raw('GET', '/login?redirect=%2Fpost%2Findex');
    const form = page.text.match(/<form[^>]*class="login-form"[^>]*>/)?.[0] ?? '';
    expect(form).toMatch(/method="post"/);
    expect(form).not.toMatch(/action="[^"]*\?/);
  });

  it('answers a form POST to /login by re-rendering with a message, never echoing the password', async () => {
    const password = 'form-secret-Passw0rd-xyz';
    const posted = await raw('POST', '/login?redirect=%2Fpost%2Findex', {
      body: new URLSearchParams({ username: 'root', password }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(posted.status).toBe(200);
    expect(posted.headers.get('location')).toBeNull();
    expect(posted.text).not.toContain(password);
    expect(posted.text).toContain('Your details were not sent');
    // Nothing was signed in by the form post (no session cookies).
    expect(posted.headers.getSetCookie().join('\n')).not.toMatch(/gsm_at=[^;]/);
  });
});

describe('adminAccount/suggest is not a directory of every username and role', () => {
  it('refuses an account without the account list (a tester-like account) with 403', async () => {
    const tester = await ownAccount('sec-tester', { paths: ['/test/testing', '/post/index'] });
    const refused = await rejection(tester(suggestContract, { q: '' }));
    expect(refused.status).toBe(403);
    const analyst = await rejection((await signedInAs('analyst'))(suggestContract, { q: 'root' }));
    expect(analyst.status).toBe(403);
  });
});
