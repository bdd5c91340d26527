import { expect, open, signIn, test } from './fixtures';

/**
 * The tracking-plan view of the demo studio (Check SDK → Tracking plan). The demo seeds a plan for Word Quest
 * Journey (src/lib/config-data/demo.ts): counter.session_levels disabled, counter.booster_used undeclared,
 * measurement.fps declaring an int value the games send as fractions; the demo telemetry went through ingestion.
 */
test('the tracking-plan view shows the demo studio\u2019s drops and violations, with examples and versions', async ({ page }) => {
  await signIn(page, 'root');
  await open(page, '/adminAccount/check_sdk?tab=plan');
  await page.locator('.p-dropdown').filter({ has: page.getByLabel('Plan app') }).click();
  await page.getByRole('option', { name: 'Word Quest Journey' }).click();
  await expect(page.getByTestId('plan-summary')).toContainText('The plan is in force for this app');
  const table = page.getByRole('region', { name: 'Tracking plan' });

  const disabled = table.getByRole('row', { name: /counter\.session_levels/ });
  await expect(disabled).toContainText('disabled');
  await expect(disabled.locator('td').nth(6)).toHaveText(/^[1-9][\d,]*$/);
  await expect(disabled.locator('td').nth(4)).toHaveText('0');

  const undeclared = table.getByRole('row', { name: /counter\.booster_used/ });
  await expect(undeclared).toContainText('undeclared');
  await expect(undeclared.locator('td').nth(4)).toHaveText(/^[1-9][\d,]*$/);

  const fps = table.getByRole('row', { name: /measurement\.fps/ });
  await expect(fps.locator('td').nth(7)).toHaveText(/^[1-9][\d,]*$/);
  await fps.getByRole('button').first().click();
  const problem = table.getByRole('listitem').filter({ hasText: 'params.value: declared int in the tracking plan, got float' });
  await expect(problem).toContainText(/app version\(s\) \d+\.\d+/);
  await expect(problem.getByLabel(/^Example of params\.value/)).toContainText('"sent"');
  await page.screenshot({ path: '/tmp/tracking-plan-1440.png', fullPage: true });

  // The config screens say what the plan does and when it last acted.
  await open(page, '/adminAccount/config_data/tracking_config');
  await expect(page.getByText(/ingestion drops a disabled event .* Dropped [\d,]+ events? today/)).toBeVisible();
  await page.screenshot({ path: '/tmp/tracking-config-1440.png', fullPage: true });
});

test('the tracking-plan view on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'root');
  await open(page, '/adminAccount/check_sdk?tab=plan');
  await page.locator('.p-dropdown').filter({ has: page.getByLabel('Plan app') }).click();
  await page.getByRole('option', { name: 'Word Quest Journey' }).click();
  await expect(page.getByTestId('plan-summary')).toContainText('The plan is in force for this app');
  await page.screenshot({ path: '/tmp/tracking-plan-390.png', fullPage: true });
});

test('report pickers offer the plan\u2019s counters first and mark the undeclared one; the IAP screens say what the catalogue did', async ({ page }) => {
  await signIn(page, 'root');
  await open(page, '/gsm/analytic/counter/horizontal?id=com.gsm.wordquest&value=Word%20Quest%20Journey');
  await page.locator('.filter-counter').click();
  const options = page.getByRole('option');
  await expect(options.last()).toHaveText('booster_used (not in tracking plan)');
  await expect(options.filter({ hasText: 'hint_used' })).toHaveText('hint_used');
  await page.screenshot({ path: '/tmp/tracking-counter-picker-1440.png' });
  await page.keyboard.press('Escape');

  await open(page, '/adminAccount/config_data/iap_config');
  await expect(page.getByText(/purchase verification flags a product id not listed here.* Used by [\d,]+ verified purchases?/)).toBeVisible();
  await page.screenshot({ path: '/tmp/tracking-iap-config-1440.png', fullPage: true });
  await open(page, '/statistic/iapLog');
  await expect(page.locator('.filter-label', { hasText: 'Catalogue' })).toBeVisible();
  await page.screenshot({ path: '/tmp/tracking-iap-log-1440.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, '/adminAccount/config_data/event');
  await expect(page.getByText(/Over the last 7 days: flagged [\d,]+ undeclared events?/)).toBeVisible();
  await page.screenshot({ path: '/tmp/tracking-event-390.png', fullPage: true });
});
