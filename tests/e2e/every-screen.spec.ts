import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext } from '@playwright/test';
import { createPostContract } from '../../src/lib/posts/contract';
import { builtScreenPaths } from '../support/built-screens';
import { apiAs, unique } from './api';
import { expect, hydrated, signIn, test } from './fixtures';

/**
 * Every built screen, signed in as root, on a 390 px phone: nothing is wider than the viewport (the page
 * never scrolls sideways; wide tables scroll inside their card), and axe finds no serious or critical
 * violation. One signed-in context for the whole walk keeps it fast.
 */
const PHONE = { width: 390, height: 844 };

/**
 * Violations known and owned elsewhere, by screen and rule (none today). An entry lets the walk check
 * everything else on that screen; delete it once fixed (the walk then fails if the violation comes back).
 */
const KNOWN: Record<string, string[]> = {};
/**
 * Screens where axe checks the whole page, chrome included (top bar, sidebar with every menu entry, tabs,
 * footer). The chrome is one component on every screen; checking it again on each of 100+ screens cost about
 * a quarter of the walk (21 analytics screens: 122 s whole pages, 92 s content only). Everywhere else axe
 * checks the screen's own content (#app-main).
 */
const WHOLE_PAGE = ['/dashboard', '/post/index', '/gsm/analytic/main_data', '/adminAccount/account'];
let context: BrowserContext;

async function signedInContext(browser: Browser, baseURL: string | undefined) {
  const ctx = await browser.newContext({ baseURL, viewport: PHONE });
  await signIn(await ctx.newPage(), 'root');
  return ctx;
}

test.describe('every built screen', () => {
  test.beforeAll(async ({ browser, baseURL }) => {
    // An unread post, so the bell's badge (and a draft tag on the board) are on every screen the walk checks,
    // whatever ran before it.
    const admin = await apiAs('admin', undefined, baseURL);
    await admin(createPostContract, { title: unique('Walk: unread post'), type: 2 });
    await admin(createPostContract, { title: unique('Walk: draft post'), type: 2, publish: false });
    context = await signedInContext(browser, baseURL);
  });
  test.afterAll(async () => context?.close());

  test('the screens checked with their chrome are built', () => {
    expect(WHOLE_PAGE.filter((path) => !builtScreenPaths().includes(path))).toEqual([]);
  });

  for (const path of builtScreenPaths()) {
    test(`${path} fits a phone and passes axe`, async () => {
      // axe over a wide heat-map table (level retention: ~3,000 cells) takes a while on a busy machine.
      test.setTimeout(90_000);
      const page = await context.newPage();
      try {
        const response = await page.goto(path);
        expect(response?.status(), `${path} answered`).toBe(200);
        await hydrated(page);
        const width = await page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          inner: window.innerWidth,
          // What sticks out, for the failure message: the outermost elements past the right edge.
          past: [...document.querySelectorAll('body *')]
            .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1 && !(el.parentElement!.getBoundingClientRect().right > window.innerWidth + 1))
            .slice(0, 5)
            .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`),
        }));
        if (width.scroll > width.inner) await page.screenshot({ path: test.info().outputPath('too-wide.png'), fullPage: true });
        expect.soft(width.scroll, `${path} is ${width.scroll} px wide on a ${width.inner} px screen: ${width.past.join(', ')}`).toBeLessThanOrEqual(width.inner);
        await expect.soft(page.locator('h1'), `${path} has one h1`).toHaveCount(1);
        const axe = new AxeBuilder({ page });
        // A page outside the chrome (change password) has no #app-main: all of it is its own.
        if (!WHOLE_PAGE.includes(path) && (await page.locator('#app-main').count())) axe.include('#app-main');
        const { violations } = await axe.analyze();
        const bad = violations
          .filter((v) => (v.impact === 'serious' || v.impact === 'critical') && !KNOWN[path]?.includes(v.id))
          .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
        expect(bad, `${path}: axe`).toEqual([]);
      } finally {
        await page.close();
      }
    });
  }

  // The two pages outside the route table a person still lands on: no access, and a mistyped address.
  for (const [path, status] of [['/401', 401], ['/no-such-screen', 404]] as const) {
    test(`the ${status} page (${path}) fits a phone and passes axe`, async () => {
      const page = await context.newPage();
      try {
        const response = await page.goto(path);
        expect(response?.status(), `${path} answered`).toBe(status);
        await expect(page.locator('h1')).toHaveCount(1);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
        const { violations } = await new AxeBuilder({ page }).analyze();
        const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
        expect(bad, `${path}: axe`).toEqual([]);
      } finally {
        await page.close();
      }
    });
  }
});
