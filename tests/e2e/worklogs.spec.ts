import { addDays } from '../../src/lib/time/day';
import { formatDay } from '../../src/lib/time/format';
import { expect, open, signIn, test } from './fixtures';

/**
 * A staff member logs part of a day on Worklog, sees the day and week totals, and is refused more than 24 hours
 * in a day; then the API tester sends a call as the same account and shows its status and answer.
 */
test('logging hours on Worklog, and the API tester calling as the same account', async ({ page }) => {
  const task = `E2E task ${Date.now().toString(36)}`;
  await signIn(page, 'cache', undefined, '/hcns/worklog');
  await expect(page.getByRole('heading', { level: 1, name: 'Worklog' })).toBeVisible();
  const form = page.getByRole('form', { name: 'New worklog' });
  // The picker shows and takes DD-MM-YYYY (the console's day format), starting on today.
  const today = (await form.getByLabel('Date', { exact: true }).inputValue()).split('-').reverse().join('-');
  // A day no other test logs on (the suite's server starts on a fresh database).
  const day = addDays(today, -3);
  await form.getByLabel('Date', { exact: true }).fill(formatDay(day));
  await page.keyboard.press('Escape');
  await form.locator('input.p-dropdown-label').fill('Console');
  await page.keyboard.press('Escape');
  await form.locator('#worklog-hours').pressSequentially('23.75');
  await form.getByLabel('Task').fill(task);
  await form.getByRole('button', { name: 'Log time' }).click();
  const dayBox = page.locator(`.worklog-day[data-day="${day}"]`);
  await expect(dayBox).toContainText(task);
  await expect(dayBox).toContainText('23.75 h');
  await form.getByLabel('Date', { exact: true }).fill(formatDay(day));
  await page.keyboard.press('Escape');
  await form.locator('#worklog-hours').pressSequentially('0.5');
  await form.getByLabel('Task').fill(`${task} more`);
  await form.getByRole('button', { name: 'Log time' }).click();
  await expect(form.getByRole('alert')).toContainText('a day holds at most 24');

  await open(page, '/utils/test');
  await page.getByLabel('Filter endpoints').fill('/api/hcns/worklog');
  await page.getByRole('button', { name: /^GET\s+\/api\/hcns\/worklog$/ }).click();
  await page.getByLabel(/Request fields/).fill(JSON.stringify({ from: day, to: day }));
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('api-status')).toHaveText('200');
  await expect(page.getByTestId('api-answer')).toContainText(task);
});
