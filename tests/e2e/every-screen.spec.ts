import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext } from '@playwright/test';
import { builtScreenPaths } from '../support/built-screens';
import { expect, hydrated, signIn, test } from './fixtures';

/**
 * Every built screen, signed in as root, on a 390 px phone: nothing is wider than the viewport (the page
 * never scrolls sideways; wide tables scroll inside their card), and axe finds no serious or critical
 * violation. One signed-in context for the whole walk keeps it fast.
 */
const PHONE = { width: 390, height: 844 };
let context: BrowserContext;

async function signedInContext(browser: Browser, baseURL: string | undefined) {
  const ctx = await browser.newContext({ baseURL, viewport: PHONE });
  await signIn(await ctx.newPage(), 'root');
  return ctx;
}

test.describe('every built screen', () => {
  test.beforeAll(async ({ browser, baseURL }) => {
    context = await signedInContext(browser, baseURL);
  });
  test.afterAll(async () => context?.close());

  for (const path of builtScreenPaths()) {
    test(`${path} fits a phone and passes axe`, async () => {
      const page = await context.newPage();
      try {
        const response = await page.goto(path);
        expect(response?.status(), `${path} answered`).toBe(200);
        await hydrated(page);
        const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
        expect.soft(width.scroll, `${path} is ${width.scroll} px wide on a ${width.inner} px screen`).toBeLessThanOrEqual(width.inner);
        await expect.soft(page.locator('h1'), `${path} has one h1`).toHaveCount(1);
        const { violations } = await new AxeBuilder({ page }).analyze();
        const bad = violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
        expect(bad, `${path}: axe`).toEqual([]);
      } finally {
        await page.close();
      }
    });
  }
});
