import { test as base, expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../support/test-server';

export const test = base.extend({
  baseURL: async ({}, use) => use(process.env.E2E_BASE_URL),
});
export { expect };

/**
 * Waits until the page's islands have hydrated (Astro drops the `ssr` attribute then). Islands that
 * hydrate only when scrolled into view (client:visible) or first reached for (client:interaction) are not
 * waited for.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const islands = [...document.querySelectorAll('astro-island:not([client="visible"]):not([client="interaction"])')];
    return islands.every((island) => {
      if (island.hasAttribute('ssr')) return false;
      // Astro drops `ssr` as soon as it has called React's hydrateRoot, but React 19 hydrates concurrently: a
      // click before its commit can be lost (seen once in eight runs under load). The root's current state
      // says `isDehydrated: false` only once the hydrated tree is committed. (React internals, read by tests only.)
      const key = Object.keys(island).find((k) => k.startsWith('__reactContainer$'));
      if (!key) return true;
      const fiber = (island as unknown as Record<string, { stateNode?: { current?: { memoizedState?: { isDehydrated?: boolean } } } }>)[key];
      return fiber?.stateNode?.current?.memoizedState?.isDehydrated !== true;
    });
  });
}

/** Same as hydrated(): typing into a server-rendered input before hydration is lost. */
export const waitForIslands = hydrated;

/** Opens a page and waits for its islands. */
export async function open(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

/**
 * Signs in through the real form, as a person would: for the journeys about signing in (sign-in.spec.ts) and
 * what the form does on its way (the redirect, the landing page).
 */
export async function signInThroughForm(page: Page, username: string, password = DEMO_PASSWORD, target = '/') {
  await open(page, `/login?redirect=${encodeURIComponent(target)}`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await hydrated(page);
}

/**
 * Signs in with the same request the form sends (its cookies land in the page's context) and opens target:
 * for every journey whose subject is not the sign-in itself. It skips rendering the sign-in page and the
 * dashboard it lands on, a second or two per journey on a 2-core machine.
 */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD, target = '/') {
  const answer = await page.request.post('/api/auth/login', { data: { username, password } });
  expect(answer.status(), `signing in as ${username}: ${await answer.text()}`).toBe(200);
  await open(page, target);
}
