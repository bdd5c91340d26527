import { appDetailContract, createAppContract } from '../../src/lib/apps/contract';
import { publisherSaveContract } from '../../src/lib/house-ads/contract';
import { apiAs, unique } from './api';
import { expect, open, signIn, test } from './fixtures';
import { tableRows } from './report-table';

/**
 * In-house ads end to end: staff create a campaign in the form, a game asks for an ad over the SDK and reports
 * its impression, and the impression shows in the campaign list and the Campaign Report.
 */
test('a campaign made in the form is served to a player and its impression shows in the report', async ({ page }) => {
  const root = await apiAs('root');
  const stamp = Date.now().toString(36);
  const advertised = { id: `com.e2e.adv${stamp}`, name: `Advertised ${stamp}` };
  const publisher = { id: `com.e2e.pub${stamp}`, name: `Publisher ${stamp}` };
  for (const app of [advertised, publisher]) await root(createAppContract, { id: app.id, name: app.name, os: [{ os: 1, packageId: `${app.id}.android` }] });
  await root(publisherSaveContract, { appId: publisher.id, placements: ['main'] });
  const key = (await root(appDetailContract, { appId: publisher.id })).data.os[0]!.sdkAppKey;

  await signIn(page, 'root');
  // Create Campaign is the form itself; it leads to the new campaign in Campaign Manager.
  await open(page, '/ads_in_house/campaign/create');
  const dialog = page.getByTestId('campaign-create');
  const name = unique('Cross promo');
  await dialog.getByLabel('Name').fill(name);
  await dialog.locator('.p-dropdown').filter({ has: page.locator('#hac-advertisedApp') }).click();
  await page.getByRole('option', { name: advertised.name }).click();
  // Caps are asked at creation, with the defaults filled in.
  await expect(dialog.getByLabel('Daily impression cap')).toHaveValue('10000');
  await expect(dialog.getByLabel('Ads a player a day')).toHaveValue('3');
  // A creative that is not http(s) is refused under its field before anything is sent.
  const creative = dialog.getByRole('group', { name: 'Creatives 1' });
  await creative.getByLabel('Creatives 1 URL').fill('javascript:alert(1)');
  await dialog.getByRole('button', { name: 'Create campaign' }).click();
  await expect(dialog.getByRole('alert').first()).toContainText('http');
  await creative.getByLabel('Creatives 1 URL').fill('https://cdn.example.com/promo.png');
  // The preview keeps the size class's proportions (320×50 fits 160 px wide: 50 %).
  await expect(creative.locator('figcaption')).toHaveText('banner 320×50 (shown at 50%)');
  await expect(creative.locator('.creative-frame')).toHaveAttribute('style', /width:\s*160px;\s*height:\s*25px/);
  await dialog.getByText('Every published app').click();
  await page.getByRole('option', { name: publisher.name }).click();
  await dialog.getByLabel('Name').click(); // closes the list
  await dialog.locator('.p-dropdown').filter({ has: page.locator('#hac-status') }).click();
  await page.getByRole('option', { name: 'Running (served)' }).click();
  await dialog.getByRole('button', { name: 'Create campaign' }).click();
  await page.waitForURL(/\/ads_in_house\/campaign\/manager\?search=/);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('running');
  await expect(row).toContainText('daily 10,000 · 3 a player a day');
  await expect(page.getByRole('row')).toHaveCount(2);

  // The game: a player session, an ad for the main placement, its impression.
  const base = process.env.E2E_BASE_URL!;
  const session = await (await fetch(`${base}/api/sdk/v1/players/session`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-sdk-key': key }, body: JSON.stringify({ deviceId: `e2e-device-${stamp}` }) })).json();
  const headers = { 'content-type': 'application/json', 'x-sdk-key': key, 'x-player-token': session.data.accessToken };
  const served = await fetch(`${base}/api/sdk/v1/ads?placement=main&format=banner`, { headers });
  expect(served.status).toBe(200);
  const ad = (await served.json()).data;
  expect(ad.url).toBe('https://cdn.example.com/promo.png');
  expect((await fetch(`${base}/api/sdk/v1/ads/impression`, { method: 'POST', headers, body: JSON.stringify({ token: ad.impressionToken }) })).status).toBe(200);

  await open(page, '/ads_in_house/campaign/manager');
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('1 / ∞');
  await open(page, '/ads_in_house/report/campaign');
  await page.locator('.p-dropdown').filter({ hasText: 'All campaigns' }).click();
  await page.getByRole('option', { name: new RegExp(name) }).click();
  // Total: 1 impression, 0 clicks, CTR 0 %, 0 installs, CVR — (no click), value $0.00 (no install).
  const total = page.locator('tbody tr').filter({ hasText: /^Total/ });
  await expect.poll(async () => (await tableRows(page.locator('table').filter({ has: total }))).find((r) => r[0] === 'Total')).toEqual(['Total', 1, 0, 0, 0, null, 0]);
});
