import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, open, signIn, test } from './fixtures';

/**
 * Serious or critical axe findings in the test screen as it is now (the every-screen walk sees only its empty
 * state, on a phone). The screen only: at desktop width the sidebar's active item has a contrast finding of
 * its own (the chrome's, reported to its owner).
 */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('.test-screen').analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('the tester marks a new player, sends an event, an ad impression and a purchase from the test screens, and finds them in the history logs and the IAP log', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'tester');
  const appId = 'com.gsm.blockpuzzle';
  const deviceId = `e2e-test-${Date.now().toString(36)}`;

  // A new player through the game's own session call, then flagged as a test player.
  await open(page, `/test/testing?appId=${appId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Testing' })).toBeVisible();
  await page.getByRole('textbox', { name: 'New device id' }).fill(deviceId);
  await page.getByRole('button', { name: 'New player' }).click();
  const card = page.getByTestId('test-player');
  await expect(card).toContainText(`${deviceId} (Android)`);
  await expect(card).toContainText('counts in reports');
  const userId = new URL(page.url()).searchParams.get('userId')!;
  expect(userId).toMatch(/^p_[a-z2-7]{20}$/);
  await card.getByRole('button', { name: 'Mark as test player' }).click();
  await expect(card).toContainText('test player');
  await expect(card.getByRole('button', { name: 'Unmark test player' })).toBeVisible();
  await expect(page.getByTestId('live-status')).toContainText('Live · updated');

  // Any event: the fields come from the event's schema and are checked before sending.
  await page.getByRole('navigation', { name: 'Test tools' }).getByRole('link', { name: 'Any event' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Send Event' })).toBeVisible();
  await expect(page.getByTestId('test-player')).toContainText(userId);
  const form = page.getByRole('form', { name: 'Compose an SDK event' });
  await form.getByLabel('level').fill('0');
  await form.getByLabel('duration').fill('45');
  await form.getByLabel('attempts').fill('2');
  await form.getByRole('button', { name: 'Send event' }).click();
  await expect(form.getByRole('alert')).toHaveText('must be between 1 and 1000000');
  await form.getByLabel('level').fill('12');
  await form.getByRole('button', { name: 'Send event' }).click();
  await expect(form.getByRole('status')).toContainText('Sent level_complete');
  const live = page.getByRole('region', { name: 'Events of this player, newest first' });
  await expect(live.locator('tbody tr').first()).toContainText('level=12');

  // An ad impression, sent with the form's defaults.
  await page.getByRole('navigation', { name: 'Test tools' }).getByRole('link', { name: 'Ad impression' }).click();
  const adForm = page.getByRole('form', { name: 'Send an ad impression' });
  await adForm.getByLabel('placement').fill('e2e_continue');
  await adForm.getByRole('button', { name: 'Send ad impression' }).click();
  await expect(adForm.getByRole('status')).toContainText('Sent ad_impression');
  await expect(live.locator('tbody tr').first()).toContainText('placement=e2e_continue');
  await expect(live.locator('tbody tr')).toHaveCount(2);
  // With a player, a form, its error state and the live log on screen.
  await adForm.getByLabel('network').fill('');
  await adForm.getByRole('button', { name: 'Send ad impression' }).click();
  await expect(adForm.getByRole('alert')).toHaveText('is required');
  expect(await seriousViolations(page)).toEqual([]);
  await adForm.getByLabel('network').fill('admob');

  await page.getByRole('navigation', { name: 'Test tools' }).getByRole('link', { name: 'Server logic' }).click();
  await expect(page.locator('[data-check="test-flag"]')).toContainText('Marked: left out of every report.');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('navigation', { name: 'Test tools' }).getByRole('link', { name: 'Ad impression' }).click();
  await adForm.getByRole('button', { name: 'Send ad impression' }).click();
  await expect(live.locator('tbody tr')).toHaveCount(3);

  // The event and the impressions are in the player's history logs.
  await adForm.getByRole('link', { name: 'Open in the ad impressions log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ad Impression Log' })).toBeVisible();
  const rows = page.locator('.history-table tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.last()).toContainText('e2e_continue');
  await open(page, `/gsm/history/level?appId=${appId}&userId=${userId}`);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('level_complete');
  await expect(rows.first()).toContainText('12');

  // A purchase with a test receipt: sent as the game sends it, then through store verification (no store
  // answers here, so it waits as pending and the retry job will ask again).
  await open(page, `/test/IAP?appId=${appId}&userId=${userId}`);
  const buy = page.getByRole('form', { name: 'Send a purchase with a test receipt' });
  await buy.getByRole('button', { name: 'Send purchase' }).click();
  await expect(buy.getByRole('status')).toContainText('Sent iap_purchase', { timeout: 30_000 });
  await expect(buy.getByRole('status')).toContainText('Pending');
  await expect(live.locator('tbody tr')).toHaveCount(4);
  await open(page, `/gsm/history/iapLog?appId=${appId}&userId=${userId}`);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('test_product');
  await open(page, '/statistic/iapLog');
  await expect(page.getByRole('heading', { level: 1, name: 'IAP Log' })).toBeVisible();
  await page.getByRole('textbox', { name: 'User id' }).fill(userId);
  const purchases = page.getByRole('region', { name: 'Purchases' });
  await expect(purchases.getByRole('row').filter({ hasText: 'test_product' })).toHaveCount(1);
  await expect(purchases.getByRole('row').filter({ hasText: 'test_product' }).getByText('pending', { exact: true })).toBeVisible();
});
