import type { Locator, Page } from '@playwright/test';
import { createAccountContract } from '../../src/lib/accounts/contract';
import { createAppContract } from '../../src/lib/apps/contract';
import { templateApis } from '../../src/lib/live-events/contract';
import { gameItemSaveContract } from '../../src/lib/rewards/contract';
import { apiAs, unique } from './api';
import { expect, open, signIn, test } from './fixtures';

/**
 * The create forms (issue 41): none starts on an app the person did not choose, the next one starts on the
 * app last chosen, and a ranking event is made from its template in one step with what the template supplies.
 */

const PASSWORD = 'create-forms-passphrase';

/** An account of this spec on a demo role, so no other journey's choices leak into its forms. */
async function ownAccount(role: string, listApp: string[] = [], canViewAllApp = true) {
  const root = await apiAs('root');
  const username = unique(`forms-${role}`).replace(/\s/g, '-');
  await root(createAccountContract, { username, role, name: 'Create Forms', password: PASSWORD, canViewAllApp, listApp });
  return username;
}

/** The text a dropdown shows for its value (its placeholder while empty). */
const shown = (scope: Page | Locator, inputId: string) => scope.locator(`.p-dropdown:has(#${inputId}) .p-dropdown-label`);

/** Each create form with an App field: where it is, how it opens, the input of its app. */
const FORMS = [
  { path: '/games/gift_code/manager', open: 'New campaign', app: 'gc-appId' },
  { path: '/games/mail/mailBox', open: 'Compose mail', app: 'mail-appId' },
  { path: '/games/notification/push', open: 'Compose push', app: 'push-appId' },
  { path: '/games/progress_event/event', open: 'New progress event', app: 'progress-events-appId' },
  { path: '/gsm/a_b_test/manager', open: 'New experiment', app: 'experiments-appId' },
  { path: '/games/ranking_event/template', open: 'New template', app: 'lt-ranking-appId' },
  { path: '/games/leaderboard_season/template', open: 'New template', app: 'lt-season-appId' },
  { path: '/ads_in_house/campaign/create', open: null, app: 'hac-advertisedApp' },
] as const;

async function openForm(page: Page, form: (typeof FORMS)[number]) {
  await open(page, form.path);
  if (form.open) await page.getByRole('button', { name: form.open }).first().click();
  await expect(page.locator(`#${form.app}`)).toBeAttached();
}

