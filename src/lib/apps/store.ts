/**
 * The selected app and the account's app lists, shared by every island of a page (spec sections 3 and 4
 * "Selected app"). The selection is { id, value } as the URL carries it: ?id=com.gsm.blockpuzzle&value=
 * Block Puzzle Legend, where id may also be an OS variant "{appId}_{os}" and value "{name}_Android".
 */
import { atom } from 'nanostores';
import { currentViewer } from '../auth/viewer-store';
import { createRequester } from '../http/requester';
import { rememberKeyToClear } from '../ui/local-session';
import { deleteAppCache, readCachedApps, writeCachedApps } from './app-cache';
import { accountListAppOsContract, accountListAppOsFinanceContract, listAppContract, type AppOption, type AppOsOption } from './contract';
import { parseVariantId } from '../platform';
import { SELECTED_APP_KEY, selectionFromQuery, type SelectedApp } from '../ui/query-selection';

export { SELECTED_APP_KEY, selectionFromQuery };

export type { SelectedApp };

/**
 * What the store needs to know about the signed-in account to apply the visibility rule. The page's viewer
 * (src/lib/auth/viewer-store.ts, seeded by the layout) is one; islands may still pass theirs as a prop.
 */
export interface AppScope {
  /** Whose cached lists these are: another account's cache on a shared browser is not shown. */
  username?: string;
  role: string;
  listApp: readonly string[];
  canViewAllApp: boolean;
}

export const APP_OS_KEY = 'gsm.appOs';
export const APP_OS_FINANCE_KEY = 'gsm.appOsFinance';
/** The account the cached lists belong to. */
export const APP_CACHE_OWNER_KEY = 'gsm.appCacheOwner';

export const $selectedApp = atom<SelectedApp | null>(null);
/** The account's visible apps (id and name), from the IndexedDB cache first, then the server. */
export const $apps = atom<AppOption[]>([]);
/** 'cache' once the cached list is shown, 'server' once the server answered (or failed: then it stays as it was). */
export const $appsSource = atom<'none' | 'cache' | 'server'>('none');
export const $appOs = atom<AppOsOption[]>([]);
export const $appOsFinance = atom<AppOsOption[]>([]);

let scope: AppScope | null = null;
let appsRequest: Promise<void> | null = null;
const osRequests = new Map<string, Promise<void>>();

/** Failures of these background loads are swallowed (spec section 8: the cache falls back silently). */
const silentApi = createRequester();

/** The app a selection refers to: a variant id "{appId}_{os}" refers to appId. */
export function appIdOf(selection: SelectedApp): string {
  return parseVariantId(selection.id)?.appId ?? selection.id;
}

/** The visibility rule of spec section 4: kept when the app is in the account's list or the account sees all apps. */
export function mayKeepSelection(selection: SelectedApp, account: AppScope): boolean {
  return account.role === 'root' || account.canViewAllApp || account.listApp.includes(appIdOf(selection));
}

function readStored(): SelectedApp | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(SELECTED_APP_KEY) ?? 'null') as Partial<SelectedApp> | null;
    return parsed && typeof parsed.id === 'string' && parsed.id ? { id: parsed.id, value: typeof parsed.value === 'string' ? parsed.value : parsed.id } : null;
  } catch {
    return null;
  }
}

function store(selection: SelectedApp | null): void {
  try {
    if (selection) {
      localStorage.setItem(SELECTED_APP_KEY, JSON.stringify(selection));
      rememberKeyToClear(SELECTED_APP_KEY);
    } else localStorage.removeItem(SELECTED_APP_KEY);
  } catch {
    // Storage may be unavailable (private mode): the selection then lasts for the page only.
  }
}

/** The account the page is for: the layout's viewer, else the scope an island passed. */
function accountScope(): AppScope | null {
  return currentViewer() ?? scope;
}

function viewerName(): string | null {
  return currentViewer()?.username ?? scope?.username ?? null;
}

/**
 * Whether the cached lists were written for the viewer. A cache with another owner, or with none (whose
 * is it?), is refused and cleared before anything shows it; without a known viewer nothing is shown.
 */
function cacheIsMine(): boolean {
  const viewer = viewerName();
  if (!viewer) return false;
  let owner: string | null;
  try {
    owner = localStorage.getItem(APP_CACHE_OWNER_KEY);
  } catch {
    return false;
  }
  if (owner === viewer) return true;
  clearForeignCache();
  return false;
}

let clearing: Promise<void> | null = null;

/** Forgets another account's lists: the IndexedDB app list, the app/OS lists and the owner mark. */
function clearForeignCache(): Promise<void> {
  try {
    for (const key of [APP_OS_KEY, APP_OS_FINANCE_KEY, APP_CACHE_OWNER_KEY]) localStorage.removeItem(key);
  } catch {
    // No storage: nothing was cached there.
  }
  clearing ??= deleteAppCache().finally(() => (clearing = null));
  return clearing;
}

