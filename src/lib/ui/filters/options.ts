/** A filter option (spec section 3 "Multi-select options"): what the user reads, what the filter keeps, optional extra text. */
export interface FilterOption<V = string | number> {
  title: string;
  value: V;
  info?: string;
}

/**
 * The one word every filter shows for "no restriction" (all apps, every platform, version, country):
 * before, screens said "ALL", "all" and "All apps" for the same thing (issue 41).
 */
export const ALL_LABEL = 'All';

/** Select dropdowns show at most this many options after filtering (spec section 9). */
export const SELECT_OPTIONS_LIMIT = 100;

/**
 * Ranks texts against a query the way "level mode" does: exact matches first, then prefix matches, then
 * matches anywhere; case-insensitive; within a rank the original order is kept. Non-matches are dropped.
 */
export function rankByMatch<T>(items: readonly T[], query: string, textOf: (item: T) => string): T[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...items];
  const exact: T[] = [];
  const prefix: T[] = [];
  const contains: T[] = [];
  for (const item of items) {
    const text = textOf(item).toLowerCase();
    if (text === needle) exact.push(item);
    else if (text.startsWith(needle)) prefix.push(item);
    else if (text.includes(needle)) contains.push(item);
  }
  return [...exact, ...prefix, ...contains];
}
