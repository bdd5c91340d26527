import type { Locator, Page } from '@playwright/test';
import { createAccountContract } from '../../src/lib/accounts/contract';
import { countUnreadContract, createPostContract, listPostsContract, readPostContract, type Post } from '../../src/lib/posts/contract';
import { formatDateTime as formatPostTime } from '../../src/lib/time/format';
import { apiAs, unique } from './api';
import { expect, signIn, test, waitForIslands } from './fixtures';

async function createPosts(username: string, posts: { title: string; body?: string; type?: number; isPinned?: boolean; publish?: boolean }[]): Promise<Post[]> {
  const api = await apiAs(username);
  const created: Post[] = [];
  for (const post of posts) created.push((await api(createPostContract, post)).data);
  return created;
}

async function openBoard(page: Page, username: string) {
  await signIn(page, username, undefined, '/post/index');
  await expect(page).toHaveURL(/\/post\/index$/);
  await waitForIslands(page);
}

const region = (page: Page, name: 'Pinned' | 'Important' | 'EverythingElse') => page.getByRole('region', { name, exact: true });
const item = (scope: Locator | Page, title: string) => scope.locator('.post-item', { hasText: title });
const control = (post: Locator, name: string) => post.getByRole('button', { name, exact: true });
const toast = (page: Page, text: string) => page.locator('.toast', { hasText: text });
const unreadCount = async (page: Page) => ((await (await page.request.get(countUnreadContract.path)).json()) as { data: number }).data;

test('root adds a post through the dialog and sees it first with its time', async ({ page }) => {
  await openBoard(page, 'root');
  await page.getByRole('button', { name: 'Add new' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add new' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Title')).toHaveCSS('width', '700px');
  await expect(dialog).toHaveAttribute('style', /width: 88%/);
  await expect(page.getByPlaceholder('text search...')).toHaveCSS('width', '300px');
  await expect(region(page, 'Important').locator('.board-list')).toHaveCSS('height', '250px');
  await expect(region(page, 'EverythingElse').locator('.board-list')).toHaveCSS('height', '350px');

  // Client-side validation before anything is sent.
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Title is required.')).toBeVisible();

  // Clicking outside does not close it.
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();

  const title = unique('Release freeze');
  await dialog.getByLabel('Title').fill(title);
  await dialog.locator('.p-dropdown').click();
  await page.getByRole('option', { name: 'Important' }).click();
  await dialog.locator('.ql-editor').fill('Freeze starts on Friday.');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(toast(page, 'create post success !')).toBeVisible();
  await expect(dialog).toBeHidden();

  const important = region(page, 'Important');
  await expect(important.locator('.post-item').first()).toContainText(title);
  const time = await important.locator('.post-item').first().locator('.post-time').textContent();
  expect(time).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
  const { data } = await (await apiAs('root'))(listPostsContract, { type: 1, textSearch: title });
  expect(time).toBe(formatPostTime(data[0]!.createdAt));

  // After a reload the server's list shows the same post and time, and the body as text.
  await page.reload();
  const post = item(region(page, 'Important'), title);
  await expect(post.locator('.post-time')).toHaveText(time!);
  await post.locator('.p-accordion-header-link').click();
  await expect(post.locator('.post-body')).toHaveText('Freeze starts on Friday.');
});

test('editing a post updates it in place', async ({ page }) => {
  const [created] = await createPosts('admin', [{ title: unique('Typo in titel'), body: '<p>body</p>' }]);
  await openBoard(page, 'admin');
  const post = item(region(page, 'EverythingElse'), created!.title);
  await control(post, 'Chỉnh sửa').click();
  const dialog = page.getByRole('dialog', { name: 'Edit' });
  await expect(dialog.getByLabel('Title')).toHaveValue(created!.title);
  const title = unique('Typo fixed');
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'update successfully !')).toBeVisible();
  await expect(item(region(page, 'EverythingElse'), title).locator('.post-time')).toHaveText(formatPostTime(created!.createdAt));
  await expect(item(page, created!.title)).toHaveCount(0);
});

test('expanding an unread post marks it read and lowers the unread count', async ({ page }) => {
  const [created] = await createPosts('admin', [{ title: unique('Unread news'), body: '<p>Read <b>me</b></p>' }]);
  await openBoard(page, 'pm');
  const post = item(region(page, 'EverythingElse'), created!.title);
  await expect(post.locator('.post-unread-dot')).toBeVisible();
  await expect(post).toHaveClass(/is-unread/);
  const before = await unreadCount(page);
  expect(before).toBeGreaterThan(0);

  await post.locator('.p-accordion-header-link').click();
  await expect(post.locator('.post-body')).toHaveText('Read me');
  await expect(post.locator('.post-unread-dot')).toHaveCount(0);
  await expect(post).not.toHaveClass(/is-unread/);
  await expect.poll(() => unreadCount(page)).toBe(before - 1);

  // Read stays read after a reload.
  await page.reload();
  const reloaded = item(region(page, 'EverythingElse'), created!.title);
  await expect(reloaded).toBeVisible();
  await expect(reloaded.locator('.post-unread-dot')).toHaveCount(0);
});

