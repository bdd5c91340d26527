import { rememberKeyToClear } from './local-session';

/** A tab of a visited view; fullPath keeps its query (its filters). */
export interface VisitedView {
  path: string;
  fullPath: string;
  title: string;
  affix?: boolean;
  noCache?: boolean;
}

const ERROR_TITLES = new Set(['404', '401']);

export const VIEWS_KEY = 'gsm.visitedViews';
export const TAB_RETURN_KEY = 'gsm.tabReturn';
export const SCROLL_KEY = 'gsm.scroll';

export function loadViews(): VisitedView[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(VIEWS_KEY) ?? '[]') as VisitedView[];
    // Error pages were once kept as tabs: drop any a browser still holds.
    return Array.isArray(parsed) ? parsed.filter((v) => typeof v?.path === 'string' && typeof v.fullPath === 'string' && !ERROR_TITLES.has(v.title)) : [];
  } catch {
    return [];
  }
}

export function saveViews(views: VisitedView[]): void {
  localStorage.setItem(VIEWS_KEY, JSON.stringify(views));
  rememberKeyToClear(VIEWS_KEY);
}

/**
 * At most this many tabs besides the affix ones: a crawl through the menu left 100 tabs, each cut to a
 * few letters. Opening one more closes the oldest non-affix tab (never the one being opened).
 */
export const MAX_VIEWS = 15;

/** Adds the current view (affix views first, then in visiting order) or refreshes its query and title. */
export function addView(views: VisitedView[], current: VisitedView, affix: VisitedView[]): VisitedView[] {
  const list = withAffix(views, affix);
  const at = list.findIndex((v) => v.path === current.path);
  if (at >= 0) {
    const next = [...list];
    next[at] = { ...list[at]!, fullPath: current.noCache ? current.path : current.fullPath, title: current.title };
    return next;
  }
  return capViews([...list, { ...current, fullPath: current.noCache ? current.path : current.fullPath }]);
}

/** The affix views first (those not yet there), then the others as they are. */
export function withAffix(views: VisitedView[], affix: VisitedView[]): VisitedView[] {
  return [...affix.filter((a) => !views.some((v) => v.path === a.path)).map((a) => ({ ...a, affix: true })), ...views];
}

/** Closes the oldest non-affix tabs until at most MAX_VIEWS remain (the last one, just opened, stays). */
export function capViews(views: VisitedView[]): VisitedView[] {
  let extra = views.filter((v) => !v.affix).length - MAX_VIEWS;
  return views.filter((v, i) => v.affix || i === views.length - 1 || extra-- <= 0);
}

export const closeView = (views: VisitedView[], path: string) => views.filter((v) => v.affix || v.path !== path);
export const closeOthers = (views: VisitedView[], path: string) => views.filter((v) => v.affix || v.path === path);
export const closeAll = (views: VisitedView[]) => views.filter((v) => v.affix);
