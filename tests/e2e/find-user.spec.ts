import { expect, open, signIn, test } from './fixtures';
import { unique } from './api';

test('support finds a player by device, reads their saved data, and edits it after reviewing the diff', async ({ page }) => {
  await signIn(page, 'root');
  // A game of this test's own: a player session on a device, a cloud save and a purchase, through the SDK API.
  const appId = `com.e2e.find${Date.now().toString(36)}`;
  const name = unique('Find App');
  const created = await page.request.post('/api/appdata/create', { data: { id: appId, name, os: [{ os: 1, packageId: appId }] } });
  const key = ((await created.json()) as { data: { os: { sdkAppKey: string }[] } }).data.os[0]!.sdkAppKey;
  const deviceId = `e2e-device-${Date.now().toString(36)}`;
  const session = await page.request.post('/api/sdk/v1/players/session', { headers: { 'x-sdk-key': key }, data: { deviceId } });
  const { playerId, accessToken } = ((await session.json()) as { data: { playerId: string; accessToken: string } }).data;
  const game = { 'x-sdk-key': key, 'x-player-token': accessToken };
  expect((await page.request.put('/api/sdk/v1/players/me/data', { headers: game, data: { version: 0, data: { coins: 120, level: 7 } } })).status()).toBe(200);
  const purchase = { id: crypto.randomUUID(), name: 'iap_purchase', userId: playerId, time: Date.now() - 60_000, appVersion: '1.0.0', country: 'VN', params: { productId: 'starter_pack', priceMicros: 1_990_000, currency: 'USD', revenueUsdMicros: 1_393_000, transactionId: `GPA.${deviceId}`, store: 'google_play' } };
  expect((await page.request.post('/api/sdk/v1/events', { headers: { 'x-sdk-key': key }, data: { events: [purchase] } })).status()).toBe(200);

  await open(page, `/gsm/users/find_user?appId=${appId}`);
  await page.locator('.p-dropdown').filter({ has: page.locator('#find-by') }).click();
  await page.getByRole('option', { name: 'Device id' }).click();
  await page.getByRole('textbox', { name: 'Device id' }).fill(deviceId);
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  const profile = page.getByTestId('player-profile');
  await expect(profile.getByRole('heading', { level: 2 })).toContainText(playerId);
  await expect(profile).toContainText(`${deviceId} (Android)`);
  await expect(profile.getByRole('row', { name: /starter_pack/ })).toContainText('$1.39');
  await expect(profile.getByRole('link', { name: 'Purchases' })).toHaveAttribute('href', new RegExp(`/gsm/history/iapLog\\?appId=${appId.replaceAll('.', '\\.')}&userId=${playerId}`));

  await profile.getByRole('link', { name: 'View saved data' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'View User Data' })).toBeVisible();
  await expect(page.getByTestId('save-meta')).toContainText('Version 1');
  await expect(page.getByTestId('save-json')).toContainText('"coins": 120');

  await open(page, `/gsm/users/find_user_firebase/update?appId=${appId}&userId=${playerId}`);
  const editor = page.getByLabel('Saved data (JSON)');
  await editor.fill('{\n  "coins": 120,\n  "level": 7,\n');
  await expect(page.getByRole('alert')).toContainText('Line 4');
  await expect(page.getByRole('button', { name: 'Review changes' })).toBeDisabled();
  await editor.fill('{\n  "coins": 500,\n  "level": 7\n}');
  await page.getByRole('button', { name: 'Review changes' }).click();
  const diff = page.getByTestId('save-diff');
  await expect(diff.locator('.removed')).toHaveText(['-   "coins": 120,']);
  await expect(diff.locator('.added')).toHaveText(['+   "coins": 500,']);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.toast').last()).toContainText(`Saved data of ${playerId} (version 2)`);
  const read = await page.request.get('/api/sdk/v1/players/me/data', { headers: game });
  expect(((await read.json()) as { data: unknown }).data).toMatchObject({ version: 2, data: { coins: 500, level: 7 } });
});
