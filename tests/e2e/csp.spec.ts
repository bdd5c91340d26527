import type { Page } from '@playwright/test';
import { expect, hydrated, open, signIn, test } from './fixtures';

/**
 * The strict Content-Security-Policy holds in a real browser: no script runs that the policy did not allow
 * (no 'unsafe-inline', no 'unsafe-eval' for scripts), and nothing the screens need is blocked — every screen
 * hydrates its islands and answers an interaction, with 0 `securitypolicyviolation` events and no CSP
 * message on the console.
 */
interface Violation {
  directive: string;
  blocked: string;
  sample: string;
}

async function watchCsp(page: Page): Promise<string[]> {
  const consoleCsp: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply|evaluate|connect|frame)/i.test(message.text())) consoleCsp.push(message.text());
  });
  await page.addInitScript(() => {
    const list: unknown[] = [];
    (window as unknown as { __csp: unknown[] }).__csp = list;
    document.addEventListener('securitypolicyviolation', (e) => list.push({ directive: e.violatedDirective, blocked: e.blockedURI, sample: e.sample }));
  });
  return consoleCsp;
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { __csp: Violation[] }).__csp ?? []);

test('every built screen runs under the strict CSP with 0 violations and working islands', async ({ page }) => {
  const consoleCsp = await watchCsp(page);
  const seen: Record<string, Violation[]> = {};
  const check = async (name: string) => {
    seen[name] = await violations(page);
  };

  // The policy itself: scripts by hash and from this origin only, no framing.
  const answer = await page.goto('/login');
  const policy = answer!.headers()['content-security-policy']!;
  expect(policy).toMatch(/script-src 'self'( 'sha256-[^']+')+;/);
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(policy).toContain("frame-ancestors 'none'");
  await hydrated(page);
  await check('/login');

  // Sign-in form (an island) and the dashboard with its compact board (hydrates when first pointed at:
  // client:interaction, whose inline script the policy hashes).
  await signIn(page, 'root', undefined, '/dashboard');
  await expect(page).toHaveTitle('Dashboard - GSM Console');
  await page.getByRole('heading', { name: 'Notification board' }).scrollIntoViewIfNeeded();
  await page.getByRole('region', { name: 'Latest posts' }).hover();
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
  await page.getByRole('button', { name: /Nguyen|root/i }).first().click();
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  await page.keyboard.press('Escape');
  await check('/dashboard');

  // The board: its list, and the post dialog with the rich-text editor (a chunk loaded on first use).
  await open(page, '/post/index');
  await page.getByRole('button', { name: 'Add new' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.locator('.ql-editor')).toBeVisible();
  await check('/post/index');

  // A report (chart.js draws on a canvas) and its data table.
  await open(page, '/gsm/analytic/levelMiniGame');
  await expect(page.locator('table').first()).toBeVisible();
  await check('/gsm/analytic/levelMiniGame');

  // App Manager (PrimeReact filters with overlays).
  await open(page, '/app_data/index');
  await expect(page.getByRole('table').first()).toBeVisible();
  await check('/app_data/index');

  // Accounts, with the create dialog.
  await open(page, '/adminAccount/account');
  await page.getByRole('button', { name: 'Add account' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await check('/adminAccount/account');

  expect(seen).toEqual({
    '/login': [],
    '/dashboard': [],
    '/post/index': [],
    '/gsm/analytic/levelMiniGame': [],
    '/app_data/index': [],
    '/adminAccount/account': [],
  });
  expect(consoleCsp).toEqual([]);
});
