import { expect, open, signIn, test } from './fixtures';

test('the tester marks a new player, sends an event and an ad impression from the test screens, and finds them in the history logs', async ({ page }) => {
  test.setTimeout(60_000);
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

  // Both are in the player's history logs.
  await adForm.getByRole('link', { name: 'Open in the ad impressions log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ad Impression Log' })).toBeVisible();
  const rows = page.locator('.history-table tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('e2e_continue');
  await open(page, `/gsm/history/level?appId=${appId}&userId=${userId}`);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('level_complete');
  await expect(rows.first()).toContainText('12');
});
