/** Local storage keys registered here are cleared at logout (spec: a comma-separated list of keys to clear). */
export const CLEAR_LIST_KEY = 'gsm.keysToClear';

export function rememberKeyToClear(key: string): void {
  const keys = new Set((localStorage.getItem(CLEAR_LIST_KEY) ?? '').split(',').filter(Boolean));
  keys.add(key);
  localStorage.setItem(CLEAR_LIST_KEY, [...keys].join(','));
}

/** Logout clears visited views, the selected app, caches and every registered key. */
export function clearLocalSession(): void {
  for (const key of (localStorage.getItem(CLEAR_LIST_KEY) ?? '').split(',').filter(Boolean)) localStorage.removeItem(key);
  localStorage.removeItem(CLEAR_LIST_KEY);
  sessionStorage.clear();
  // The app list cache (IndexedDB "gsm", src/lib/apps/app-cache.ts) belongs to the account too.
  try {
    indexedDB.deleteDatabase('gsm');
  } catch {
    // No IndexedDB here.
  }
}
