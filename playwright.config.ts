import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/** Playwright cannot download browsers here: it drives Debian's Chromium. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  throw new Error(
    `Chromium was not found at ${CHROMIUM}. Install Debian's Chromium with:\n  sudo apt-get update && sudo apt-get install -y chromium\n(or set CHROMIUM_PATH to a Chromium binary).`,
  );
}

/**
 * Journeys that show no day, range or time the clock decides (sign-in, chrome, admin forms, the every-screen
 * walk's layout and axe checks). CI's second pass at a shifted clock (23:55 on a month's last day) sets
 * E2E_CLOCK_PASS=1 and leaves them out: they already ran on the machine's clock. A new spec runs in both passes
 * unless it is named here.
 */
const CLOCK_FREE = ['admin', 'bell-note', 'chrome', 'config-data', 'csp', 'every-screen', 'keyboard-phone', 'roles', 'sign-in'];

export default defineConfig({
  testDir: 'tests/e2e',
  testIgnore: process.env.E2E_CLOCK_PASS === '1' ? CLOCK_FREE.map((name) => `**/${name}.spec.ts`) : [],
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  // A journey's whole budget, not a speed target (those live in the bench scripts): the longest journeys take
  // 10-15 s on a quiet 2-core machine and twice that on a busy one, where 30 s failed three of them.
  timeout: 90_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1366, height: 820 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
});
