import { readFileSync } from 'node:fs';
import { expect, open, signIn, test } from './fixtures';

/**
 * The S3 browser end to end against the local S3 server the global setup starts: a file uploaded from the
 * browser (a presigned PUT straight to S3), listed in its folder, downloaded through a presigned link with the
 * same bytes, and deleted after the confirmation.
 */
test('a file is uploaded, listed, downloaded with its bytes, and deleted after confirming', async ({ page }) => {
  const name = `release-notes-${Date.now().toString(36)}.txt`;
  const bytes = `Release 1.10 — notes ${name}\n`;
  await signIn(page, 'root');
  await open(page, '/aws/index');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload' })).toBeEnabled();

  await page.getByLabel('File to upload').setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(bytes) });
  await expect(page.locator('.p-toast').getByText(`Uploaded ${name}`)).toBeVisible();
  const files = page.getByRole('region', { name: 'Files' });
  await expect(files.getByText(name)).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `Download ${name}` }).click()]);
  expect(download.suggestedFilename()).toBe(name);
  expect(readFileSync((await download.path())!, 'utf8')).toBe(bytes);

  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete file' });
  await expect(confirm).toContainText(`Delete ${name}? This cannot be undone.`);
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(page.locator('.p-toast').getByText(`Deleted ${name}`)).toBeVisible();
  await expect(files.getByText(name)).toHaveCount(0);
});
