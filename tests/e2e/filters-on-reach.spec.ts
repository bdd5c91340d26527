import { expect, signIn, test } from './fixtures';

/**
 * A report's select filters (OS, Countries, Version) come with the page as their closed look, and their
 * PrimeReact code only when reached for (issue 41, a light first visit): the keyboard meets them as before.
 */
const SELECT_CODE = /\/(dropdown|multiselect|autocomplete)\.esm\.[\w-]+\.js$/;

test('report select filters load their code when reached for; Tab, ArrowDown, Enter and Escape behave as before', async ({ page }) => {
  const loaded: string[] = [];
  page.on('request', (request) => {
    const name = new URL(request.url()).pathname;
    if (SELECT_CODE.test(name)) loaded.push(name.split('/').pop()!.split('.')[0]!);
  });
  await signIn(page, 'root', undefined, '/gsm/analytic/main_data');
  await expect(page.locator('.filter-os')).toContainText('All');
  await expect(page.locator('.filter-country')).toContainText('All');
  await expect(page.locator('.filter-version input')).toHaveValue('All');
  expect(loaded, 'select code on the first visit').toEqual([]);

  // OS: Tab in, ArrowDown opens the loaded Dropdown; Escape closes it and the focus stays in it.
  await page.locator('.filter-os input').focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('.p-dropdown-panel').getByRole('option')).toHaveText(['All', 'Android', 'iOS', 'WebGL']);
  await page.keyboard.press('Escape');
  await expect(page.locator('.p-dropdown-panel')).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('.filter-os')))).toBe(true);
  expect(loaded).toContain('dropdown');

  // Countries: Enter opens the loaded MultiSelect with its search box focused; Escape leaves focus in the filter.
  await page.locator('.filter-country input[aria-label="Country"]').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.p-multiselect-filter')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.locator('.p-multiselect-panel')).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('.filter-country')))).toBe(true);
  expect(loaded).toContain('multiselect');

  // Version: what is typed while the code comes is kept, and the loaded AutoComplete has the focus.
  await page.locator('.filter-version input').focus();
  await page.keyboard.press('End');
  await page.keyboard.type('1');
  await expect(page.locator('.filter-version[data-pc-name="autocomplete"] input')).toBeFocused();
  await expect(page.locator('.filter-version input')).toHaveValue('All1');
  expect(loaded).toContain('autocomplete');
});
