import { expect, hydrated, open, signIn, test } from './fixtures';

/** The chrome for keyboards, screen readers and phones (issue 12): what a person using them meets. */

test('the skip link is the first Tab stop and moves focus to the content', async ({ page }) => {
  await signIn(page, 'analyst');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#app-main')).toBeFocused();
});

test('sidebar groups say whether they are open and are driven by the arrow keys', async ({ page }) => {
  await signIn(page, 'analyst');
  const sidebar = page.locator('.sidebar');
  const stats = sidebar.getByRole('menuitem', { name: 'Game Statistic', exact: true });
  await expect(stats).toHaveAttribute('aria-expanded', 'false');
  await stats.focus();
  await page.keyboard.press('ArrowRight');
  await expect(stats).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowRight');
  const analytic = sidebar.getByRole('menuitem', { name: 'Analytic', exact: true });
  await expect(analytic).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await expect(sidebar.locator('a[href="/gsm/analytic/main_data"]')).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(analytic).toBeFocused();
  await expect(analytic).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('ArrowUp');
  await expect(stats).toBeFocused();
});

test('a collapsed sidebar opens a group as a flyout on hover and on focus', async ({ page }) => {
  await signIn(page, 'analyst');
  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await expect(page.locator('body')).toHaveClass(/sidebar-closed/);
  const stats = page.locator('.sidebar').getByRole('menuitem', { name: 'Game Statistic', exact: true });
  const child = page.locator('.sidebar').getByRole('menuitem', { name: 'Analytic', exact: true });
  await expect(child).toBeHidden();
  await stats.hover();
  await expect(child).toBeVisible();
  const box = (await child.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(50);
  await page.mouse.move(900, 500);
  await expect(child).toBeHidden();
  await stats.focus();
  await expect(child).toBeVisible();
});

test('focus goes back to the opener when a dialog closes', async ({ page }) => {
  await signIn(page, 'admin');
  await open(page, '/post/index');
  const add = page.getByRole('button', { name: 'Add new' });
  await add.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add new' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(add).toBeFocused();

  const settings = page.getByRole('button', { name: 'Settings' });
  await settings.click();
  await expect(page.getByRole('dialog', { name: 'Page style setting' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(settings).toBeFocused();
});

test('a refused page sends the account where the guard says and says why there', async ({ page }) => {
  await signIn(page, 'analyst');
  await page.goto('/adminAccount/permission');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('alert')).toHaveText(/You don't have access to Role — ask an administrator/);
  // The address bar no longer carries it: a reload says nothing.
  await hydrated(page);
  await page.reload();
  await expect(page.getByTestId('refused-notice')).toHaveCount(0);
});

test('the tab strip keeps no 404, caps its tabs and scrolls with arrows', async ({ page }) => {
  await signIn(page, 'root');
  const strip = page.getByRole('navigation', { name: 'Visited views' });
  await page.goto('/gsm/no-such-report');
  await hydrated(page);
  await expect(strip.getByRole('listitem')).toHaveText(['Dashboard']);
  // 16 more views: the oldest non-affix one is closed (MAX_VIEWS = 15 besides Dashboard).
  const routes = ['/post/index', '/adminAccount/account', '/adminAccount/accountLog', '/adminAccount/apiLog', '/adminAccount/check_sdk', '/app_data/index', '/job_schedule/index',
    '/gsm/analytic/main_data', '/gsm/analytic/level', '/gsm/analytic/levelMiniGame', '/gsm/analytic/levelRetention', '/gsm/cohort/retention', '/research/index', '/aws/index',
    '/hcns/worklog', '/adminAccount/config_data/team'];
  await page.evaluate((paths) => {
    // Visited earlier in this browser: the stored list the strip reads (visited-views.ts).
    localStorage.setItem('gsm.visitedViews', JSON.stringify(paths.map((p) => ({ path: p, fullPath: p, title: p.split('/').pop() }))));
  }, routes.slice(0, 15));
  await open(page, routes[15]!);
  const items = strip.getByRole('listitem');
  await expect(items).toHaveCount(16);
  await expect(items.nth(1)).toHaveText('account×');
  await expect(items.last()).toContainText('Team');
  const right = strip.getByRole('button', { name: 'Scroll tabs right' });
  const left = strip.getByRole('button', { name: 'Scroll tabs left' });
  await expect(left).toBeVisible();
  const list = strip.locator('ul');
  const before = await list.evaluate((el) => el.scrollLeft);
  await expect(left).toBeEnabled();
  await left.click();
  await expect.poll(() => list.evaluate((el) => el.scrollLeft)).toBeLessThan(before);
  await expect(right).toBeEnabled();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the top bar holds its tools in one menu, with Log out', async ({ page }) => {
    await signIn(page, 'analyst');
    await expect(page.getByRole('button', { name: 'Settings' })).toBeHidden();
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    await expect(menu).toBeInViewport();
    await menu.click();
    const panel = page.getByRole('menu', { name: 'Menu' });
    for (const name of ['Search pages', 'Full screen', 'Settings', 'Change password', 'Log out']) {
      await expect(panel.getByRole('menuitem', { name })).toBeInViewport();
    }
    await panel.getByRole('menuitem', { name: 'Search pages' }).click();
    await expect(page.getByRole('combobox', { name: 'Search pages' })).toBeInViewport();
    await page.keyboard.press('Escape');
    await menu.click();
    await panel.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(/\/login/);
  });

  test('the post dialog fits the screen', async ({ page }) => {
    await signIn(page, 'admin');
    await open(page, '/post/index');
    await page.getByRole('button', { name: 'Add new' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add new' });
    await expect(dialog).toBeVisible();
    // The dialog scales in: measure once its opening transition has finished (a box taken mid-animation is
    // smaller than its content).
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    const title = (await dialog.getByLabel('Title').boundingBox())!;
    expect(title.x + title.width).toBeLessThanOrEqual(box.x + box.width);
  });
});
