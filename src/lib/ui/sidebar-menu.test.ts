import { describe, expect, it } from 'vitest';
import { routesForAccount, type RouteNode } from '../routes';
import { sidebarMenuHtml } from './sidebar-menu';

const tree: RouteNode[] = [
  { path: '/dashboard', title: 'Dashboard', icon: 'pi pi-home' },
  {
    path: '/gsm',
    title: 'Game <Statistic>',
    children: [
      { path: '/gsm/a', title: 'A & B' },
      { path: '/gsm/secret', title: 'Hidden', hidden: true },
      { path: '/gsm/deep', title: 'Deep', children: [{ path: '/gsm/deep/x', title: 'X' }] },
    ],
  },
  { path: '/other', title: 'Other', children: [{ path: '/other/y', title: 'Y' }] },
];

describe('the sidebar menu', () => {
  it('opens the groups that hold the current page, marks it, and names every nested list by its group', () => {
    const html = sidebarMenuHtml(tree, '/gsm/deep/x');
    expect(html).toContain('<a class="menu-item active" href="/gsm/deep/x" role="menuitem" title="X" aria-current="page" data-path="/gsm/deep/x">');
    expect(html.match(/<details open>/g)).toHaveLength(2);
    expect(html.match(/aria-expanded="true"/g)).toHaveLength(2);
    expect(html).toContain('<summary class="menu-item" role="menuitem" title="Other" aria-haspopup="menu" aria-expanded="false">');
    expect(html).toContain('<ul class="menu menu-depth-2" role="menu" aria-orientation="vertical" aria-label="Deep" data-title="Deep">');
    expect(html.startsWith('<ul class="menu menu-depth-0" role="menubar" aria-orientation="vertical">')).toBe(true);
  });

  it('escapes titles and leaves hidden routes out', () => {
    const html = sidebarMenuHtml(tree, '/dashboard');
    expect(html).toContain('title="Game &lt;Statistic&gt;"');
    expect(html).toContain('<span class="menu-title">A &amp; B</span>');
    expect(html).not.toContain('/gsm/secret');
    expect(html).not.toContain('<Statistic>');
  });

  it('lists every leaf of root\'s menu that is not hidden, each once', () => {
    const menu = routesForAccount({ role: 'root', paths: [] });
    const leaves = (nodes: RouteNode[]): string[] => nodes.flatMap((n) => (n.hidden ? [] : n.children ? leaves(n.children) : [n.path]));
    const html = sidebarMenuHtml(menu, '/dashboard');
    expect([...html.matchAll(/data-path="([^"]+)"/g)].map((m) => m[1])).toEqual(leaves(menu));
    expect(leaves(menu).length).toBeGreaterThan(100);
  });
});
