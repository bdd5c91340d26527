import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setViewerForTest, type Viewer } from '../auth/viewer-store';
import { CLEAR_LIST_KEY } from '../ui/local-session';
import { deleteAppCache, readCachedApps } from './app-cache';
import { $appOs, $apps, $appsSource, $selectedApp, APP_CACHE_OWNER_KEY, APP_OS_KEY, initAppSelection, loadAppOs, loadApps, mayKeepSelection, resetAppStore, selectApp, SELECTED_APP_KEY, selectionFromQuery } from './store';

vi.mock('./app-cache', () => ({
  readCachedApps: vi.fn(async () => [{ id: 'com.gsm.cached', name: 'Cached App' }]),
  writeCachedApps: vi.fn(async () => undefined),
  deleteAppCache: vi.fn(async () => undefined),
}));

const analyst = { role: 'statistic', listApp: ['com.gsm.blockpuzzle', 'com.gsm.tilematch'], canViewAllApp: false };
const cache = { role: 'cache', listApp: [], canViewAllApp: true };

function fakeBrowser(href: string) {
  const items = new Map<string, string>();
  const localStorage = {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, String(v)),
    removeItem: (k: string) => void items.delete(k),
  };
  const location = new URL(href);
  const history = { state: null, replaceState: (_s: unknown, _t: string, url: string) => { const next = new URL(url, location.href); location.search = next.search; location.pathname = next.pathname; } };
  vi.stubGlobal('localStorage', localStorage);
  vi.stubGlobal('location', location);
  vi.stubGlobal('history', history);
  return { items, location };
}

beforeEach(() => {
  resetAppStore();
  vi.mocked(readCachedApps).mockClear();
  vi.mocked(deleteAppCache).mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  setViewerForTest(null);
});

describe('selected app', () => {
  it('is kept when the app is in the account list or the account sees all apps', () => {
    expect(mayKeepSelection({ id: 'com.gsm.tilematch', value: 'Tile' }, analyst)).toBe(true);
    expect(mayKeepSelection({ id: 'com.gsm.tilematch_3', value: 'Tile_Webgl' }, analyst)).toBe(true);
    expect(mayKeepSelection({ id: 'com.gsm.wordquest', value: 'Word' }, analyst)).toBe(false);
    expect(mayKeepSelection({ id: 'anything', value: 'x' }, cache)).toBe(true);
    expect(mayKeepSelection({ id: 'anything', value: 'x' }, { role: 'root', listApp: [], canViewAllApp: false })).toBe(true);
  });

  it('reads ?id and ?value from the URL', () => {
    expect(selectionFromQuery('?value=Tile%20Match%20Garden&id=com.gsm.tilematch')).toEqual({ id: 'com.gsm.tilematch', value: 'Tile Match Garden' });
    expect(selectionFromQuery('?id=com.gsm.tilematch')).toEqual({ id: 'com.gsm.tilematch', value: 'com.gsm.tilematch' });
    expect(selectionFromQuery('?value=x')).toBeNull();
  });

  it('is remembered in local storage, registered to be cleared at logout, and written to the URL', () => {
    const { items, location } = fakeBrowser('http://console/app_data/index?os=1');
    initAppSelection(analyst);
    selectApp({ id: 'com.gsm.tilematch', value: 'Tile Match Garden' });
    expect(JSON.parse(items.get(SELECTED_APP_KEY)!)).toEqual({ id: 'com.gsm.tilematch', value: 'Tile Match Garden' });
    expect(items.get(CLEAR_LIST_KEY)).toContain(SELECTED_APP_KEY);
    expect(location.search).toBe('?os=1&id=com.gsm.tilematch&value=Tile+Match+Garden');
    selectApp(null);
    expect(items.has(SELECTED_APP_KEY)).toBe(false);
    expect(location.search).toBe('?os=1');
  });

  it('survives a reload, and the URL query wins when the account may see that app', () => {
    const { items } = fakeBrowser('http://console/gsm/analytic/main_data');
    items.set(SELECTED_APP_KEY, JSON.stringify({ id: 'com.gsm.blockpuzzle', value: 'Block Puzzle Legend' }));
    initAppSelection(analyst);
    expect($selectedApp.get()).toEqual({ id: 'com.gsm.blockpuzzle', value: 'Block Puzzle Legend' });
    resetAppStore();
    initAppSelection(analyst, '?id=com.gsm.tilematch_2&value=Tile%20Match%20Garden_Ios');
    expect($selectedApp.get()).toEqual({ id: 'com.gsm.tilematch_2', value: 'Tile Match Garden_Ios' });
    expect(JSON.parse(items.get(SELECTED_APP_KEY)!).id).toBe('com.gsm.tilematch_2');
  });

  it('is cleared for an account that may not see it; a forbidden query is ignored', () => {
    const { items } = fakeBrowser('http://console/dashboard');
    items.set(SELECTED_APP_KEY, JSON.stringify({ id: 'com.gsm.wordquest', value: 'Word Quest Journey' }));
    initAppSelection(analyst);
    expect($selectedApp.get()).toBeNull();
    expect(items.has(SELECTED_APP_KEY)).toBe(false);
    resetAppStore();
    items.set(SELECTED_APP_KEY, JSON.stringify({ id: 'com.gsm.blockpuzzle', value: 'Block Puzzle Legend' }));
    initAppSelection(analyst, '?id=com.gsm.wordquest&value=Word');
    expect($selectedApp.get()?.id).toBe('com.gsm.blockpuzzle');
    selectApp({ id: 'com.gsm.idleminer', value: 'Idle' });
    expect($selectedApp.get()).toBeNull();
  });
});