test('archive moves a post to Archived Messages; removing it from the archive brings it back', async ({ page }) => {
  const [created] = await createPosts('admin', [{ title: unique('Archive me'), type: 1 }]);
  await openBoard(page, 'analyst');
  const important = region(page, 'Important');
  await control(item(important, created!.title), 'Lưu trữ').click();
  await expect(item(important, created!.title)).toHaveCount(0);

  await page.getByRole('tab', { name: 'Archived Messages' }).click();
  const archived = page.locator('.board-archived');
  await expect(archived.locator('.post-item').first()).toContainText(created!.title);
  // Archiving marked it read.
  await expect(item(archived, created!.title).locator('.post-unread-dot')).toHaveCount(0);

  await control(item(archived, created!.title), 'Xóa khỏi danh sách lưu trữ').click();
  await expect(item(archived, created!.title)).toHaveCount(0);
  await page.getByRole('tab', { name: 'Messages', exact: true }).click();
  await expect(item(region(page, 'Important'), created!.title)).toBeVisible();
});

test('pin puts a post first in Pinned and unpin takes it out', async ({ page }) => {
  const [created] = await createPosts('admin', [{ title: unique('Pin me') }]);
  await openBoard(page, 'marketing');
  const post = item(region(page, 'EverythingElse'), created!.title);
  await expect(control(post, 'Bỏ ghim')).toHaveCount(0);
  await control(post, 'Ghim').click();
  const pinned = region(page, 'Pinned');
  await expect(pinned.locator('.post-item').first()).toContainText(created!.title);
  // Pinned now: the pin control gives way to unpin.
  await expect(control(post, 'Ghim')).toHaveCount(0);
  await control(item(pinned, created!.title), 'Bỏ ghim').click();
  await expect(item(pinned, created!.title)).toHaveCount(0);
  await expect(control(post, 'Ghim')).toBeVisible();
});

