import { startServer } from '../support/own-server';
import { DEMO_PASSWORD } from '../support/test-server';
import { startFcm } from '../support/fcm-stand-in';
import { expect, open, signIn, test as base } from './fixtures';

/**
 * Compose a push on the screen, the push_send job sends it to the FCM stand-in, and the list and the stats
 * drill show it sent. The suite's shared server has no FCM stand-in, so this journey runs its own server whose
 * FCM base and token endpoint point at one (tests/support/fcm-stand-in.ts).
 */
type Env = { fcm: Awaited<ReturnType<typeof startFcm>>; server: Awaited<ReturnType<typeof startServer>> };

const test = base.extend<object, { pushEnv: Env }>({
  pushEnv: [
    async ({}, use) => {
      const fcm = await startFcm();
      const server = await startServer({ FCM_API_BASE: fcm.base, GOOGLE_OAUTH_TOKEN_URL: fcm.tokenUrl, SCHEDULER: 'off', DEMO_TELEMETRY: '0' });
      await use({ fcm, server });
      await server.stop();
      await fcm.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ pushEnv }, use) => use(pushEnv.server.baseUrl),
});

test('a push composed on the screen is sent through FCM and its stats are shown', async ({ page, pushEnv }) => {
  test.setTimeout(120_000);
  const { fcm } = pushEnv;
  await signIn(page, 'root', DEMO_PASSWORD);
  const appId = `com.e2e.push${Date.now().toString(36)}`;
  const appName = `Push e2e ${appId.slice(-5)}`;
  expect((await page.request.post('/api/appdata/create', { data: { id: appId, name: appName, os: [{ os: 1, packageId: appId }] } })).status()).toBe(200);
  const detail = (await (await page.request.get(`/api/appdata/get/detail/${appId}`)).json()) as { data: { os: { sdkAppKey: string }[] } };
  const key = detail.data.os[0]!.sdkAppKey;
  // The game: a player session, then the device's FCM token registered with the player token.
  const session = await page.request.post('/api/sdk/v1/players/session', { headers: { 'x-sdk-key': key }, data: { deviceId: `e2e-push-${Date.now().toString(36)}` } });
  const { accessToken } = ((await session.json()) as { data: { accessToken: string } }).data;
  const token = `e2e-fcm-token-${Date.now().toString(36)}-abcdefghijklmnop`;
  const registered = await page.request.post('/api/sdk/v1/push/register', { headers: { 'x-sdk-key': key, 'x-player-token': accessToken }, data: { token, timeZone: 'Asia/Ho_Chi_Minh', appVersion: '1.0.0', country: 'VN' } });
  expect(registered.status()).toBe(200);

  await open(page, '/games/notification/push');
  await expect(page.getByRole('heading', { level: 1, name: 'Push Notification' })).toBeVisible();
  // The app's FCM settings, as staff enter them: the project and the service account key file.
  await page.getByRole('button', { name: 'Set FCM settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Set FCM settings' });
  await settings.locator('.p-dropdown').filter({ has: page.locator('#fcm-appId') }).click();
  await page.getByRole('option', { name: appName }).click();
  await settings.getByLabel('Firebase project id').fill(fcm.projectId);
  await settings.getByLabel('Service account key (JSON)').fill(JSON.stringify(fcm.serviceAccount));
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.toast').last()).toContainText(`FCM settings of ${appId} saved`);
  await expect(page.getByTestId('resource-push-settings')).toContainText(fcm.serviceAccount.client_email);
  await expect(page.getByTestId('resource-push-settings')).not.toContainText('PRIVATE KEY');

  await page.getByRole('button', { name: 'Compose push' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compose push' });
  await dialog.locator('.p-dropdown').filter({ has: page.locator('#push-appId') }).click();
  await page.getByRole('option', { name: appName }).click();
  const title = `Gems waiting ${Date.now().toString(36)}`;
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Body').fill('Your daily gems are ready.');
  await dialog.getByLabel('Deep link (data)').fill('game://daily');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.toast').last()).toContainText(`Push "${title}" created for 1 device(s)`);

  const run = await page.request.post('/api/job/run', { data: { name: 'push_send' } });
  expect(run.status()).toBe(200);
  expect(fcm.sent.filter((m) => m.title === title)).toEqual([expect.objectContaining({ token, body: 'Your daily gems are ready.', data: expect.objectContaining({ deepLink: 'game://daily' }) })]);

  await page.reload();
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row.getByText('sent', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Stats of ${title}` }).click();
  const stats = page.getByRole('dialog', { name: `Delivery stats — ${title}` });
  await expect(stats.getByRole('row', { name: /Targeted/ })).toContainText('1');
  await expect(stats.getByRole('row', { name: /^Sent/ })).toContainText('1');
  await expect(stats.getByRole('row', { name: /Opened/ })).toContainText('0');
});
