import { chromium } from '@playwright/test';
const base = process.env.BASE;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const [w, h] of [[1366, 820], [390, 844]]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h } });
  const page = await ctx.newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel('Username').fill('root');
  await page.getByLabel('Password').fill('gsm-demo-2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  await page.goto(base + '/adminAccount/account');
  await page.waitForTimeout(1500);
  await page.getByRole('button', { name: 'Edit pm' }).click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/me-acc-dialog-${w}.png` });
  await page.goto(base + '/adminAccount/permission');
  await page.waitForTimeout(1500);
  await page.getByRole('button', { name: 'Edit pm' }).click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/me-role-dialog-${w}.png` });
  await ctx.close();
}
await browser.close();