test('delete asks first; No keeps the post, Yes removes it', async ({ page }) => {
  const [created] = await createPosts('admin', [{ title: unique('Delete me'), type: 1, isPinned: true }]);
  await openBoard(page, 'admin');
  const post = item(region(page, 'Important'), created!.title);
  await control(post, 'Xóa').click();
  const confirm = page.getByRole('dialog', { name: 'Delete post' });
  await expect(confirm).toContainText('Are you sure to delete this?');
  await confirm.getByRole('button', { name: 'No' }).click();
  await expect(post).toBeVisible();

  await control(post, 'Xóa').click();
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(item(page, created!.title)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Important' }).locator('.post-item').first()).toBeVisible();
  await expect(item(page, created!.title)).toHaveCount(0);
});

test('Search reloads both lists with the matching posts', async ({ page }) => {
  const word = `kiwi${Date.now().toString(36)}`;
  await createPosts('admin', [
    { title: unique('Fruit report'), body: `<p>The ${word} harvest</p>`, type: 1 },
    { title: `${word.toUpperCase()} tasting`, type: 2 },
    { title: unique('Unrelated') },
  ]);
  await openBoard(page, 'pm');
  await page.getByPlaceholder('text search...').fill(word);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(region(page, 'Important').locator('.post-item')).toHaveCount(1);
  await expect(region(page, 'Important').locator('.post-item')).toContainText('Fruit report');
  await expect(region(page, 'EverythingElse').locator('.post-item')).toHaveCount(1);
  await expect(region(page, 'EverythingElse').locator('.post-item')).toContainText(`${word.toUpperCase()} tasting`);
});

test('EverythingElse pages by 10 with previous, pages, next and a jumper', async ({ page }) => {
  const tag = unique('Paged');
  await createPosts('admin', Array.from({ length: 12 }, (_, i) => ({ title: `${tag} #${String(i + 1).padStart(2, '0')}` })));
  await openBoard(page, 'analyst');
  await page.getByPlaceholder('text search...').fill(tag);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const list = region(page, 'EverythingElse');
  await expect(list.locator('.post-item')).toHaveCount(10);
  await expect(list.locator('.post-item').first()).toContainText(`${tag} #12`);

  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(list.locator('.post-item')).toHaveCount(2);
  await expect(list.locator('.post-item').first()).toContainText(`${tag} #02`);
  await page.getByRole('button', { name: 'Previous Page' }).click();
  await expect(list.locator('.post-item')).toHaveCount(10);
  await page.getByRole('button', { name: 'Next Page' }).click();
  await expect(list.locator('.post-item').last()).toContainText(`${tag} #01`);
  const jumper = page.locator('.board-paginator .p-paginator-page-input input');
  await jumper.selectText();
  await jumper.pressSequentially('1');
  await expect(list.locator('.post-item')).toHaveCount(10);
});

test('analyst sees the board without create, edit, delete or pin controls', async ({ page }) => {
  const [created] = await createPosts('admin', [{ title: unique('For everyone'), type: 1, isPinned: true }]);
  await openBoard(page, 'analyst');
  await expect(page.getByRole('button', { name: 'Add new' })).toHaveCount(0);
  const post = item(region(page, 'Important'), created!.title);
  await expect(control(post, 'Lưu trữ')).toBeVisible();
  for (const name of ['Chỉnh sửa', 'Xóa', 'Ghim', 'Bỏ ghim']) {
    await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  }
  await expect(item(region(page, 'Pinned'), created!.title)).toBeVisible();
});

// ---------------------------------------------------------------- spec section 4, per behaviour

test('a new pinned post created in the dialog appears first in Pinned', async ({ page }) => {
  await openBoard(page, 'root');
  await page.getByRole('button', { name: 'Add new' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add new' });
  const title = unique('Pinned from the dialog');
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Pinned').check();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(toast(page, 'create post success !')).toBeVisible();
  // Without a reload: first in Pinned, and first in its list (EverythingElse).
  await expect(region(page, 'Pinned').locator('.post-item').first()).toContainText(title);
  await expect(region(page, 'EverythingElse').locator('.post-item').first()).toContainText(title);
  await expect(control(item(region(page, 'Pinned'), title), 'Bỏ ghim')).toBeVisible();
});

test('delete removes a post from Archived Messages', async ({ page }) => {
  const [created] = await createPosts('admin', [{ title: unique('Archived then deleted'), type: 1 }]);
  await openBoard(page, 'admin');
  await control(item(region(page, 'Important'), created!.title), 'Lưu trữ').click();
  await expect(item(region(page, 'Important'), created!.title)).toHaveCount(0);
  await page.getByRole('tab', { name: 'Archived Messages' }).click();
  const archived = page.locator('.board-archived');
  const post = item(archived, created!.title);
  await expect(post).toBeVisible();
  await control(post, 'Xóa').click();
  await page.getByRole('dialog', { name: 'Delete post' }).getByRole('button', { name: 'Yes' }).click();
  await expect(item(archived, created!.title)).toHaveCount(0);
  await page.getByRole('tab', { name: 'Messages', exact: true }).click();
  await expect(item(page, created!.title)).toHaveCount(0);
  // Gone on the server too: not in the archive list after a reload.
  const archiveLoaded = page.waitForResponse((r) => r.url().includes('/api/notificationGsm/listArchiveOfUser') && r.ok());
  await page.reload();
  await archiveLoaded;
  await waitForIslands(page);
  await page.getByRole('tab', { name: 'Archived Messages' }).click();
  await expect(item(page, created!.title)).toHaveCount(0);
});

test('archive and restore an EverythingElse post', async ({ page }) => {
  const [created] = await createPosts('admin', [{ title: unique('Everyday archive'), type: 2 }]);
  await openBoard(page, 'pm');
  const list = region(page, 'EverythingElse');
  await expect(item(list, created!.title)).toHaveClass(/is-unread/);
  await control(item(list, created!.title), 'Lưu trữ').click();
  await expect(item(list, created!.title)).toHaveCount(0);
  await page.getByRole('tab', { name: 'Archived Messages' }).click();
  const archived = page.locator('.board-archived');
  await expect(archived.locator('.post-item').first()).toContainText(created!.title);
  await expect(item(archived, created!.title)).not.toHaveClass(/is-unread/);
  await control(item(archived, created!.title), 'Xóa khỏi danh sách lưu trữ').click();
  await expect(item(archived, created!.title)).toHaveCount(0);
  await page.getByRole('tab', { name: 'Messages', exact: true }).click();
  await expect(list.locator('.post-item').first()).toContainText(created!.title);
  // It stays restored (and read) after a reload.
  await page.reload();
  await expect(item(region(page, 'EverythingElse'), created!.title)).toBeVisible();
  await expect(item(region(page, 'EverythingElse'), created!.title)).not.toHaveClass(/is-unread/);
});

test('Search goes back to page 1 of EverythingElse', async ({ page }) => {
  const tag = unique('Searchpage');
  await createPosts('admin', Array.from({ length: 12 }, (_, i) => ({ title: `${tag} #${String(i + 1).padStart(2, '0')}` })));
  await openBoard(page, 'analyst');
  const list = region(page, 'EverythingElse');
  await page.getByPlaceholder('text search...').fill(tag);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(list.locator('.post-item').first()).toContainText(`${tag} #12`);
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(list.locator('.post-item')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', /true|page/);
  // Searching again (same words) shows page 1, not the page the pager was on.
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(list.locator('.post-item')).toHaveCount(10);
  await expect(list.locator('.post-item').first()).toContainText(`${tag} #12`);
  await expect(page.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', /true|page/);
});

test('the unread counter drops by one per post read and never shows less than zero', async ({ page }) => {
  // An account of this test's own (the statistic role, board without rights), with every post read.
  const username = unique('e2e-unread').replace(/\s+/g, '-');
  const password = 'unread-password-123';
  const root = await apiAs('root');
  await root(createAccountContract, { username, role: 'statistic', name: 'Unread Count', password, canViewAllApp: false, listApp: [] });
  const me = await apiAs(username, password);
  const readAll = async () => {
    for (const type of [1, 2]) {
      for (let p = 1; ; p++) {
        const { data } = await me(listPostsContract, { type, page: p, limit: 100 });
        for (const post of data) await me(readPostContract, { postId: post.id });
        if (data.length < 100) break;
      }
    }
  };
  await readAll();
  expect((await me(countUnreadContract)).data).toBe(0);
  const posts = await createPosts('admin', [{ title: unique('Unread A') }, { title: unique('Unread B') }]);

  await signIn(page, username, password, '/post/index');
  await waitForIslands(page);
  const bell = page.getByRole('link', { name: /^Notifications:/ });
  await expect(page.getByTestId('bell-count')).toHaveText('2');
  await item(region(page, 'EverythingElse'), posts[0]!.title).locator('.p-accordion-header-link').click();
  await expect(page.getByTestId('bell-count')).toHaveText('1');
  await expect(bell).toHaveAttribute('aria-label', 'Notifications: 1 unread');

  // The other post is read elsewhere (another device): the bell's poll brings the count to 0 while this
  // board still shows the post unread; reading it here must not take the counter below 0.
  await me(readPostContract, { postId: posts[1]!.id });
  await expect(page.getByTestId('bell-count')).toHaveCount(0, { timeout: 10_000 });
  await page.route('**/api/notificationGsm/countNotRead', (route) => route.abort()); // no poll corrects it from here
  const stale = item(region(page, 'EverythingElse'), posts[1]!.title);
  await expect(stale).toHaveClass(/is-unread/);
  await stale.locator('.p-accordion-header-link').click();
  await expect(stale).not.toHaveClass(/is-unread/);
  await expect(page.getByTestId('bell-count')).toHaveCount(0);
  await expect(bell).toHaveAttribute('aria-label', 'Notifications: none unread');
  // A new post: the bell shows exactly one (counted from 0, not from below it).
  await page.unroute('**/api/notificationGsm/countNotRead');
  await createPosts('admin', [{ title: unique('Unread C') }]);
  await expect(page.getByTestId('bell-count')).toHaveText('1', { timeout: 10_000 });
  expect(await unreadCount(page)).toBe(1);
});

test('pm edits and archives but neither deletes nor pins, and sees drafts; marketing pins but neither edits nor deletes, and sees no drafts', async ({ page }) => {
  const [published, draft] = await createPosts('admin', [
    { title: unique('For pm and marketing'), type: 1 },
    { title: unique('Draft for editors'), type: 1, publish: false },
  ]);
  await openBoard(page, 'pm');
  await expect(page.getByRole('button', { name: 'Add new' })).toBeVisible();
  let post = item(region(page, 'Important'), published!.title);
  for (const name of ['Chỉnh sửa', 'Lưu trữ']) await expect(control(post, name)).toBeVisible();
  for (const name of ['Xóa', 'Ghim', 'Bỏ ghim']) await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  await expect(item(region(page, 'Important'), draft!.title)).toBeVisible();

  await page.context().clearCookies();
  await openBoard(page, 'marketing');
  await expect(page.getByRole('button', { name: 'Add new' })).toBeVisible();
  post = item(region(page, 'Important'), published!.title);
  for (const name of ['Ghim', 'Lưu trữ']) await expect(control(post, name)).toBeVisible();
  for (const name of ['Chỉnh sửa', 'Xóa']) await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  await expect(item(page, draft!.title)).toHaveCount(0);
});

test('logout clears the visited views: the next sign-in starts with the Dashboard tab only', async ({ page }) => {
  await openBoard(page, 'admin');
  await page.goto('/job_schedule/index');
  await waitForIslands(page);
  const tabs = page.getByRole('navigation', { name: 'Visited views' }).getByRole('listitem');
  await expect(tabs).toHaveText(['Dashboard', 'Notification Board×', 'Job Schedule×']);
  await page.locator('.user-menu-trigger').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL(/\/login/);
  expect(await page.evaluate(() => localStorage.getItem('gsm.visitedViews'))).toBeNull();
  await signIn(page, 'admin');
  await expect(tabs).toHaveText(['Dashboard']);
});
