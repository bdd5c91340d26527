import { expect, open, signIn, test } from './fixtures';

test('root signs in through the form and lands on the dashboard', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard/);
  await signIn(page, 'root', undefined, '/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page).toHaveTitle('Dashboard - GSM Console');
  await expect(page.getByRole('menuitem', { name: 'Admin Account' })).toBeVisible();
});

test('analyst signs in, sees analytics but is sent back from account administration', async ({ page }) => {
  await signIn(page, 'analyst');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('menuitem', { name: 'Game Statistic' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Admin Account' })).toHaveCount(0);
  await page.goto('/adminAccount/account');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a wrong password shows the server message on the form', async ({ page }) => {
  await open(page, '/login');
  await page.getByLabel('Username').fill('analyst');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('.toast')).toContainText('Wrong username or password.');
  await expect(page).toHaveURL(/\/login/);
});

test('log out from the user menu ends the session', async ({ page }) => {
  await signIn(page, 'pm');
  await page.getByRole('button', { name: /Giang Vo/ }).click();
  await expect(page.getByTestId('user-role')).toHaveText('pm');
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard/);
});

test('a session that failed to load is reported on the sign-in page, or "Has Error" without a message', async ({ page }) => {
  await open(page, '/login?redirect=%2Fdashboard&sessionError=Session%20store%20unavailable');
  await expect(page.locator('.toast')).toContainText('Session store unavailable');
  await open(page, '/login?redirect=%2Fdashboard&sessionError=');
  await expect(page.locator('.toast')).toContainText('Has Error');
});
