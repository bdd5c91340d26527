import { expect, hydrated, open, signIn, test } from './fixtures';

test('a role with two paths: its new account sees exactly those routes; a new private action shows a control; the log shows it', async ({ page, browser }) => {
  // A whole journey across four screens and two sessions.
  test.setTimeout(90_000);
  await signIn(page, 'root');
  await open(page, '/adminAccount/permission');
  await page.getByRole('button', { name: 'New role' }).click();
  const roleDialog = page.getByRole('dialog', { name: 'New role' });
  await roleDialog.getByLabel('Role name').fill('ops-viewer');
  await roleDialog.getByLabel('Description').fill('Ops viewers');
  const tree = roleDialog.locator('.tree-field');
  await tree.getByText('Job Schedule', { exact: true }).click();
  await tree.getByText('Research', { exact: true }).click();
  await roleDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.toast')).toContainText('Role ops-viewer saved');
  await expect(page.getByRole('row', { name: /ops-viewer.*2 screens — 0 Edit/ })).toBeVisible();

  await open(page, '/adminAccount/account');
  await page.getByRole('button', { name: 'Add account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add account' });
  await dialog.getByLabel('Username', { exact: true }).fill('opsv');
  await dialog.getByLabel('Name', { exact: true }).fill('Ops Viewer');
  await dialog.locator('.p-dropdown').filter({ has: page.locator('#acc-role') }).click();
  await page.getByRole('option', { name: 'ops-viewer' }).click();
  await dialog.getByLabel('Password').fill('ops-viewer-pass-1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.toast').last()).toContainText('Account created');
  await expect(page.getByRole('cell', { name: 'opsv', exact: true })).toBeVisible();
  // The role list counts its new account.
  await open(page, '/adminAccount/permission');
  await expect(page.getByRole('row', { name: /ops-viewer.*2 screens — 1 Edit/ })).toBeVisible();

  const other = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const opsPage = await other.newPage();
  await signIn(opsPage, 'opsv', 'ops-viewer-pass-1');
  await expect(opsPage).toHaveURL(/\/job_schedule\/index$/);
  const links = await opsPage.locator('.sidebar-scroll a.menu-item').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  // Its two screens, and the Notification Board every signed-in account has.
  expect(links).toEqual(['/post/index', '/job_schedule/index', '/research/index']);
  await expect(opsPage.getByRole('button', { name: 'Run now' })).toHaveCount(0);

  await open(page, '/adminAccount/permission');
  await page.getByRole('button', { name: 'Edit ops-viewer' }).click();
  await page.getByRole('dialog', { name: 'Edit ops-viewer' }).getByLabel(/job_run/).check();
  await page.getByRole('dialog', { name: 'Edit ops-viewer' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.toast').last()).toContainText('Role ops-viewer saved');

  await opsPage.reload();
  await hydrated(opsPage);
  await expect(opsPage.getByRole('button', { name: 'Run now' }).first()).toBeVisible();
  await opsPage.getByRole('row', { name: /session_cleanup/ }).getByRole('button', { name: 'Run now' }).click();
  await expect(opsPage.locator('.toast').last()).toContainText('session_cleanup: success');
  await other.close();

  await open(page, '/adminAccount/accountLog');
  await page.getByLabel('Filter by account').fill('root');
  await page.locator('.p-dropdown', { hasText: 'All entities' }).click();
  await page.getByRole('option', { name: 'role' }).click();
  const row = page.getByRole('row', { name: /update\s*role\s*ops-viewer/ });
  await expect(row).toBeVisible();
  await row.getByRole('button').first().click();
  await expect(page.locator('.log-diff')).toContainText('job_run');

  // A reset password is shown once, and signs in.
  await open(page, '/adminAccount/account');
  await page.getByRole('button', { name: 'Reset password of opsv' }).click();
  await page.getByRole('dialog', { name: 'Reset password' }).getByRole('button', { name: 'Yes' }).click();
  const secret = (await page.getByRole('dialog', { name: 'One-time password' }).getByTestId('revealed-secret').textContent())!.trim();
  const again = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  await signIn(await again.newPage(), 'opsv', secret);
  await again.close();
});

test('deactivating an account from the screen ends its session at once', async ({ page, browser }) => {
  const other = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const victim = await other.newPage();
  await signIn(victim, 'cache');
  await signIn(page, 'root');
  await open(page, '/adminAccount/account');
  await page.getByRole('button', { name: 'Deactivate cache' }).click();
  await expect(page.locator('.toast').last()).toContainText('Account deactivated');
  await victim.goto('/dashboard');
  await expect(victim).toHaveURL(/\/login\?redirect=%2Fdashboard/);
  await page.getByRole('button', { name: 'Activate cache' }).click();
  await expect(page.locator('.toast').last()).toContainText('Account activated');
  await other.close();
});

test('finance apps of an account are edited in its dialog', async ({ page }) => {
  await signIn(page, 'root');
  // Start from no finance apps, so the one chosen below is the only one whichever run this is.
  const reset = await page.request.post('/api/adminAccount/financePermission/update', { data: { username: 'pm', apps: [], teams: [] } });
  expect(reset.status()).toBe(200);
  await open(page, '/adminAccount/account');
  await page.getByRole('button', { name: 'Edit pm' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit pm' });
  const financeApps = dialog.locator('.p-multiselect').filter({ has: page.locator('#acc-financeApps') });
  await expect(financeApps).not.toHaveClass(/p-disabled/);
  await financeApps.click();
  await page.getByRole('option', { name: 'Idle Miner Tycoon' }).click();
  // Close the option panel without closing the dialog (Escape would close both).
  await dialog.locator('.p-dialog-title').click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.toast').last()).toContainText('Account updated');
  const answer = await page.request.get('/api/adminAccount/financePermission/get?username=pm');
  expect((await answer.json()).data.apps).toEqual(['com.gsm.idleminer']);
});
