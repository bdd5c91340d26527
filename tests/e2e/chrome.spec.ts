import { startTestServer } from '../support/test-server';
import { expect, hydrated, open, signIn, test } from './fixtures';

test.describe('sidebar', () => {
  test('shows the routes each role may open', async ({ page }) => {
    await signIn(page, 'root');
    const menu = page.getByRole('navigation', { name: 'Main menu' }).or(page.locator('.sidebar'));
    for (const group of ['Admin Account', 'Finance', 'Games', 'Game Statistic']) await expect(menu.getByRole('menuitem', { name: group, exact: true })).toBeVisible();
    await page.context().clearCookies();
    await signIn(page, 'analyst');
    await expect(page.locator('.sidebar').getByRole('menuitem', { name: 'Game Statistic', exact: true })).toBeVisible();
    await expect(page.locator('.sidebar').getByRole('menuitem', { name: 'Finance', exact: true })).toHaveCount(0);
    await expect(page.locator('.sidebar').getByRole('menuitem', { name: 'Admin Account', exact: true })).toHaveCount(0);
    await expect(page.locator('.sidebar a[href="/gsm/analytic/main_data"]')).toHaveCount(1);
    await expect(page.locator('.sidebar .sdk-docs')).toHaveAttribute('href', /\/sdk$/);
  });

  test('collapse is kept across a reload through the sidebarStatus cookie', async ({ page }) => {
    await signIn(page, 'analyst');
    await expect(page.locator('body')).toHaveClass(/sidebar-open/);
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect(page.locator('body')).toHaveClass(/sidebar-closed/);
    expect((await page.context().cookies()).find((c) => c.name === 'sidebarStatus')?.value).toBe('0');
    await page.reload();
    await expect(page.locator('body')).toHaveClass(/sidebar-closed/);
    await expect(page.locator('.sidebar')).toHaveCSS('width', '54px');
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await page.reload();
    await expect(page.locator('.sidebar')).toHaveCSS('width', '210px');
  });

  test('on mobile the sidebar auto-closes on resize and on navigation', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    await signIn(page, 'analyst');
    await expect(page.locator('body')).toHaveAttribute('data-device', 'mobile');
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect(page.locator('body')).toHaveClass(/mobile-open/);
    await page.setViewportSize({ width: 700, height: 900 });
    await expect(page.locator('body')).not.toHaveClass(/mobile-open/);
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await page.locator('.sidebar').getByRole('menuitem', { name: 'Game Statistic', exact: true }).click();
    await page.locator('.sidebar').getByRole('menuitem', { name: 'Analytic', exact: true }).click();
    await page.locator('.sidebar a[href="/gsm/analytic/level"]').click();
    await page.waitForURL(/\/gsm\/analytic\/level$/);
    await hydrated(page);
    await expect(page.locator('body')).not.toHaveClass(/mobile-open/);
    await expect(page.locator('.sidebar')).not.toBeInViewport();
  });
});

test.describe('top bar', () => {
  test('breadcrumb, page title and help hint come from the route table', async ({ page }) => {
    await signIn(page, 'analyst');
    await open(page, '/gsm/analytic/level');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText(/Game Statistic\s*\/?\s*Analytic\s*\/?\s*Level/);
    await expect(page).toHaveTitle('Level - GSM Console');
    await expect(page.locator('.help-hint')).toHaveAttribute('href', /analytics\/level$/);
  });

  test('route search opens with Ctrl+K and goes to a result by keyboard', async ({ page }) => {
    await signIn(page, 'analyst');
    await page.keyboard.press('Control+k');
    const box = page.getByRole('combobox', { name: 'Search pages' });
    await expect(box).toBeFocused();
    await box.fill('level retention');
    await expect(page.getByRole('option').first()).toContainText('Level Retention');
    // Each result names where it sits in the menu (read from the sidebar's groups).
    await expect(page.getByRole('option').first()).toContainText('Game Statistic › Analytic › Level Retention');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/gsm\/analytic\/levelRetention$/);
  });

  test('route search only offers routes the account may open', async ({ page }) => {
    await signIn(page, 'root');
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: 'Search pages' }).fill('Account Log');
    await expect(page.getByRole('option').first()).toContainText('Account Log');
    await page.context().clearCookies();
    await signIn(page, 'analyst');
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: 'Search pages' }).fill('Account Log');
    await expect(page.getByRole('option').or(page.getByText(/No page matches/)).first()).toBeVisible();
    await expect(page.getByRole('option', { name: /Account Log/ })).toHaveCount(0);
  });

  test('size change shows the toast, applies at once and is kept in a cookie', async ({ page }) => {
    await signIn(page, 'analyst');
    await expect(page.locator('html')).toHaveCSS('font-size', '14px');
    await page.getByRole('button', { name: 'Global size' }).click();
    await page.getByRole('menuitemradio', { name: 'Mini' }).click();
    await expect(page.locator('.toast')).toContainText('Switch Size Success');
    await expect(page.locator('html')).toHaveCSS('font-size', '12px');
    await page.reload();
    await expect(page.locator('html')).toHaveCSS('font-size', '12px');
    expect((await page.context().cookies()).find((c) => c.name === 'size')?.value).toBe('mini');
  });

  test('fullscreen toggles, and warns where the browser cannot', async ({ page }) => {
    await signIn(page, 'analyst');
    await page.getByRole('button', { name: 'Fullscreen' }).click();
    await expect(page.getByRole('button', { name: 'Exit fullscreen' })).toBeVisible();
    await page.getByRole('button', { name: 'Exit fullscreen' }).click();
    await expect(page.getByRole('button', { name: 'Fullscreen' })).toBeVisible();
    await page.addInitScript(() => Object.defineProperty(Document.prototype, 'fullscreenEnabled', { get: () => false }));
    await page.reload();
    await hydrated(page);
    await page.getByRole('button', { name: 'Fullscreen' }).click();
    await expect(page.locator('.toast')).toContainText('you browser can not work');
  });

  test('user menu shows name and role, with Change password and Log out', async ({ page }) => {
    await signIn(page, 'analyst');
    await page.getByRole('button', { name: /Binh Tran/ }).click();
    await expect(page.getByTestId('user-name')).toHaveText('Binh Tran');
    await expect(page.getByTestId('user-role')).toHaveText('statistic');
    await expect(page.getByRole('menuitem', { name: 'Change password' })).toHaveAttribute('href', '/profile/changePassword');
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(/\/login/);
  });

  test('finance pages show the refresh times; Compare Version says reference only', async ({ page }) => {
    await signIn(page, 'root');
    await open(page, '/finance/revenue');
    await expect(page.getByTestId('page-note')).toContainText('8:30, 9:10, 10:30, 13:30 and 17:00 (UTC+7)');
    await open(page, '/finance/statistic2');
    await expect(page.getByTestId('page-note')).toContainText('reference only');
    await open(page, '/dashboard');
    await expect(page.getByTestId('page-note')).toHaveCount(0);
  });
});

