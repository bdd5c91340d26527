/**
 * Business rules of app management shared by the contracts, the service and the screens.
 */

/** The private action every app write needs (src/lib/permissions.ts). */
export const APP_EDIT_ACTION = 'app_edit';
/** The route whose permission lets an account read app details (App Manager). */
export const APP_MANAGER_ROUTE = '/app_data/index';

/**
 * An app id is chosen at creation and never changes (reports, SDK keys and accounts' app lists refer to
 * it): lower-case letters, digits, dots, hyphens and underscores, starting with a letter or digit,
 * e.g. com.gsm.blockpuzzle.
 */
export const APP_ID_PATTERN = /^[a-z0-9][a-z0-9._-]{2,99}$/;
export const APP_ID_RULE = 'must be 3-100 characters: lower-case letters, digits, ".", "-" or "_", starting with a letter or digit';

export const NAME_MAX = 120;
export const LABEL_MAX = 40;
export const LABELS_PER_APP_MAX = 30;
export const GAME_TYPES_PER_APP_MAX = 10;
/** Android package names and iOS bundle ids: reverse-DNS segments. WebGL builds use any slug. */
export const PACKAGE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{1,149}$/;

/** Game types offered as suggestions; other values are accepted (studios invent genres). */
export const GAME_TYPE_SUGGESTIONS = ['Puzzle', 'Casual', 'Idle', 'Arcade', 'Word', 'Board', 'Card', 'Hyper-casual', 'Simulation', 'Strategy', 'Action', 'RPG', 'Sport', 'Racing', 'Educational'];

/** Finance highlight options (get/listHightlightOptions): how an app's rows stand out in finance reports. */
export const HIGHLIGHT_OPTIONS = [
  { value: '', title: 'None', color: '' },
  { value: 'new', title: 'New release', color: '#67c23a' },
  { value: 'hot', title: 'Top earner', color: '#e6a23c' },
  { value: 'watch', title: 'Watch closely', color: '#f56c6c' },
  { value: 'sunset', title: 'Sunsetting', color: '#909399' },
] as const;
export type HighlightValue = (typeof HIGHLIGHT_OPTIONS)[number]['value'];
export const HIGHLIGHT_VALUES = HIGHLIGHT_OPTIONS.map((o) => o.value) as [HighlightValue, ...HighlightValue[]];

/** pTracking partners: where an app reports installs and in-app events for attribution. */
export const PTRACKING_PARTNERS = ['appsflyer', 'adjust', 'firebase', 'facebook', 'tiktok', 'google_ads', 'singular', 'other'] as const;
export type PTrackingPartner = (typeof PTRACKING_PARTNERS)[number];

/** Normalises labels and game types: trimmed, single spaces, no empties, first spelling of a case-insensitive duplicate kept. */
export function normaliseTags(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of values) {
    const value = raw.trim().replace(/\s+/g, ' ');
    const key = value.toLowerCase();
    if (!value || seen.has(key)) continue;
    seen.add(key);
    out.push(value);
  }
  return out;
}

/** Text search over an app's id, name, package ids, labels and team (the App Manager's search box). */
export function appMatchesText(app: { id: string; name: string; team: string; labels: readonly string[]; os: readonly { packageId: string }[] }, text: string): boolean {
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  return [app.id, app.name, app.team, ...app.labels, ...app.os.map((o) => o.packageId)].some((v) => v.toLowerCase().includes(needle));
}
