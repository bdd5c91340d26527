import { describe, expect, it } from 'vitest';
import { pageFiles, pagePath } from '../../tests/support/built-screens';
import { allRoutes, outsideLayoutPaths, pageRoutes, routesForAccount, routeTable, type RouteNode } from './routes';

// /500 is rendered in place of a page that failed (src/middleware.ts), never navigated to: it has no route.
const SPECIAL_PAGES = new Set(['/', '/[...slug]', '/redirect/[...path]', '/500', ...outsideLayoutPaths]);


describe('screens named by the route table', () => {
  it('names only descriptors that exist, on the route each report declares, and no route has both a page and a screen', async () => {
    const { reportScreens, resourceById, screenOf } = await import('../app/screens');
    const { resourcePages } = await import('../app/server');
    const { historyKinds } = await import('./history/kinds');
    const built = new Set(pageFiles().map(pagePath));
    const named = pageRoutes.filter((r) => screenOf(r)).map((r) => ({ ...r, screen: screenOf(r)! }));
    expect(named.filter((r) => r.screen!.startsWith('report:')).length).toBeGreaterThanOrEqual(5);
    expect(named.filter((r) => r.screen!.startsWith('resource:')).length).toBeGreaterThanOrEqual(7);
    for (const route of named) {
      expect(built.has(route.path), `${route.path} has a page and a screen`).toBe(false);
      const [kind, id] = route.screen!.split(':') as ['report' | 'resource' | 'history', string];
      if (kind === 'history') {
        expect(historyKinds[id], `${route.path} names ${route.screen}`).toBeDefined();
        expect(historyKinds[id]!.route).toBe(route.path);
      } else if (kind === 'report') {
        expect(reportScreens[id], `${route.path} names ${route.screen}`).toBeDefined();
        expect(reportScreens[id]!.route).toBe(route.path);
      } else {
        expect(resourceById[id], `${route.path} names ${route.screen}`).toBeDefined();
        expect(resourcePages[id], `${route.screen} has no first-render loader`).toBeDefined();
      }
    }
    for (const descriptor of Object.values(reportScreens)) {
      expect(named.map((r) => r.screen), descriptor.id).toContain(`report:${descriptor.id}`);
    }
  }, 60_000); // It imports every area's screens and server half: seconds on a loaded machine.

  it('derives the screen of a route from the descriptor that names it, and an explicit screen agrees with it', async () => {
    const { screenOf, screensByRoute } = await import('../app/screens');
    for (const route of pageRoutes) {
      const derived = screensByRoute.get(route.path);
      if (route.screen && derived) expect(route.screen, route.path).toBe(derived);
    }
    expect(screenOf({ path: '/gsm/analytic/main_data' })).toBe('report:mainData');
    expect(screenOf({ path: '/no/such/route' })).toBeNull();
  }, 60_000);
});

describe('route table', () => {
  it('has unique paths', () => {
    const paths = allRoutes.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('gives every page file a route and every route a screen (its own page or a descriptor): none is left planned', async () => {
    const built = pageFiles().map(pagePath);
    const routePaths = new Set(pageRoutes.map((r) => r.path));
    for (const page of built) expect(SPECIAL_PAGES.has(page) || routePaths.has(page), `page ${page} has no route`).toBe(true);
    const { screenOf } = await import('../app/screens');
    const planned = pageRoutes.filter((r) => !built.includes(r.path) && !screenOf(r));
    expect(planned.map((r) => r.path)).toEqual([]);
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
    expect(tree.map((n) => n.path)).toEqual(['/dashboard', '/post/index', '/gsm']);
    const gsm = tree[2]!;
    expect(gsm.children!.map((n) => n.path)).toEqual(['/gsm/analytic']);
    expect(gsm.children![0]!.children!.map((n) => n.path)).toEqual(['/gsm/analytic/counter']);
    expect(gsm.children![0]!.children![0]!.children!.map((n) => n.path)).toEqual(['/gsm/analytic/counter/vertical']);
  });
  it('gives an account with no paths the Notification Board (always reachable), and no hidden always-reachable route', () => {
    expect(routesForAccount({ role: 'tester', paths: [] })).toEqual([{ path: '/post/index', title: 'Notification Board', icon: 'pi pi-megaphone', info: { value: 'How the board works', href: 'https://docs.gsm-studio.dev/console/notification-board' } }]);
  });
  it('lists the board once, in table order, when the account also holds it', () => {
    const tree = routesForAccount({ role: 'admin', paths: ['/post/index', '/dashboard'] });
    expect(tree.map((n) => n.path)).toEqual(['/dashboard', '/post/index']);
  });
});
