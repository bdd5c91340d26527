import { appDetailContract, createAppContract } from '../../src/lib/apps/contract';
import { gameItemSaveContract } from '../../src/lib/rewards/contract';
import { nowMs } from '../../src/lib/time/clock';
import { apiAs } from './api';
import { expect, open, signIn, test } from './fixtures';

/** "DD-MM-YYYY HH:mm" in UTC+7, computed here from the console's clock (the test process shares its offset). */
const utc7 = (ms: number) => {
  const d = new Date(ms + 7 * 3_600_000).toISOString();
  return `${d.slice(8, 10)}-${d.slice(5, 7)}-${d.slice(0, 4)} ${d.slice(11, 16)}`;
};

/**
 * Gift codes and mail end to end: a campaign made in the form, a wrong guess counted on it, its keyword redeemed by
 * a test player through the SDK, the attempt on the Used Logs screen and the reward mail on the Mail Box screen, claimed by the game.
 */
test('a keyword campaign made in the form is redeemed by a player; the used log and the reward mail show', async ({ page }) => {
  const root = await apiAs('root');
  const stamp = Date.now().toString(36).toUpperCase();
  const app = { id: `com.e2e.gift${stamp.toLowerCase()}`, name: `Gift game ${stamp}` };
  await root(createAppContract, { id: app.id, name: app.name, os: [{ os: 1, packageId: `${app.id}.android` }] });
  await root(gameItemSaveContract, { appId: app.id, itemId: 'coin', name: 'Coins', kind: 'currency', maxAmount: 100_000 });
  const key = (await root(appDetailContract, { appId: app.id })).data.os[0]!.sdkAppKey;
  const keyword = `E2E${stamp}`.slice(0, 20);
  const campaign = `Launch gift ${stamp}`;

  await signIn(page, 'admin');
  await open(page, '/games/gift_code/manager');
  await page.getByRole('button', { name: 'New campaign' }).click();
  const dialog = page.getByRole('dialog', { name: 'New campaign' });
  await dialog.locator('.p-dropdown').filter({ has: page.locator('#gc-appId') }).click();
  await page.getByRole('option', { name: app.name }).click();
  await dialog.getByLabel('Name').fill(campaign);
  await dialog.locator('.p-dropdown').filter({ has: page.locator('#gc-kind') }).click();
  await page.getByRole('option', { name: 'One keyword code' }).click();
  await dialog.getByLabel('Prefix or keyword').fill(keyword.toLowerCase());
  // The rewards editor: a row of item and amount. An item the app does not have (typed) is refused by the
  // server, naming it; the app's own items are picked by name.
  const reward = dialog.locator('.rewards-row').first();
  await reward.locator('input.p-dropdown-label').fill('diamond');
  await reward.getByLabel('Rewards 1 amount').fill('5');
  // The date-time picker: typed as DD-MM-YYYY HH:mm (UTC+7 shown beside it).
  await expect(dialog.locator('.p-inputgroup:has(#gc-expiresAt) .p-inputgroup-addon')).toHaveText('UTC+7');
  await dialog.locator('#gc-expiresAt').fill(utc7(nowMs() + 7 * 86_400_000));
  await dialog.getByLabel('Name').click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.toast').last()).toContainText('diamond is not an item');
  await reward.locator('.p-dropdown-trigger').click();
  const coins = page.getByRole('option', { name: /Coins/ });
  await expect(coins).toContainText('coin');
  await coins.click();
  await reward.getByLabel('Rewards 1 amount').fill('750');
  // …or picked on the calendar: the 15th of next month, at the time shown.
  await dialog.locator('.p-inputgroup:has(#gc-expiresAt) .p-datepicker-trigger').click();
  await page.locator('.p-datepicker .p-datepicker-next').click();
  await page.locator('.p-datepicker-calendar td:not(.p-datepicker-other-month) span', { hasText: /^15$/ }).click();
  await dialog.locator('.p-inputgroup:has(#gc-expiresAt) .p-datepicker-trigger').click();
  await expect(page.locator('.p-datepicker')).toHaveCount(0);
  await expect(dialog.locator('#gc-expiresAt')).toHaveValue(/^15-\d{2}-\d{4} \d{2}:\d{2}$/);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.toast').last()).toContainText(`Campaign ${campaign} created`);
  const row = page.getByRole('row', { name: new RegExp(campaign) });
  await expect(row).toContainText(keyword);
  await expect(row).toContainText('coin:750');
  await expect(row).toContainText('running');

  // The game: a test player redeems the keyword as a person types it.
  const base = process.env.E2E_BASE_URL!;
  const session = await (await fetch(`${base}/api/sdk/v1/players/session`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-sdk-key': key }, body: JSON.stringify({ deviceId: `e2e-gift-${stamp}` }) })).json();
  const headers = { 'content-type': 'application/json', 'x-sdk-key': key, 'x-player-token': session.data.accessToken };
  // First a wrong guess: the campaign's owner sees the app's guessing rate on the campaign.
  const wrong = await fetch(`${base}/api/sdk/v1/giftcodes/redeem`, { method: 'POST', headers, body: JSON.stringify({ code: `NOPE${stamp}` }) });
  expect(wrong.status).toBe(404);
  const redeemed = await fetch(`${base}/api/sdk/v1/giftcodes/redeem`, { method: 'POST', headers, body: JSON.stringify({ code: ` ${keyword.toLowerCase()} ` }) });
  expect(redeemed.status).toBe(200);
  const { mailId } = (await redeemed.json()).data;
  await page.reload();
  await expect(page.getByRole('columnheader', { name: 'Wrong guesses (1 h / 24 h)' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(campaign) })).toContainText('1 / 1');

  await open(page, '/games/gift_code/used_logs');
  await page.getByPlaceholder('Search').fill(session.data.playerId);
  const log = page.getByRole('row', { name: new RegExp(keyword) });
  await expect(log).toContainText(campaign);
  await expect(log).toContainText('ok');
  await expect(log).toContainText(`#${mailId}`);

  await open(page, '/games/mail/mailBox');
  await page.getByPlaceholder('Search').fill(keyword);
  const mail = page.getByRole('row', { name: new RegExp(`Gift code ${keyword}`) });
  await expect(mail).toContainText('coin:750');
  await expect(mail).toContainText('sent');

  // The game claims it; the screen counts the claim.
  const claimed = await fetch(`${base}/api/sdk/v1/mail/claim`, { method: 'POST', headers, body: JSON.stringify({ mailId }) });
  expect((await claimed.json()).data).toMatchObject({ granted: true, rewards: [{ itemId: 'coin', amount: 750 }] });
  await page.reload();
  await page.getByPlaceholder('Search').fill(keyword);
  const cells = page.getByRole('row', { name: new RegExp(`Gift code ${keyword}`) }).getByRole('cell');
  await expect(cells.nth(7)).toHaveText('1');
});
