import { rollupNowContract } from '../../src/lib/analytics/contract';
import { appDetailContract, createAppContract } from '../../src/lib/apps/contract';
import { runJobContract } from '../../src/lib/jobs/contract';
import { apiAs, plusDays, utc7Day } from './api';
import { nowMs } from '../../src/lib/time/clock';
import type { Page, TestInfo } from '@playwright/test';
import { expect, open, signIn, test } from './fixtures';

/** A full-page screenshot kept with the run's results (looked at by hand for the 1440 and 390 px layouts). */
const shot = async (page: Page, info: TestInfo, name: string) => page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: true });

/**
 * A revenue alert set up and tested from Config Data › Alert IAA, then seen in the alerts list (issue 39). The
 * app is the test's own, with SDK ad revenue of 100 USD the day before yesterday and 50 USD yesterday (UTC+7).
 */
test('an alert is set up and tested from the screen, then seen in the alerts list', async ({ page }, info) => {
  test.setTimeout(120_000);
  const root = await apiAs('root');
  const appId = `com.e2e.alert${Date.now().toString(36)}`;
  const appName = `Alert Garden ${appId.slice(-5)}`;
  await root(createAppContract, { id: appId, name: appName, os: [{ os: 1, packageId: `${appId}.android` }] });
  const key = (await root(appDetailContract, { appId })).data.os[0]!.sdkAppKey;
  const yesterday = plusDays(utc7Day(nowMs()), -1);
  const before = plusDays(yesterday, -1);
  const noon = (day: string) => Date.parse(`${day}T05:00:00Z`);
  let n = 0;
  const ad = (day: string, micros: number) => ({ id: `e2e-al-${appId}-${++n}`, name: 'ad_impression', userId: 'p1', time: noon(day) + n * 1000, appVersion: '1.0', country: 'VN', params: { format: 'rewarded', network: 'admob', placement: 'x', revenueUsdMicros: micros } });
  const events = [{ id: `e2e-al-${appId}-0`, name: 'first_open', userId: 'p1', time: noon(before), appVersion: '1.0', country: 'VN', params: {} }, ad(before, 100_000_000), ad(yesterday, 50_000_000)];
  const sent = await fetch(`${process.env.E2E_BASE_URL}/api/sdk/v1/events`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-sdk-key': key }, body: JSON.stringify({ events }) });
  expect(sent.status).toBe(200);
  for (let i = 0; i < 30 && (await root(rollupNowContract, { budgetMs: 10_000 })).data.pending > 0; i++);

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'root');
  await open(page, '/adminAccount/config_data/alert_iaa');
  await expect(page.getByText(/Each rule watches its app's ad revenue of yesterday/)).toBeVisible();
  await page.getByRole('button', { name: 'Add' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add' });
  await dialog.locator('.p-dropdown').filter({ has: page.locator('#cfg-scope') }).click();
  await page.getByRole('option', { name: appName }).click();
  await dialog.getByLabel('Rule name').fill('Ads halved');
  await dialog.getByLabel('Drop % to alert').fill('40');
  await dialog.getByLabel('Recipients').fill('ops@studio.test,');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.toast').last()).toContainText('update successfully !');
  const row = page.getByRole('row', { name: /Ads halved/ });
  await expect(row).toContainText('never yet');
  await shot(page, info, 'alert-config-1440');

  await row.getByRole('button', { name: 'Test this alert Ads halved' }).click();
  const tested = page.getByRole('dialog', { name: /Test of "Ads halved"/ });
  await expect(tested).toContainText('It would fire now.');
  await expect(tested).toContainText('50.00 USD against 100.00 USD: dropped 50.0 %, threshold 40 %');
  await shot(page, info, 'alert-test-1440');
  await page.keyboard.press('Escape');

  await root(runJobContract, { name: 'alert_evaluate' });
  await open(page, '/alerts/index');
  const item = page.getByTestId('alerts-list').locator('li', { hasText: 'Ads halved' }).first();
  await expect(item).toContainText(`Ad revenue alert "Ads halved": ${appName} dropped 50.0 % on ${yesterday.split('-').reverse().join('-')}`);
  await expect(item).toContainText('E-mail ops@studio.test');
  await expect(item.getByRole('link', { name: 'Open the report' })).toHaveAttribute('href', `/gsm/analytic/main_data?apps=${encodeURIComponent(appId)}&from=${before}&to=${yesterday}`);
  await shot(page, info, 'alerts-list-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, info, 'alerts-list-390');
  await item.getByRole('button', { name: /^Acknowledge / }).click();
  await expect(item).not.toContainText('new');
  await open(page, '/adminAccount/config_data/alert_iaa');
  await shot(page, info, 'alert-config-390');
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.getByRole('row', { name: /Ads halved/ })).toContainText(/fired (just now|\d+ minutes? ago) \(for /);
});
