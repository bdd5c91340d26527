import type { Page } from '@playwright/test';
import { expect, hydrated, open, signIn, test } from './fixtures';

const selectedApp = (page: Page) => page.evaluate(() => localStorage.getItem('gsm.selectedApp'));
const rows = (page: Page) => page.locator('.app-table tbody tr[data-app-id]');
/** The four demo apps only: other tests (in any order) add apps of their own. */
const demoRows = (page: Page) => page.locator('.app-table tbody tr[data-app-id^="com.gsm."]');

test.describe('App Manager', () => {
  test('lists the demo apps with platform badges and publish state', async ({ page }) => {
    await signIn(page, 'root');
    await open(page, '/app_data/index');
    await expect(page).toHaveTitle('App Manager - GSM Console');
    await expect(demoRows(page)).toHaveCount(4);
    const block = page.locator('tr[data-app-id="com.gsm.blockpuzzle"]');
    await expect(block.locator('.os-badge')).toHaveText(['Android', 'iOS']);
    await expect(block.locator('.state-tag')).toHaveText('Published');
    await expect(page.locator('tr[data-app-id="com.gsm.idleminer"] .state-tag')).toHaveText('Unpublished');
    // Sorting by name descending puts Word Quest first; the sort is kept in the URL.
    const byNameDesc = ['com.gsm.wordquest', 'com.gsm.tilematch', 'com.gsm.idleminer', 'com.gsm.blockpuzzle'];
    const demoOrder = () => demoRows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-app-id')));
    await expect.poll(demoOrder).toEqual([...byNameDesc].reverse());
    await page.locator('.app-table thead').getByRole('columnheader', { name: 'App', exact: true }).click();
    await expect.poll(demoOrder).toEqual(byNameDesc);
    await expect(page).toHaveURL(/sort=-name/);
    await page.reload();
    await hydrated(page);
    await expect.poll(demoOrder).toEqual(byNameDesc);
    // Search and the OS filter narrow the list, also from the URL.
    await open(page, '/app_data/index?os=3');
    await expect(demoRows(page)).toHaveCount(1);
    await page.getByRole('textbox', { name: 'Search apps' }).fill('miner');
    await expect(page).toHaveURL(/q=miner/);
    await expect(page.getByText('No app matches these filters.')).toBeVisible();
    if (process.env.APPS_SCREENSHOT) {
      await open(page, '/app_data/index');
      await page.screenshot({ path: process.env.APPS_SCREENSHOT, fullPage: true });
    }
  });

  test('creates an app with two platforms, edits its config, selects it; the selection survives a reload and is cleared for an account that may not see it', async ({ page }) => {
    // An app of this test's own (a unique id and name), so the test runs in any order and repeatedly.
    const tag = Date.now().toString(36);
    const id = `com.e2e.starfall${tag}`;
    const name = `Starfall Saga ${tag}`;
    await signIn(page, 'root');
    await open(page, '/app_data/index');
    await expect(page.locator('tr[data-app-id="com.gsm.blockpuzzle"]')).toBeVisible();
    const before = await rows(page).count();
    expect(before).toBeGreaterThanOrEqual(4);

    await page.getByRole('button', { name: 'New app' }).click();
    const form = page.getByRole('dialog', { name: 'New app' });
    await form.getByLabel('App id').fill(id);
    await form.getByLabel('Name', { exact: true }).fill(name);
    await form.getByLabel('Android', { exact: true }).check();
    await form.getByLabel('Android Package name').fill(id);
    await form.getByLabel('iOS', { exact: true }).check();
    await form.getByLabel('iOS Bundle id').fill(`${id}.ios`);
    await form.getByLabel('iOS store URL').fill('https://apps.apple.com/app/id1700000001');
    await form.getByRole('button', { name: 'Create app' }).click();
    await expect(page.locator('.toast').filter({ hasText: `App ${name} created` })).toBeVisible();

    // The detail shows one generated SDK key per platform.
    const detail = page.getByRole('dialog', { name: new RegExp(name) });
    await expect(detail.getByTestId('sdk-key-1')).toHaveText(/^gsm_[A-Za-z0-9_-]{32}$/);
    await expect(detail.getByTestId('sdk-key-2')).toHaveText(/^gsm_[A-Za-z0-9_-]{32}$/);
    await expect(rows(page)).toHaveCount(before + 1);

    // A broken config shows its line and reason and cannot be saved; a valid one is saved.
    await detail.getByRole('tab', { name: 'Config' }).click();
    const editor = detail.getByRole('textbox', { name: 'Config (JSON)' });
    await editor.fill('{\n  "ads": {\n    "every": 3\n    "banner": true\n  }\n}');
    await expect(detail.getByTestId('config-problem')).toHaveText(/line 4, column 5: expected ',' or '}' after a property value/);
    await expect(detail.getByRole('button', { name: 'Save config' })).toBeDisabled();
    await editor.fill('{\n  "ads": {\n    "every": 3,\n    "banner": true\n  }\n}');
    await expect(detail.getByText('Valid JSON')).toBeVisible();
    await detail.getByRole('button', { name: 'Save config' }).click();
    await expect(page.locator('.toast').filter({ hasText: 'Config saved' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();
    await page.getByRole('button', { name: `Config of ${name}` }).click();
    await expect(page.getByRole('textbox', { name: 'Config (JSON)' })).toHaveValue(/"banner": true/);
    await page.keyboard.press('Escape');

    // Found in the app autocomplete and selected: the list narrows and the URL carries it.
    const app = page.getByRole('combobox', { name: 'App' }).or(page.locator('#am-app'));
    await app.first().fill(`starfall saga ${tag}`);
    await page.getByRole('option', { name: new RegExp(name) }).click();
    await expect(page).toHaveURL(new RegExp(`id=${id.replace(/\./g, '\\.')}(&|$)`));
    await expect(rows(page)).toHaveCount(1);
    expect(JSON.parse((await selectedApp(page))!)).toEqual({ id, value: name });

    await page.reload();
    await hydrated(page);
    await expect(page.locator('#am-app')).toHaveValue(name);
    await expect(rows(page)).toHaveCount(1);
    // Another screen without a query remembers it too.
    await open(page, '/app_data/sdk_version');
    await expect(page.locator('#sv-app')).toHaveValue(name);

    // The analyst (not canViewAllApp, the app not in its list) loses the selection on the same browser.
    await page.context().clearCookies();
    await signIn(page, 'analyst');
    await open(page, '/app_data/index');
    await expect(page.locator('#am-app')).toHaveValue('');
    expect(await selectedApp(page)).toBeNull();
    await expect(rows(page)).toHaveCount(2);
    await expect(page.locator(`tr[data-app-id="${id}"]`)).toHaveCount(0);
    // Nor can the URL select it.
    await open(page, `/app_data/index?id=${id}&value=${encodeURIComponent(name)}`);
    await expect(page.locator('#am-app')).toHaveValue('');
    expect(await selectedApp(page)).toBeNull();
  });

  test('an account without app_edit reads but cannot change apps', async ({ page }) => {
    await signIn(page, 'analyst');
    await open(page, '/app_data/index');
    await expect(rows(page)).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'New app' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
    await page.getByRole('button', { name: 'Config of Block Puzzle Legend' }).click();
    await expect(page.getByRole('textbox', { name: 'Config (JSON)' })).toHaveAttribute('readonly', '');
    await expect(page.getByText('Read only: editing needs the app_edit permission.')).toBeVisible();
  });

  test('logout forgets the selected app and deletes the app cache', async ({ page }) => {
    await signIn(page, 'cache');
    await open(page, '/app_data/index?id=com.gsm.tilematch&value=Tile%20Match%20Garden');
    await expect(page.locator('#am-app')).toHaveValue('Tile Match Garden');
    await expect.poll(() => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))).toContain('gsm');
    expect(await selectedApp(page)).not.toBeNull();
    await page.locator('.user-menu-trigger').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(/\/login/);
    expect(await selectedApp(page)).toBeNull();
    await expect.poll(() => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))).not.toContain('gsm');
  });
});