test('each create form starts with no app until the person chooses one, then on the one last chosen', async ({ page }) => {
  test.setTimeout(180_000);
  const username = await ownAccount('root');
  await signIn(page, username, PASSWORD);
  for (const form of FORMS) {
    await openForm(page, form);
    await expect(shown(page, form.app), form.path).toHaveText('Choose an app');
  }
  // Worklog's App / project: empty, and offered by name with the id beside it.
  await open(page, '/hcns/worklog');
  const project = page.getByPlaceholder('App or project');
  await expect(project).toHaveValue('');
  await page.locator('.worklog-form .p-dropdown-trigger').click();
  const option = page.getByRole('option', { name: /Word Quest Journey/ });
  await expect(option).toContainText('com.gsm.wordquest');
  await option.click();
  await expect(project).toHaveValue('Word Quest Journey');
  await page.getByLabel('Hours').fill('1');
  await page.getByLabel('Task').fill('Create forms journey');
  await page.getByRole('button', { name: 'Log time' }).click();
  await expect(page.locator('.toast').last()).toContainText('Worklog saved');

  // Chosen once: every create form now starts on it (remembered on the server for this person).
  await expect(async () => {
    await openForm(page, FORMS[0]);
    await expect(shown(page, FORMS[0].app)).toHaveText('Word Quest Journey', { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await openForm(page, FORMS[7]);
  await expect(shown(page, FORMS[7].app)).toHaveText('Word Quest Journey');
});

test('an account that sees one app starts on it', async ({ page }) => {
  const username = await ownAccount('admin', ['com.gsm.tilematch'], false);
  await signIn(page, username, PASSWORD);
  await openForm(page, FORMS[0]);
  await expect(shown(page, FORMS[0].app)).toHaveText('Tile Match Garden');
});

test('a ranking event from a template in one step, filled with what the template supplies', async ({ page }) => {
  test.setTimeout(120_000);
  const root = await apiAs('root');
  const stamp = Date.now().toString(36);
  const app = { id: `com.e2e.forms${stamp}`, name: `Forms game ${stamp}` };
  await root(createAppContract, { id: app.id, name: app.name, os: [{ os: 1, packageId: `${app.id}.android` }] });
  for (const [itemId, name] of [['coin', 'Coins'], ['gem', 'Gems']] as const) await root(gameItemSaveContract, { appId: app.id, itemId, name, kind: 'currency', maxAmount: 100_000 });
  const template = unique('Sprint rules');

  // Someone who sees only this new app has no template yet: no dead Template dropdown, a way to make one.
  const newcomer = await ownAccount('gamedesigner', [app.id], false);
  await signIn(page, newcomer, PASSWORD);
  await open(page, '/games/ranking_event/event');
  await expect(page.getByRole('button', { name: 'New ranking event' })).toHaveCount(0);
  await expect(page.getByText('Create a ranking template first.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Templates' })).toHaveAttribute('href', '/games/ranking_event/template');

  // With the template: its row's Create event opens the event form, filled from it.
  const { data: again } = await root(templateApis.ranking.save, { appId: app.id, name: template, scoring: 'latest', sort: 'desc', bracketSize: 20, durationHours: 48, tierSpec: '', rewardSpec: '1: gem 100, coin 5000\n2-10: coin 1000' });
  await open(page, '/games/ranking_event/template');
  await page.getByRole('button', { name: `Create event from ${template}` }).click();
  await page.waitForURL(`**/games/ranking_event/event?template=${again.id}`);
  const dialog = page.getByRole('dialog', { name: 'New ranking event' });
  await expect(shown(dialog, 'le-ranking-templateId')).toHaveText(`${template} (${app.name})`);
  await expect(shown(dialog, 'le-ranking-scoring')).toHaveText('Latest score counts');
  const rewards = dialog.getByRole('group', { name: 'Rewards by rank' });
  await expect(rewards.getByLabel('Rewards by rank range 1 from rank')).toHaveValue('1');
  await expect(rewards.getByLabel('Rewards by rank range 2 to rank')).toHaveValue('10');
  await expect(rewards.getByLabel('Rewards by rank range 1 reward 2 amount')).toHaveValue('5,000');
  // Items show by name (the template names gem and coin).
  await expect(rewards.locator('.rewards-row').nth(0).locator('input.p-dropdown-label')).toHaveValue('Gems');
  await expect(rewards.locator('.rewards-row').nth(1).locator('input.p-dropdown-label')).toHaveValue('Coins');
  // The template's 48 hours from the proposed start.
  const start = await dialog.locator('#le-ranking-start').inputValue();
  const [d, m, y, h, mi] = start.split(/[- :]/).map(Number) as [number, number, number, number, number];
  const end = new Date(Date.UTC(y, m - 1, d, h, mi) + 48 * 3_600_000).toISOString();
  await expect(dialog.locator('#le-ranking-end')).toHaveValue(`${end.slice(8, 10)}-${end.slice(5, 7)}-${end.slice(0, 4)} ${end.slice(11, 16)}`);
  await expect(dialog.getByText('UTC+7').first()).toBeVisible();

  // Keyboard: a range is added and removed with Enter; a time is typed into the picker.
  await rewards.getByRole('button', { name: 'Add rank range' }).focus();
  await page.keyboard.press('Enter');
  await expect(rewards.getByLabel('Rewards by rank range 3 from rank')).toHaveValue('11');
  await expect(rewards.getByLabel('Rewards by rank range 3 to rank')).toHaveValue('19');
  await rewards.getByRole('button', { name: 'Remove Rewards by rank range 3', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(rewards.locator('fieldset')).toHaveCount(2);
  await dialog.locator('#le-ranking-end').focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(`${end.slice(8, 10)}-${end.slice(5, 7)}-${end.slice(0, 4)} 23:30`);
  await expect(dialog.locator('#le-ranking-end')).toHaveValue(`${end.slice(8, 10)}-${end.slice(5, 7)}-${end.slice(0, 4)} 23:30`);

  const name = unique('Sprint cup');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.toast').last()).toContainText(`Event ${name} created`);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(`${end.slice(8, 10)}-${end.slice(5, 7)}-${end.slice(0, 4)} 23:30`);
  await expect(row).toContainText('latest');
  await expect(row).toContainText('scheduled');
});
