import { expect, open, signIn, test } from './fixtures';

/**
 * Research notes end to end: a note written in markdown, read back rendered (a script in it stays inert), edited,
 * and its first version read again from the history.
 */
test('a note is written, read rendered, edited, and its first version read from the history', async ({ page }) => {
  const title = `Tutorial study ${Date.now().toString(36)}`;
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('dialog', (d) => {
    errors.push(`a dialog opened: ${d.message()}`);
    void d.dismiss();
  });
  await signIn(page, 'admin');
  await open(page, '/research/index');
  await expect(page.getByRole('heading', { level: 1, name: 'Research' })).toBeVisible();
  // The demo notes are listed.
  await expect(page.getByRole('cell', { name: /^Block Puzzle D1 retention/ })).toBeVisible();

  await page.getByRole('button', { name: 'New note' }).click();
  const dialog = page.getByRole('dialog', { name: 'New note' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Note (markdown)').fill('## Result\nD1 rose by **2.8 points**.\n\n<img src=x onerror="alert(1)">');
  await dialog.getByLabel('Tags').fill('tutorial');
  await dialog.getByLabel('Tags').press('Enter');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.toast').last()).toContainText(`Note “${title}” created`);

  await page.getByRole('button', { name: `Read note “${title}”` }).click();
  const reader = page.getByRole('dialog', { name: title });
  await expect(reader.getByRole('heading', { name: 'Result' })).toBeVisible();
  await expect(reader.locator('strong')).toHaveText('2.8 points');
  await expect(reader).toContainText('Version 1 · saved by admin');
  await reader.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: `Edit note “${title}”` }).click();
  const edit = page.getByRole('dialog', { name: `Edit “${title}”` });
  await edit.getByLabel('Note (markdown)').fill('## Result\nConfirmed by the A/B test.');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.toast').last()).toContainText(`Note “${title}” saved (version 2)`);

  await page.getByRole('button', { name: `History of ${title}` }).click();
  const history = page.getByRole('dialog', { name: `Versions — ${title}` });
  await expect(history.getByRole('row')).toHaveCount(3);
  await history.getByRole('button', { name: 'Read version 1' }).click();
  const old = page.getByRole('dialog', { name: title }).last();
  await expect(old.locator('strong')).toHaveText('2.8 points');
  await expect(old).toContainText('Version 1');
  expect(errors).toEqual([]);
});
