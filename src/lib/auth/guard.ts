import {
  ADMOB_IMPORT_PATH,
  alwaysReachablePaths,
  findRoute,
  firstLeafOf,
  isPathPermitted,
  normalizePath,
  outsideLayoutPaths,
} from '../routes';

export interface GuardAccount {
  role: string;
  paths: readonly string[];
}

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; location: string }
  /** Signed in, and no such page: the 404 screen, with status 404. */
  | { kind: 'notFound' };

const SIGNED_OUT_PATHS = new Set(['/login', '/auth-redirect']);

/**
 * The navigation guard of spec section 2, as one pure function of path, query and account so that
 * each rule is unit-tested. The middleware applies its answer to every page request.
 */
export function decideNavigation(pathname: string, search: URLSearchParams, account: GuardAccount | null): GuardDecision {
  const path = normalizePath(pathname);
  const query = search.toString();
  if (path === '/') return { kind: 'redirect', location: '/dashboard' };

  if (!account) {
    if (SIGNED_OUT_PATHS.has(path)) return { kind: 'allow' };
    return { kind: 'redirect', location: `/login?redirect=${encodeURIComponent(query ? `${path}?${query}` : path)}` };
  }
  if (path === '/login') return { kind: 'redirect', location: '/' };

  // The AdMob OAuth callback lands wherever Google sends it; only code and scope together mark it.
  if (search.has('code') && search.has('scope') && path !== ADMOB_IMPORT_PATH) {
    return { kind: 'redirect', location: `${ADMOB_IMPORT_PATH}?${query}` };
  }

  const known = findRoute(path);
  const special = (outsideLayoutPaths as readonly string[]).includes(path) || path.startsWith('/redirect/');
  if (!known && !special) return { kind: 'notFound' };

  if (known?.isGroup) {
    const leaf = firstLeafOf(path, account);
    return leaf ? { kind: 'redirect', location: leaf } : fallback(account, path);
  }
  if (isPathPermitted(path, account)) return { kind: 'allow' };
  return fallback(account, path);
}

/**
 * The query parameter a refused navigation carries to where the guard sends it, naming the refused path
 * so that page can say why ("You don't have access to Role — ask an administrator"); the shell then drops
 * it from the address bar.
 */
export const REFUSED_PARAM = 'refused';

/** The route a refused navigation named, if the account really may not open it (a crafted link says nothing). */
export function refusedRoute(search: URLSearchParams, account: GuardAccount): { path: string; title: string } | null {
  const path = search.get(REFUSED_PARAM);
  if (!path) return null;
  const route = findRoute(path);
  if (!route || isPathPermitted(route.path, account) || (route.isGroup && firstLeafOf(route.path, account))) return null;
  return { path: route.path, title: route.title };
}

/**
 * Where a non-root account goes when it may not open a path: the first permitted path containing
 * "dashboard" or nested more than one level deep, else the first permitted path.
 */
export function fallbackPath(account: GuardAccount): string {
  const permitted = account.paths.filter((p) => findRoute(p) && !findRoute(p)?.isGroup);
  const preferred = permitted.find((p) => p.includes('dashboard') || normalizePath(p).split('/').filter(Boolean).length > 1);
  return preferred ?? permitted[0] ?? alwaysReachablePaths.find((p) => p === '/post/index') ?? '/401';
}

function fallback(account: GuardAccount, refused: string): GuardDecision {
  const target = fallbackPath(account);
  // /dashboard is where "/" and every sign-in lead: an account without it did not ask for it, so no message.
  if (refused === '/dashboard' || target === '/401') return { kind: 'redirect', location: target };
  return { kind: 'redirect', location: `${target}?${REFUSED_PARAM}=${encodeURIComponent(refused)}` };
}

export { hasAnyAction } from '../permissions';
