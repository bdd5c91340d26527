import { rememberKeyToClear } from './local-session';

/**
 * The smallest part of the selected-app rule, without the requester or stores, so the console chrome can
 * run it on every route: query parameters `id` and `value` select the app (spec section 2 "Page chrome").
 * The visibility rule is applied when a screen with app filters starts (src/lib/apps/store.ts).
 */
export const SELECTED_APP_KEY = 'gsm.selectedApp';

export interface SelectedApp {
  id: string;
  value: string;
}

/** The selection a URL query names (?id=…&value=…), if any. */
export function selectionFromQuery(search: string): SelectedApp | null {
  const params = new URLSearchParams(search);
  const id = params.get('id')?.trim();
  if (!id) return null;
  return { id, value: params.get('value')?.trim() || id };
}

/** Remembers the app a URL names, for routes without app filters (the next app screen checks it). */
export function rememberAppFromQuery(search: string = typeof location === 'undefined' ? '' : location.search): void {
  const selection = selectionFromQuery(search);
  if (!selection) return;
  try {
    localStorage.setItem(SELECTED_APP_KEY, JSON.stringify(selection));
    rememberKeyToClear(SELECTED_APP_KEY);
  } catch {
    // No storage: nothing to remember.
  }
}
