import { loginContract } from '../../src/lib/auth/contract';
import { createRequester } from '../../src/lib/http/requester';
import { createPostContract } from '../../src/lib/posts/contract';
import { DEMO_PASSWORD } from '../support/test-server';
import { expect, open, signIn, test } from './fixtures';

async function asAccount(username: string) {
  const base = process.env.E2E_BASE_URL!;
  const { data } = await createRequester({ baseUrl: base })(loginContract, { username, password: DEMO_PASSWORD });
  return createRequester({ baseUrl: base, headers: { authorization: `Bearer ${data.accessToken}` } });
}

test('the bell rises without a reload when another account publishes, and drops when a post is read', async ({ page }) => {
  await signIn(page, 'designer');
  const bell = page.getByTestId('bell-count');
  await expect(bell).toHaveText(/^\d+$/);
  const before = Number(await bell.textContent());
  const admin = await asAccount('admin');
  await admin(createPostContract, { title: 'Bell check: server maintenance tonight', body: '<p>Maintenance 23:00–23:30 UTC+7.</p>', type: 2 });
  await expect(bell).toHaveText(String(before + 1), { timeout: 10_000 });

  await open(page, '/post/index');
  await page.getByText('Bell check: server maintenance tonight').first().click();
  await expect(bell).toHaveText(String(before));
});

test('the dashboard shows the compact board: posts only, without filters, tabs or pinned section', async ({ page }) => {
  await signIn(page, 'analyst');
  const board = page.locator('section', { has: page.getByRole('heading', { name: 'Notification board' }) });
  await board.scrollIntoViewIfNeeded();
  await expect(board.getByText('Welcome to GSM Console')).toBeVisible();
  await expect(board.getByPlaceholder('text search...')).toHaveCount(0);
  await expect(board.getByRole('tab')).toHaveCount(0);
  await expect(board.getByText('Pinned', { exact: true })).toHaveCount(0);
  // A fixed-height list that scrolls, and the way to the whole board.
  const list = board.getByRole('region', { name: 'Latest posts' });
  expect((await list.boundingBox())!.height).toBeLessThanOrEqual(330);
  await expect(board.getByRole('link', { name: 'Open the notification board' })).toHaveAttribute('href', '/post/index');
});

test('the header special note: PO-Marketing edits it from "More detail", everyone sees the banner, others read it only', async ({ page, browser }) => {
  await signIn(page, 'marketing');
  await open(page, '/finance/revenue');
  await expect(page.getByTestId('special-banner')).toHaveCount(0);
  await page.getByRole('button', { name: 'More detail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Note' });
  const editor = dialog.locator('.ql-editor');
  await editor.click();
  await page.keyboard.type('Revenue of 21-11 is being re-imported; figures settle by 10:30.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('special-banner')).toContainText('Revenue of 21-11 is being re-imported');

  const other = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const pm = await other.newPage();
  await signIn(pm, 'pm');
  await expect(pm.getByTestId('special-banner')).toContainText('figures settle by 10:30');
  await open(pm, '/finance/revenue');
  await pm.getByRole('button', { name: 'More detail' }).click();
  await expect(pm.getByTestId('special-note-body')).toContainText('figures settle by 10:30');
  await expect(pm.getByRole('dialog', { name: 'Note' }).getByRole('button', { name: 'Save' })).toHaveCount(0);
  await other.close();
});

test('the dashboard’s board costs no JavaScript until used: its posts are in the page, and a first click loads it and opens the post', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await signIn(page, 'pm', undefined, '/dashboard');
  const bell = page.getByTestId('bell-count');
  await expect(bell).toHaveText(/^\d+$/);
  const before = Number(await bell.textContent());
  await page.waitForLoadState('networkidle');
  const board = page.getByRole('region', { name: 'Latest posts' });
  // Server-rendered: the posts are there, their code (the island, PrimeReact's core, the requester) is not.
  await expect(board.getByText('Welcome to GSM Console')).toBeVisible();
  expect(scripts.filter((path) => /\/(CompactBoard|board-store|prime-core|requester)\./.test(path))).toEqual([]);

  // Held by its id: once read, the post no longer matches `.is-unread`.
  const id = await board.locator('.post-item.is-unread').first().getAttribute('data-post-id');
  const post = board.locator(`.post-item[data-post-id="${id}"]`);
  await post.getByRole('button').first().click();
  await expect(post.getByRole('button').first()).toHaveAttribute('aria-expanded', 'true');
  await expect(post).not.toHaveClass(/is-unread/);
  expect(scripts.some((path) => /\/CompactBoard\./.test(path))).toBe(true);
  await expect(bell).toHaveText(String(before - 1));
});
