import { describe, expect, it } from 'vitest';
import { decideNavigation, fallbackPath, hasAnyAction, refusedRoute } from './guard';

const q = (s = '') => new URLSearchParams(s);
const analyst = { role: 'statistic', paths: ['/gsm/analytic/level', '/dashboard'] };

describe('decideNavigation', () => {
  it('redirects signed-out visitors to login with the path, except on /login and /auth-redirect', () => {
    expect(decideNavigation('/finance/revenue', q('x=1'), null)).toEqual({ kind: 'redirect', location: '/login?redirect=%2Ffinance%2Frevenue%3Fx%3D1' });
    expect(decideNavigation('/login', q(), null)).toEqual({ kind: 'allow' });
    expect(decideNavigation('/auth-redirect', q(), null)).toEqual({ kind: 'allow' });
  });
  it('sends a signed-in account on /login to /', () => {
    expect(decideNavigation('/login', q(), analyst)).toEqual({ kind: 'redirect', location: '/' });
  });
  it('lets root open anything known, and answers notFound for unknown paths', () => {
    expect(decideNavigation('/adminAccount/apiLog', q(), { role: 'root', paths: [] })).toEqual({ kind: 'allow' });
    expect(decideNavigation('/nope', q(), { role: 'root', paths: [] })).toEqual({ kind: 'notFound' });
  });
  it('prefers a permitted path containing "dashboard" or nested more than one level', () => {
    expect(decideNavigation('/finance/revenue', q(), analyst)).toEqual({ kind: 'redirect', location: '/gsm/analytic/level?refused=%2Ffinance%2Frevenue' });
    expect(fallbackPath({ role: 'x', paths: ['/aws/index', '/research/index'] })).toBe('/aws/index');
    expect(fallbackPath({ role: 'x', paths: ['/research/index', '/games/progress_event/dashboard'] })).toBe('/research/index');
  });
  it('falls back to the first permitted path when none is dashboard-like or nested', () => {
    expect(fallbackPath({ role: 'x', paths: ['/job_schedule/index'] })).toBe('/job_schedule/index');
  });
  it('keeps the always-reachable list open to every account', () => {
    for (const p of ['/post/index', '/app_data/sdk_version', '/statistic/iapLog', '/profile/changePassword', '/404', '/401', '/redirect/dashboard']) {
      expect(decideNavigation(p, q(), { role: 'tester', paths: [] }), p).toEqual({ kind: 'allow' });
    }
  });
  it('routes the AdMob callback only when both code and scope are present', () => {
    expect(decideNavigation('/dashboard', q('code=1&scope=2'), analyst)).toEqual({ kind: 'redirect', location: '/finance/import/admob?code=1&scope=2' });
    expect(decideNavigation('/dashboard', q('code=1'), analyst)).toEqual({ kind: 'allow' });
  });
});

describe('hasAnyAction', () => {
  const user = { role: 'pm', privateActions: ['push_notification_create'], permissions: ['legacy_key'] };
  it('passes root and controls with no required action', () => {
    expect(hasAnyAction({ role: 'root', privateActions: [], permissions: [] }, ['anything'])).toBe(true);
    expect(hasAnyAction(user, [])).toBe(true);
    expect(hasAnyAction(user, undefined)).toBe(true);
  });
  it('needs any one listed action among private actions or account permissions', () => {
    expect(hasAnyAction(user, ['push_notification_edit', 'push_notification_create'])).toBe(true);
    expect(hasAnyAction(user, ['legacy_key'])).toBe(true);
    expect(hasAnyAction(user, ['push_notification_delete'])).toBe(false);
  });
  it('names the refused page where it sends the account, except the dashboard everyone is sent to', () => {
    const tester = { role: 'tester', paths: ['/test/testing'] };
    expect(decideNavigation('/adminAccount/permission', q(), tester)).toEqual({ kind: 'redirect', location: '/test/testing?refused=%2FadminAccount%2Fpermission' });
    expect(decideNavigation('/dashboard', q(), tester)).toEqual({ kind: 'redirect', location: '/test/testing' });
    expect(refusedRoute(q('refused=/adminAccount/permission'), tester)).toEqual({ path: '/adminAccount/permission', title: 'Role' });
    // A crafted link naming a page the account may open, or no page at all, says nothing.
    expect(refusedRoute(q('refused=/test/testing'), tester)).toBeNull();
    expect(refusedRoute(q('refused=/nope'), tester)).toBeNull();
  });
});