test('settings panel changes apply at once and persist across a reload', async ({ page }) => {
  await signIn(page, 'analyst');
  await page.getByRole('button', { name: 'Settings' }).click();
  const panel = page.getByRole('dialog', { name: 'Page style setting' });
  await expect(panel.getByRole('radio', { name: 'Theme #1890ff' })).toHaveAttribute('aria-checked', 'true');
  await panel.getByRole('radio', { name: 'Theme #409EFF' }).click();
  await panel.getByRole('switch', { name: 'Tags view' }).uncheck();
  await panel.getByRole('switch', { name: 'Sidebar logo' }).uncheck();
  await expect(page.locator('.tags-view')).toBeHidden();
  await expect(page.locator('.sidebar-logo')).toBeHidden();
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(page.locator('.tags-view')).toBeHidden();
  await expect(page.locator('.sidebar-logo')).toBeHidden();
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--gsm-primary').trim())).toBe('#409EFF');
});

test('tabs of visited views: add, close, close others, close all; Dashboard stays', async ({ page }) => {
  await signIn(page, 'analyst');
  for (const path of ['/gsm/analytic/level', '/gsm/cohort/retention', '/gsm/analytic/main_data']) await open(page, path);
  const tabs = page.getByRole('navigation', { name: 'Visited views' }).getByRole('listitem');
  await expect(tabs).toHaveText(['Dashboard', 'Level×', 'Retention×', 'Main Data×']);
  await expect(tabs.first().getByRole('button')).toHaveCount(0);
  await page.getByRole('button', { name: 'Close Level' }).click();
  await expect(tabs).toHaveText(['Dashboard', 'Retention×', 'Main Data×']);
  await tabs.filter({ hasText: 'Retention' }).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Close Others' }).click();
  await page.waitForURL(/\/gsm\/cohort\/retention$/);
  await hydrated(page);
  await expect(tabs).toHaveText(['Dashboard', 'Retention×']);
  await tabs.filter({ hasText: 'Retention' }).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Close All' }).click();
  await page.waitForURL(/\/dashboard$/);
  await hydrated(page);
  await expect(tabs).toHaveText(['Dashboard']);
});

test('a view re-entered through its tab keeps its query and scroll position', async ({ page }) => {
  await page.setViewportSize({ width: 1200, height: 300 });
  await signIn(page, 'analyst');
  await open(page, '/gsm/analytic/level?app=com.gsm.tilematch');
  await page.evaluate(() => {
    document.getElementById('app-main')!.style.minHeight = '3000px';
    window.scrollTo(0, 400);
  });
  await open(page, '/gsm/cohort/retention');
  await page.getByRole('navigation', { name: 'Visited views' }).getByRole('link', { name: 'Level' }).click();
  await page.waitForURL(/\/gsm\/analytic\/level\?app=com\.gsm\.tilematch$/);
  await hydrated(page);
  // The page is shorter than before; the saved position is restored as far as the page allows.
  await page.evaluate(() => (document.getElementById('app-main')!.style.minHeight = '3000px'));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
});

test('staging prefixes the page title with (Dev)', async ({ page }) => {
  const staging = await startTestServer({ APP_ENV: 'staging' });
  try {
    await page.goto(`${staging.baseUrl}/login`);
    await expect(page).toHaveTitle('(Dev) Login - GSM Console');
  } finally {
    await staging.stop();
  }
});

test('an unknown path shows the 404 inside the layout when signed in', async ({ page }) => {
  await signIn(page, 'analyst');
  const response = await page.goto('/gsm/no-such-report');
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toContainText('404');
  await expect(page).toHaveTitle('404 - GSM Console');
});