function claimCache(): void {
  const viewer = viewerName();
  if (!viewer) return;
  try {
    localStorage.setItem(APP_CACHE_OWNER_KEY, viewer);
    rememberKeyToClear(APP_CACHE_OWNER_KEY);
  } catch {
    // Without storage there is no cache to claim.
  }
}

/**
 * Starts the selection for this page, once: the URL query (?id&value) wins over the remembered one when
 * the account may see that app; a remembered app the account may not see is forgotten. The account is the
 * page's viewer; an island's own scope is used only where the page has none.
 */
export function initAppSelection(given?: AppScope, search = typeof location === 'undefined' ? '' : location.search): void {
  if (scope) return;
  const account = currentViewer() ?? given;
  if (!account) return;
  scope = account;
  const fromQuery = selectionFromQuery(search);
  const stored = readStored();
  if (fromQuery && mayKeepSelection(fromQuery, account)) {
    $selectedApp.set(fromQuery);
    store(fromQuery);
  } else if (stored && mayKeepSelection(stored, account)) {
    $selectedApp.set(stored);
  } else {
    $selectedApp.set(null);
    store(null);
  }
}

/** Selects an app (or clears with null), remembers it, and writes ?id&value into the page URL. */
export function selectApp(selection: SelectedApp | null, { writeUrl = true }: { writeUrl?: boolean } = {}): void {
  const account = accountScope();
  if (selection && account && !mayKeepSelection(selection, account)) selection = null;
  $selectedApp.set(selection);
  store(selection);
  if (writeUrl && typeof location !== 'undefined') {
    const url = new URL(location.href);
    if (selection) {
      url.searchParams.set('id', selection.id);
      url.searchParams.set('value', selection.value);
    } else {
      url.searchParams.delete('id');
      url.searchParams.delete('value');
    }
    history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }
}

/**
 * Loads the account's visible apps once per page: the IndexedDB cache shows at once, the server's answer
 * replaces it and refreshes the cache. A failed fetch keeps the cache (or an empty list) without a toast.
 * After a fresh answer a selection of an app no longer visible (removed from the account, or deleted) is cleared.
 */
export function loadApps({ force = false }: { force?: boolean } = {}): Promise<void> {
  if (appsRequest && !force) return appsRequest;
  appsRequest = (async () => {
    if (clearing) await clearing;
    if ($appsSource.get() === 'none' && cacheIsMine()) {
      const cached = await readCachedApps();
      if ($appsSource.get() === 'none' && cached.length) {
        $apps.set(cached);
        $appsSource.set('cache');
      }
    }
    try {
      const { data } = await silentApi(listAppContract);
      $apps.set(data);
      $appsSource.set('server');
      if (clearing) await clearing;
      await writeCachedApps(data);
      claimCache();
      const selected = $selectedApp.get();
      if (selected) {
        const app = data.find((a) => a.id === appIdOf(selected));
        if (!app) selectApp(null, { writeUrl: false });
      }
    } catch {
      // Spec section 8: an app cache fetch failure is swallowed; the cached or empty list stays.
    }
  })();
  return appsRequest;
}

function loadOsList(key: string, target: typeof $appOs, finance: boolean): Promise<void> {
  const known = osRequests.get(key);
  if (known) return known;
  const request = (async () => {
    try {
      const cached = cacheIsMine() ? (JSON.parse(localStorage.getItem(key) ?? '[]') as AppOsOption[]) : [];
      if (Array.isArray(cached) && cached.length && target.get().length === 0) target.set(cached);
    } catch {
      // A damaged cache is ignored.
    }
    try {
      const { data } = await silentApi(finance ? accountListAppOsFinanceContract : accountListAppOsContract);
      target.set(data);
      try {
        localStorage.setItem(key, JSON.stringify(data));
        rememberKeyToClear(key);
        claimCache();
      } catch {
        // Storage full or unavailable: the list lasts for the page.
      }
    } catch {
      // Swallowed like the app list.
    }
  })();
  osRequests.set(key, request);
  return request;
}

/** The account's app/OS list (adminAccount/listAppOs), cached in local storage. */
export function loadAppOs(): Promise<void> {
  return loadOsList(APP_OS_KEY, $appOs, false);
}

/** The finance app/OS list (adminAccount/listAppOsFinance), cached in local storage. */
export function loadAppOsFinance(): Promise<void> {
  return loadOsList(APP_OS_FINANCE_KEY, $appOsFinance, true);
}

/** After a create, rename or delete on this page: reload the lists and refresh the caches. */
export async function refreshAppLists(): Promise<void> {
  osRequests.clear();
  await Promise.all([loadApps({ force: true }), loadAppOs()]);
}

/** Tests start from a fresh page. */
export function resetAppStore(): void {
  scope = null;
  clearing = null;
  appsRequest = null;
  osRequests.clear();
  $selectedApp.set(null);
  $apps.set([]);
  $appsSource.set('none');
  $appOs.set([]);
  $appOsFinance.set([]);
}
