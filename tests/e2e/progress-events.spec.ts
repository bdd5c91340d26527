import { appDetailContract } from '../../src/lib/apps/contract';
import { consoleTimeText, progressEventListContract } from '../../src/lib/progress-events/contract';
import { nowMs } from '../../src/lib/time/clock';
import { apiAs, unique } from './api';
import { expect, open, signIn, test } from './fixtures';

/**
 * A progress event as a game designer runs it: created in the form (a track out of order is refused under the
 * field), live from its start, a player of the game earns points and claims the first milestone through the
 * SDK, and the dashboard shows that player reaching and claiming it. Times come from the console's clock
 * (the test process shares its offset), never the browser's.
 */

const APP = 'com.gsm.wordquest';

async function sdk(path: string, key: string, body: unknown, token?: string) {
  const response = await fetch(`${process.env.E2E_BASE_URL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-sdk-key': key, ...(token ? { 'x-player-token': token } : {}) },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

test('a designer creates a progress event, a player reaches and claims a milestone, the dashboard shows it', async ({ page }) => {
  const name = unique('Star pass');
  await signIn(page, 'designer');
  await open(page, '/games/progress_event/event');
  await expect(page.getByRole('heading', { level: 1, name: 'Progress Events' })).toBeVisible();
  await page.getByRole('button', { name: 'New progress event' }).click();
  const dialog = page.getByRole('dialog', { name: 'New progress event' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.locator('#progress-events-start').fill(consoleTimeText(nowMs() - 3_600_000));
  await dialog.getByLabel('Name').click();
  await dialog.getByLabel('Milestones').fill('100: coin 500\n50: gem 5');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('line 2: thresholds must be strictly ascending (50 is not above 100)');
  await dialog.getByLabel('Milestones').fill('100: coin 500\n300: gem 5');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.toast').last()).toContainText(`Progress event ${name} created`);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('live');
  await expect(row).toContainText('100 → 300');

  // The game: a player session, 120 points, the first milestone claimed.
  const designer = await apiAs('designer');
  const event = (await designer(progressEventListContract, { appId: APP })).data.find((e) => e.name === name)!;
  const key = (await (await apiAs('root'))(appDetailContract, { appId: APP })).data.os[0]!.sdkAppKey;
  const session = await sdk('/api/sdk/v1/players/session', key, { deviceId: `e2e-${Date.now().toString(36)}` });
  const token = session.accessToken as string;
  expect(await sdk(`/api/sdk/v1/progress-events/${event.id}/points`, key, { clientId: 'e2e-1', points: 120 }, token)).toMatchObject({ points: 120, reached: [1] });
  expect(await sdk(`/api/sdk/v1/progress-events/${event.id}/claim`, key, { milestone: 1 }, token)).toMatchObject({ rewards: [{ itemId: 'coin', amount: 500 }] });

  await open(page, `/games/progress_event/dashboard?apps=${APP}&event=${event.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Progress Dashboard' })).toBeVisible();
  await expect(page.locator('section.report')).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByTestId('report-notice').first()).toHaveText(
    `${name}: 1 participant; milestone 1 (100 points) reached by 1, claimed by 1; milestone 2 (300 points) reached by 0, claimed by 0.`,
  );
  await expect(page.getByTestId('report-chart').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('report-table')).toContainText('120');
});
