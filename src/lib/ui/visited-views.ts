import { rememberKeyToClear } from './local-session';

/** A tab of a visited view; fullPath keeps its query (its filters). */
export interface VisitedView {
  path: string;
  fullPath: string;
  title: string;
  affix?: boolean;
  noCache?: boolean;
}

export const VIEWS_KEY = 'gsm.visitedViews';
export const TAB_RETURN_KEY = 'gsm.tabReturn';
export const SCROLL_KEY = 'gsm.scroll';

export function loadViews(): VisitedView[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(VIEWS_KEY) ?? '[]') as VisitedView[];
    return Array.isArray(parsed) ? parsed.filter((v) => typeof v?.path === 'string' && typeof v.fullPath === 'string') : [];
  } catch {
    return [];
  }
}

export function saveViews(views: VisitedView[]): void {
  localStorage.setItem(VIEWS_KEY, JSON.stringify(views));
  rememberKeyToClear(VIEWS_KEY);
}

/** Adds the current view (affix views first, then in visiting order) or refreshes its query and title. */
export function addView(views: VisitedView[], current: VisitedView, affix: VisitedView[]): VisitedView[] {
  const list = [...affix.filter((a) => !views.some((v) => v.path === a.path)).map((a) => ({ ...a, affix: true })), ...views];
  const at = list.findIndex((v) => v.path === current.path);
  if (at >= 0) {
    const next = [...list];
    next[at] = { ...list[at]!, fullPath: current.noCache ? current.path : current.fullPath, title: current.title };
    return next;
  }
  return [...list, { ...current, fullPath: current.noCache ? current.path : current.fullPath }];
}

export const closeView = (views: VisitedView[], path: string) => views.filter((v) => v.affix || v.path !== path);
export const closeOthers = (views: VisitedView[], path: string) => views.filter((v) => v.affix || v.path === path);
export const closeAll = (views: VisitedView[]) => views.filter((v) => v.affix);