const viewer = (username: string, scope = analyst): Viewer => ({ username, name: username, privateActions: [], ...scope });

describe('app list', () => {
  it('falls back to an empty list silently when the fetch fails and nothing is cached', async () => {
    fakeBrowser('http://console/dashboard');
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    await expect(loadApps()).resolves.toBeUndefined();
    expect($apps.get()).toEqual([]);
  });

  it("shows the viewer's own cache at once (a failed fetch keeps it)", async () => {
    const { items } = fakeBrowser('http://console/dashboard');
    items.set(APP_CACHE_OWNER_KEY, 'analyst');
    setViewerForTest(viewer('analyst'));
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    await loadApps();
    expect($appsSource.get()).toBe('cache');
    expect($apps.get()).toEqual([{ id: 'com.gsm.cached', name: 'Cached App' }]);
    expect(items.get(APP_CACHE_OWNER_KEY)).toBe('analyst');
    expect(deleteAppCache).not.toHaveBeenCalled();
  });

  it("never shows another account's cached lists before the server answers, and clears them", async () => {
    const { items } = fakeBrowser('http://console/dashboard');
    items.set(APP_CACHE_OWNER_KEY, 'root');
    items.set(APP_OS_KEY, JSON.stringify([{ id: 'com.gsm.secret_1', name: 'Secret_Android' }]));
    setViewerForTest(viewer('analyst'));
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    await Promise.all([loadApps(), loadAppOs()]);
    expect(readCachedApps).not.toHaveBeenCalled();
    expect($apps.get()).toEqual([]);
    expect($appOs.get()).toEqual([]);
    expect(deleteAppCache).toHaveBeenCalled();
    expect(items.has(APP_OS_KEY)).toBe(false);
    expect(items.has(APP_CACHE_OWNER_KEY)).toBe(false);
  });

  it('refuses a cache nobody owns, and shows none while the viewer is unknown', async () => {
    const { items } = fakeBrowser('http://console/dashboard');
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    items.set(APP_CACHE_OWNER_KEY, 'analyst');
    await loadApps();
    expect(readCachedApps).not.toHaveBeenCalled();
    resetAppStore();
    items.delete(APP_CACHE_OWNER_KEY);
    setViewerForTest(viewer('analyst'));
    await loadApps();
    expect(readCachedApps).not.toHaveBeenCalled();
    expect(deleteAppCache).toHaveBeenCalled();
  });

  it("applies the viewer's visibility rule even when an island passes no scope", () => {
    const { items } = fakeBrowser('http://console/dashboard');
    items.set(SELECTED_APP_KEY, JSON.stringify({ id: 'com.gsm.wordquest', value: 'Word Quest Journey' }));
    setViewerForTest(viewer('analyst'));
    initAppSelection();
    expect($selectedApp.get()).toBeNull();
    selectApp({ id: 'com.gsm.tilematch', value: 'Tile' });
    expect($selectedApp.get()?.id).toBe('com.gsm.tilematch');
    selectApp({ id: 'com.gsm.idleminer', value: 'Idle' });
    expect($selectedApp.get()).toBeNull();
  });
});

describe('query selection on routes without app filters', () => {
  it('remembers ?id&value; the next app screen applies the visibility rule', async () => {
    const { items } = fakeBrowser('http://console/gsm/analytic/main_data?id=com.gsm.wordquest&value=Word');
    const { rememberAppFromQuery } = await import('../ui/query-selection');
    rememberAppFromQuery();
    expect(JSON.parse(items.get(SELECTED_APP_KEY)!)).toEqual({ id: 'com.gsm.wordquest', value: 'Word' });
    initAppSelection(analyst, '');
    expect($selectedApp.get()).toBeNull();
    expect(items.has(SELECTED_APP_KEY)).toBe(false);
  });
});
