import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allRoutes, outsideLayoutPaths, pageRoutes, routesForAccount, routeTable, type RouteNode } from './routes';

const pagesDir = join(process.cwd(), 'src/pages');
function pageFiles(dir = pagesDir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'api' ? [] : pageFiles(full);
    return entry.name.endsWith('.astro') ? [relative(pagesDir, full)] : [];
  });
}
/** The URL Astro serves a page file at: an `index.astro` stands for its folder (post/index/index.astro → /post/index). */
const pagePath = (file: string) => `/${file.replace(/\.astro$/, '').replace(/(^|\/)index$/, '')}`;
const SPECIAL_PAGES = new Set(['/', '/[...slug]', '/redirect/[...path]', ...outsideLayoutPaths]);

/** Routes still served by the catch-all "planned" page. This number may only go down. */
const PLANNED_MAX = 86;

describe('route table', () => {
  it('has unique paths', () => {
    const paths = allRoutes.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('gives every page file a route and every route a page (its own or the planned notice)', () => {
    const built = pageFiles().map(pagePath);
    const routePaths = new Set(pageRoutes.map((r) => r.path));
    for (const page of built) expect(SPECIAL_PAGES.has(page) || routePaths.has(page), `page ${page} has no route`).toBe(true);
    const planned = pageRoutes.filter((r) => !built.includes(r.path));
    expect(planned.length).toBeLessThanOrEqual(PLANNED_MAX);
  });

  it('nests every child under its parent path', () => {
    const check = (nodes: RouteNode[], parent: string) =>
      nodes.forEach((n) => {
        expect(n.path.startsWith(`${parent}/`), n.path).toBe(true);
        if (n.children) check(n.children, n.path);
      });
    check(routeTable, '');
  });
});

describe('routesForAccount', () => {
  it('gives root the whole table', () => {
    expect(routesForAccount({ role: 'root', paths: [] })).toBe(routeTable);
  });
  it('keeps only permitted leaves, and a group only when a child stays', () => {
    const tree = routesForAccount({ role: 'statistic', paths: ['/dashboard', '/gsm/analytic/counter/vertical'] });
    expect(tree.map((n) => n.path)).toEqual(['/dashboard', '/gsm']);
    const gsm = tree[1]!;
    expect(gsm.children!.map((n) => n.path)).toEqual(['/gsm/analytic']);
    expect(gsm.children![0]!.children!.map((n) => n.path)).toEqual(['/gsm/analytic/counter']);
    expect(gsm.children![0]!.children![0]!.children!.map((n) => n.path)).toEqual(['/gsm/analytic/counter/vertical']);
  });
});
