import { describe, expect, it } from 'vitest';
import { raw, tokensFor } from './helpers';

/** Page requests as the browser makes them; the middleware's guard answers with redirects or the page. */
async function page(path: string, username?: string) {
  const token = username ? (await tokensFor(username)).accessToken : undefined;
  const response = await raw('GET', path, { token });
  return { status: response.status, location: response.headers.get('location'), text: response.text };
}

describe('navigation guard on page requests', () => {
  it('sends a signed-out visitor to /login with the path to return to', async () => {
    expect(await page('/gsm/analytic/level?value=1')).toMatchObject({ status: 302, location: '/login?redirect=%2Fgsm%2Fanalytic%2Flevel%3Fvalue%3D1' });
  });

  it('lets a signed-out visitor open only /login and /auth-redirect', async () => {
    expect((await page('/login')).status).toBe(200);
    expect((await page('/auth-redirect')).status).toBe(200);
    expect((await page('/post/index')).status).toBe(302);
  });

  it('sends a signed-in account away from /login to /, and / to /dashboard', async () => {
    expect(await page('/login', 'root')).toMatchObject({ status: 302, location: '/' });
    expect(await page('/', 'root')).toMatchObject({ status: 302, location: '/dashboard' });
  });

  it('lets root open any path', async () => {
    expect((await page('/adminAccount/account', 'root')).status).toBe(200);
    expect((await page('/finance/reportYear', 'root')).status).toBe(200);
  });

  it('keeps a non-root account to its permitted paths and sends it to its first dashboard-like path', async () => {
    expect((await page('/gsm/analytic/main_data', 'analyst')).status).toBe(200);
    expect(await page('/adminAccount/account', 'analyst')).toMatchObject({ status: 302, location: '/dashboard?refused=%2FadminAccount%2Faccount' });
  });

  it('falls back to a path nested more than one level deep when no dashboard is permitted', async () => {
    expect(await page('/dashboard', 'tester')).toMatchObject({ status: 302, location: '/test/testing' });
  });

  it('always lets a signed-in account reach the board, SDK version, IAP log and change password', async () => {
    for (const path of ['/post/index', '/app_data/sdk_version', '/statistic/iapLog', '/profile/changePassword']) {
      expect((await page(path, 'tester')).status, path).toBe(200);
    }
  });

  it('answers 404 inside the layout for an unknown path when signed in', async () => {
    const response = await page('/no/such/page', 'analyst');
    expect(response.status).toBe(404);
    expect(response.text).toContain('404');
  });

  it('sends the AdMob callback (code and scope) to the finance AdMob import page', async () => {
    expect(await page('/dashboard?code=abc&scope=admob', 'root')).toMatchObject({ status: 302, location: '/finance/import/admob?code=abc&scope=admob' });
    expect((await page('/dashboard?code=abc', 'root')).status).toBe(200);
  });

  it('opens a group path at its first permitted child', async () => {
    expect(await page('/gsm/cohort', 'analyst')).toMatchObject({ status: 302, location: '/gsm/cohort/retention' });
  });
});
