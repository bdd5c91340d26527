import { expect, open, signIn, test } from './fixtures';
import { unique } from './api';
import { nowMs } from '../../src/lib/time/clock';

test('a player\'s IAP log: found by user id, newest first, older events on demand, exported as shown', async ({ page }) => {
  await signIn(page, 'root');
  // An app of this test's own with one player's purchases sent through the SDK endpoint.
  const appId = `com.e2e.hist${Date.now().toString(36)}`;
  const name = unique('History App');
  const created = await page.request.post('/api/appdata/create', { data: { id: appId, name, os: [{ os: 1, packageId: appId }] } });
  expect(created.status()).toBe(200);
  const { data: app } = (await created.json()) as { data: { os: { sdkAppKey: string }[] } };
  const now = nowMs();
  const purchase = (i: number) => ({
    id: crypto.randomUUID(), userId: 'p_e2eplayer', name: 'iap_purchase', time: now - (i + 1) * 60_000, appVersion: '2.0.0', country: 'VN',
    params: { productId: `pack_${i}`, priceMicros: 990_000 * (i + 1), currency: 'USD', revenueUsdMicros: 693_000 * (i + 1), transactionId: `T-${appId}-${i}`, store: 'google_play' },
  });
  const sent = await page.request.post('/api/sdk/v1/events', { headers: { 'x-sdk-key': app.os[0]!.sdkAppKey }, data: { events: Array.from({ length: 55 }, (_, i) => purchase(i)) } });
  expect(((await sent.json()) as { data: { accepted: number } }).data.accepted).toBe(55);

  await open(page, `/gsm/history/iapLog?appId=${appId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'IAP Log' })).toBeVisible();
  await expect(page.getByTestId('history-empty')).toContainText("Enter a player's user id to see their purchases.");
  await page.getByLabel('User id').fill('p_e2eplayer');
  const rows = page.locator('.history-table tbody tr');
  await expect(rows).toHaveCount(50);
  await expect(rows.first()).toContainText('pack_0');
  await expect(rows.first()).toContainText('$0.693');
  await page.getByRole('button', { name: 'Older events' }).click();
  await expect(rows).toHaveCount(55);
  await expect(rows.last()).toContainText('pack_54');
  await expect(page.getByRole('button', { name: 'Older events' })).toHaveCount(0);
  // The URL names the player, so a copied link opens the same log.
  expect(new URL(page.url()).searchParams.get('userId')).toBe('p_e2eplayer');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'CSV' }).click()]);
  const text = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  const lines = text.replace(/^\uFEFF/, '').trim().split('\r\n');
  expect(lines).toHaveLength(56);
  expect(lines[1]).toContain('pack_0');
  expect(lines[1]).toContain(',0.693,');

  await page.getByLabel('User id').fill('nobody-here');
  await expect(page.getByTestId('history-empty')).toContainText(`No purchases from nobody-here in ${name}`);
});
