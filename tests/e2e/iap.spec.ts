import { generateKeyPairSync } from 'node:crypto';
import { expect, open, signIn, test } from './fixtures';

/**
 * A game sends a purchase for verification, staff replay it, and support finds both in the IAP log and the
 * store request in the IAP request log. The suite's server has no store stand-in: Google Play cannot be
 * reached with this test's made-up service account, so the purchase stays pending (the API tests cover the
 * stores' answers against stand-ins).
 */
test('a purchase sent for verification shows in the IAP log and its store request in the request log', async ({ page }) => {
  await signIn(page, 'root');
  const appId = `com.e2e.iap${Date.now().toString(36)}`;
  const created = await page.request.post('/api/appdata/create', { data: { id: appId, name: `IAP ${appId}`, os: [{ os: 1, packageId: appId }] } });
  const key = ((await created.json()) as { data: { os: { sdkAppKey: string }[] } }).data.os[0]!.sdkAppKey;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const serviceAccount = { type: 'service_account', project_id: 'e2e', private_key_id: 'k1', private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), client_email: 'e2e-iap@e2e.iam.gserviceaccount.com' };
  expect((await page.request.post('/api/adminAccount/config/ga_service_account/save', { data: { scope: `app:${appId}`, data: { serviceAccountJson: JSON.stringify(serviceAccount) } } })).status()).toBe(200);

  const session = await page.request.post('/api/sdk/v1/players/session', { headers: { 'x-sdk-key': key }, data: { deviceId: `e2e-iap-${Date.now().toString(36)}` } });
  const { playerId, accessToken } = ((await session.json()) as { data: { playerId: string; accessToken: string } }).data;
  const transactionId = `GPA.e2e-${Date.now().toString(36)}`;
  const purchase = { store: 'google_play', productId: 'starter_pack', transactionId, purchaseToken: `token-${Date.now().toString(36)}-abcdef` };
  const sent = await page.request.post('/api/sdk/v1/purchases/verify', { headers: { 'x-sdk-key': key, 'x-player-token': accessToken }, data: purchase });
  expect(sent.status()).toBe(200);
  expect(((await sent.json()) as { data: { status: string } }).data.status).toBe('pending');
  const replay = await page.request.post('/api/appdata/verifyIAP', { data: { ...purchase, appId, userId: playerId } });
  expect(((await replay.json()) as { data: { status: string } }).data.status).toBe('duplicate');

  await open(page, '/statistic/iapLog');
  await expect(page.getByRole('heading', { level: 1, name: 'IAP Log' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Transaction id' }).fill(transactionId);
  const purchases = page.getByRole('region', { name: 'Purchases' });
  await expect(purchases.getByRole('row')).toHaveCount(3);
  const fromGame = purchases.getByRole('row').filter({ hasText: 'Game' });
  await expect(fromGame).toContainText(playerId);
  await expect(fromGame.getByText('pending', { exact: true })).toBeVisible();
  const replayed = purchases.getByRole('row').filter({ hasText: 'Staff' });
  await expect(replayed.getByText('duplicate', { exact: true })).toBeVisible();
  await expect(replayed).toContainText('duplicate transaction: first received');
  await expect(page.getByTestId('export-xlsx')).toHaveAttribute('href', new RegExp(`transactionId=${transactionId.replaceAll('.', '\\.')}`));

  await open(page, '/gsm/users/iap_request_log');
  await expect(page.getByRole('heading', { level: 1, name: 'IAP Request Log' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Transaction id' }).fill(transactionId);
  const requests = page.getByRole('region', { name: 'Store requests' });
  await expect(requests.getByRole('row')).toHaveCount(2);
  const row = requests.getByRole('row').filter({ hasText: 'no answer' });
  await expect(row.getByText('pending', { exact: true })).toBeVisible();
  await expect(row).toContainText(playerId);
  await row.locator('summary').click();
  await expect(row.locator('pre').first()).toContainText('"method": "POST"');
  await expect(row).not.toContainText('PRIVATE KEY');
});
