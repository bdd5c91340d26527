import { pageRoutes, routesForAccount, type RouteNode } from '../../src/lib/routes';
import { baseRoles, demoAccounts } from '../../src/lib/server/db/demo-roles';
import { expect, signIn, test } from './fixtures';

/**
 * Each demo account as a person signs in: its sidebar offers the Notification Board (always reachable, spec
 * section 2) and the link opens the board; and the menu holds exactly the screens of its seeded role — the
 * ones the README's demo-account table lists (generated from the same lists).
 */
const leaves = (nodes: readonly RouteNode[]): string[] => nodes.flatMap((n) => (n.hidden ? [] : n.children ? leaves(n.children) : [n.path]));

for (const account of demoAccounts) {
  test(`${account.username} (${account.role}) finds the Notification Board in the sidebar and the screens of its role`, async ({ page }) => {
    await signIn(page, account.username);
    const sidebar = page.getByRole('complementary', { name: 'Main menu' });
    const board = sidebar.getByRole('menuitem', { name: 'Notification Board', exact: true });
    await expect(board).toHaveAttribute('href', '/post/index');

    const role = baseRoles.find((r) => r.name === account.role)!;
    const expected = account.role === 'root' ? pageRoutes.filter((r) => !r.hidden).map((r) => r.path) : leaves(routesForAccount({ role: role.name, paths: role.paths }));
    const inMenu = await sidebar.locator('a[data-path]').evaluateAll((links) => links.map((a) => a.getAttribute('data-path')));
    expect(inMenu.sort()).toEqual([...expected].sort());

    await board.click();
    await expect(page).toHaveURL(/\/post\/index$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Notification Board' })).toBeVisible();
  });
}
