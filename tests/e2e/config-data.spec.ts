import { expect, open, signIn, test } from './fixtures';

test('an IAP product is added through the config screen and a bad price is refused with its reason', async ({ page }) => {
  await signIn(page, 'root');
  await open(page, '/adminAccount/config_data/iap_config');
  await page.getByRole('button', { name: 'Add' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add' });
  await dialog.locator('.p-dropdown').filter({ has: page.locator('#cfg-scope') }).click();
  await page.getByRole('option', { name: 'Tile Match Garden' }).click();
  await dialog.getByLabel('Product id').fill('gems_500');
  await dialog.getByLabel('Price').fill('4.999999');
  await dialog.getByLabel('Currency').fill('USD');
  await dialog.getByRole('button', { name: 'Save' }).click();
  // Checked in the dialog with the save contract's schema: the message sits under the price.
  await expect(dialog.getByRole('alert')).toHaveText('must be a decimal amount like 4.99');
  await expect(dialog.getByLabel('Price')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('Price').fill('9.99');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.toast').last()).toContainText('update successfully !');
  const row = page.getByRole('row', { name: /gems_500/ });
  await expect(row).toContainText('Tile Match Garden');
  await expect(row).toContainText('9.99');
});

test('an analyst cannot open configuration data', async ({ page }) => {
  await signIn(page, 'analyst');
  await page.goto('/adminAccount/config_data/ga_service_account');
  await expect(page).toHaveURL(/\/dashboard$/);
});
