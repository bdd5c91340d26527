import { test as base, expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../support/test-server';

export const test = base.extend({
  baseURL: async ({}, use) => use(process.env.E2E_BASE_URL),
});
export { expect };

/**
 * Waits until every React island on the page has hydrated (Astro drops the `ssr` attribute then). Typing
 * into a server-rendered input before that is lost: hydration resets the controlled value.
 */
export async function waitForIslands(page: Page) {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

/** Signs in through the real form, as a person would. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD, target = '/') {
  await page.goto(`/login?redirect=${encodeURIComponent(target)}`);
  await waitForIslands(page);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}