test.describe('App actions', () => {
  test('publishes, edits labels, records publish dates, pTracking and a version through the screen', async ({ page }) => {
    const tag = Date.now().toString(36);
    const id = `com.e2e.panels${tag}`;
    const name = `Panel Quest ${tag}`;
    await signIn(page, 'cache');
    // A fresh app of this test's own, created through the API with the page's session.
    const created = await page.request.post('/api/appdata/create', {
      data: { id, name, os: [{ os: 1, packageId: id }] },
    });
    expect(created.status()).toBe(200);
    await open(page, `/app_data/index?q=${tag}`);
    const row = page.locator(`tr[data-app-id="${id}"]`);
    await expect(row.locator('.state-tag')).toHaveText('Unpublished');

    await page.getByRole('button', { name: `Publish ${name}` }).click();
    await expect(page.locator('.toast').filter({ hasText: `${name} is published` })).toBeVisible();
    await expect(row.locator('.state-tag')).toHaveText('Published');

    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const form = page.getByRole('dialog', { name: `Edit ${name}` });
    await form.getByLabel('Labels').fill('Q4 push');
    await form.getByLabel('Labels').press('Enter');
    await expect(form.getByText('New label (no app has it yet): Q4 push')).toBeVisible();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(row.locator('.label-chip')).toHaveText('Q4 push');

    await page.getByRole('button', { name: `Details of ${name}` }).click();
    const detail = page.getByRole('dialog', { name: new RegExp(name) });
    await detail.getByRole('tab', { name: 'Publish dates' }).click();
    await expect(detail.getByRole('cell', { name: 'Published', exact: true })).toBeVisible();
    await detail.getByRole('button', { name: 'Add publish date' }).click();
    // The form is its own dialog over the detail (the generic list-and-form view).
    const dateForm = page.getByRole('dialog', { name: 'Add publish date' });
    await dateForm.getByLabel('Version').fill('1.0.0');
    await dateForm.getByLabel('Note').fill('Android global launch');
    await dateForm.getByLabel('Note').press('Enter');
    await expect(detail.getByRole('cell', { name: 'Android global launch' })).toBeVisible();
    await detail.getByRole('row').filter({ hasText: 'Android global launch' }).getByRole('button', { name: /Delete the publish date/ }).click();
    await expect(page.getByText('Are you sure to delete this?')).toHaveCount(1);
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect(detail.getByRole('cell', { name: 'Android global launch' })).toHaveCount(0);

    await detail.getByRole('tab', { name: 'pTracking' }).click();
    await detail.getByRole('button', { name: 'Add partner' }).click();
    const partnerForm = page.getByRole('dialog', { name: 'Add partner' });
    await partnerForm.getByRole('button', { name: 'Save' }).click();
    // Checked before sending, with the message the server would give, under its field.
    await expect(partnerForm.getByRole('alert')).toHaveText('is required');
    await partnerForm.getByLabel('Tracking id').fill('af-dev-key-123');
    await partnerForm.getByRole('button', { name: 'Save' }).click();
    await expect(detail.getByRole('cell', { name: 'af-dev-key-123' })).toBeVisible();

    await detail.getByRole('tab', { name: 'Versions' }).click();
    await detail.getByRole('button', { name: 'Add version' }).click();
    const versionForm = page.getByRole('dialog', { name: 'Add version' });
    await versionForm.getByLabel('App version').fill('0.9.0');
    await versionForm.getByLabel('SDK version').fill('3.6.0');
    await versionForm.getByRole('button', { name: 'Save' }).click();
    await expect(detail.getByRole('row').filter({ hasText: '3.6.0' })).toContainText('Manual');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Labels', exact: true }).click();
    await page.getByRole('dialog', { name: 'Labels' }).getByRole('listitem').filter({ hasText: 'Q4 push' }).getByRole('button', { name: 'Remove from all apps' }).click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect(page.locator('.toast').filter({ hasText: 'Label Q4 push removed from 1 app' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(row.locator('.label-chip')).toHaveCount(0);
  });
});

test.describe('SDK Version', () => {
  test('shows which app versions run an SDK version, for the visible apps', async ({ page }) => {
    await signIn(page, 'analyst');
    await open(page, '/app_data/sdk_version');
    await expect(page.getByRole('row', { name: /Block Puzzle Legend.*1\.10\.1.*3\.5\.1/ })).toBeVisible();
    await expect(page.getByText('Word Quest Journey')).toHaveCount(0);
    await page.getByRole('button', { name: /SDK 3\.4\.0/ }).click();
    await expect(page).toHaveURL(/sdk=3\.4\.0/);
    await expect(page.getByRole('heading', { name: 'App versions running SDK 3.4.0' })).toBeVisible();
    await expect(page.locator('.data-table tbody tr')).toHaveCount(2);
    // The date range shortcut narrows by last seen (the demo versions were seen yesterday).
    await page.locator('#sv-seen').click();
    await page.getByRole('button', { name: 'Today', exact: true }).click();
    await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=/);
    await expect(page.getByText('No visible app version runs SDK 3.4.0 in this period.')).toBeVisible();
  });
});
