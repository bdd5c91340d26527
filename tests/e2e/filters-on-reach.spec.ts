import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

/**
 * A report's select filters (OS, Countries, Version) come with the page as their closed look, and their
 * PrimeReact code only when reached for (issue 41, a light first visit): the keyboard and the mouse meet them
 * as they meet the loaded component, also when the key or the click comes before the code.
 */
const SELECT_CODE = /\/(dropdown|multiselect|autocomplete)\.esm\.[\w-]+\.js$/;
const MAIN_DATA = '/gsm/analytic/main_data';

/** The focus is somewhere inside the element `selector` matches. */
const focusIn = (page: Page, selector: string) => page.evaluate((s) => Boolean(document.activeElement?.closest(s)), selector);

/**
 * Holds back one PrimeReact component's code until release(): `requested` settles once the browser asked for it,
 * so what the test does next happens while the code is surely still on its way.
 */
async function holdCode(page: Page, name: 'dropdown' | 'multiselect' | 'autocomplete') {
  let requestedNow = () => {};
  const requested = new Promise<void>((resolve) => (requestedNow = resolve));
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/${name}\\.esm\\.[\\w-]+\\.js$`), async (route) => {
    requestedNow();
    await released;
    await route.continue();
  });
  return { requested, release };
}

test('report select filters load their code when reached for; Tab, ArrowDown, Enter and Escape behave as before', async ({ page }) => {
  const loaded: string[] = [];
  page.on('request', (request) => {
    const name = new URL(request.url()).pathname;
    if (SELECT_CODE.test(name)) loaded.push(name.split('/').pop()!.split('.')[0]!);
  });
  await signIn(page, 'root', undefined, MAIN_DATA);
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
  await expect.poll(() => focusIn(page, '.filter-os')).toBe(true);
  expect(loaded).toContain('dropdown');

  // Countries: Enter opens the loaded MultiSelect with its search box focused; Escape leaves focus in the filter.
  await page.locator('.filter-country input[aria-label="Country"]').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.p-multiselect-filter')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.locator('.p-multiselect-panel')).toHaveCount(0);
  await expect.poll(() => focusIn(page, '.filter-country')).toBe(true);
  expect(loaded).toContain('multiselect');

  // Version: what is typed is kept, and the loaded AutoComplete has the focus.
  await page.locator('.filter-version input').focus();
  await page.keyboard.press('End');
  await page.keyboard.type('1');
  await expect(page.locator('.filter-version[data-pc-name="autocomplete"] input')).toBeFocused();
  await expect(page.locator('.filter-version input')).toHaveValue('All1');
  expect(loaded).toContain('autocomplete');
});

test('a first click opens the select where it stands, and the next click chooses from it', async ({ page }) => {
  await signIn(page, 'root', undefined, MAIN_DATA);
  const os = page.locator('.filter-os');
  await os.click();
  // The panel opens under the filter, in reach of the pointer (not drawn unplaced, under the menu).
  const panel = page.locator('.p-dropdown-panel');
  await expect(panel.getByRole('option')).toHaveText(['All', 'Android', 'iOS', 'WebGL']);
  await panel.getByRole('option', { name: 'iOS', exact: true }).click();
  await expect(panel).toHaveCount(0);
  await expect(os).toContainText('iOS');

  // Countries: the click lands in the search box, as the loaded MultiSelect's own click does.
  await page.locator('.filter-country').click();
  await expect(page.locator('.p-multiselect-filter')).toBeFocused();
  await page.keyboard.type('Vietn');
  await page.locator('.p-multiselect-panel').getByRole('option', { name: 'Vietnam (VN)' }).click();
  await page.keyboard.press('Escape');
  await expect(page.locator('.p-multiselect-panel')).toHaveCount(0);
  await expect(page.locator('.filter-country')).toContainText('Vietnam (VN)');

  // Version: a click on its arrow lists the choices, as the AutoComplete's own arrow does.
  await page.locator('.filter-version .p-autocomplete-dropdown').click();
  const versions = page.locator('.p-autocomplete-panel');
  await expect(versions.getByRole('option').first()).toHaveText('All');
  await versions.getByRole('option', { name: 'All', exact: true }).click();
  await expect(versions).toHaveCount(0);
  await expect(page.locator('.filter-version input')).toHaveValue('All');
});

test('a key or click that comes before the code is answered once, when the code is there', async ({ page }) => {
  await signIn(page, 'root', undefined, MAIN_DATA);

  // OS: Enter pressed twice while the Dropdown's code is held back opens it once (a second Enter would choose and close).
  const dropdown = await holdCode(page, 'dropdown');
  await page.locator('.filter-os input').focus();
  await dropdown.requested;
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(page.locator('.filter-os')).toContainText('All');
  dropdown.release();
  const panel = page.locator('.p-dropdown-panel');
  await expect(panel.getByRole('option')).toHaveText(['All', 'Android', 'iOS', 'WebGL']);
  await panel.getByRole('option', { name: 'Android', exact: true }).click();
  await expect(panel).toHaveCount(0);
  await expect(page.locator('.filter-os')).toContainText('Android');
  await expect.poll(() => focusIn(page, '.filter-os')).toBe(true);

  // Countries: a click while the MultiSelect's code is held back opens it with its search box focused.
  const multiselect = await holdCode(page, 'multiselect');
  await page.locator('.filter-country').click();
  await multiselect.requested;
  await expect(page.locator('.p-multiselect-panel')).toHaveCount(0);
  multiselect.release();
  await expect(page.locator('.p-multiselect-filter')).toBeFocused();
  await page.keyboard.type('Vietn');
  await expect(page.locator('.p-multiselect-panel').getByRole('option')).toHaveText(['Vietnam (VN)']);
  await page.keyboard.press('Escape');
  await expect(page.locator('.p-multiselect-panel')).toHaveCount(0);
  await expect.poll(() => focusIn(page, '.filter-country')).toBe(true);

  // Version: what is typed while the AutoComplete's code is held back is kept, the caret after it.
  const autocomplete = await holdCode(page, 'autocomplete');
  await page.locator('.filter-version input').focus();
  await autocomplete.requested;
  await page.keyboard.press('End');
  await page.keyboard.type('1 ');
  autocomplete.release();
  const version = page.locator('.filter-version[data-pc-name="autocomplete"] input');
  await expect(version).toBeFocused();
  await expect(version).toHaveValue('All1 ');
  await page.keyboard.type('2');
  await expect(version).toHaveValue('All1 2');
});

test('a letter typed before the code opens the select on the first option so named (PrimeReact\'s answer to a letter)', async ({ page }) => {
  await signIn(page, 'root', undefined, MAIN_DATA);
  const dropdown = await holdCode(page, 'dropdown');
  await page.locator('.filter-os input').focus();
  await dropdown.requested;
  await page.keyboard.type('w');
  dropdown.release();
  const panel = page.locator('.p-dropdown-panel');
  await expect(panel.getByRole('option', { name: 'WebGL', exact: true })).toHaveClass(/p-focus/);
  await page.keyboard.press('Enter');
  await expect(panel).toHaveCount(0);
  await expect(page.locator('.filter-os')).toContainText('WebGL');
});
