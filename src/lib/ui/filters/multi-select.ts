import { rankByMatch, SELECT_OPTIONS_LIMIT, type FilterOption } from './options';

/** The multi-select shows at most 100 options after filtering; the wide variant 200 (spec sections 5 and 9). */
export const MULTI_SELECT_LIMIT = SELECT_OPTIONS_LIMIT;
export const MULTI_SELECT_WIDE_LIMIT = 200;

export interface MultiSelectFilterOptions {
  /** 100 (default) or 200 for the wide variant. */
  limit?: number;
  /** Level mode: options are level numbers; exact matches first, then prefix, then contains. */
  levelMode?: boolean;
}

const textOf = (option: FilterOption) => option.title;

/** Every option matching the query (case-insensitive), in list order, or ranked in level mode. */
export function matchingOptions<V>(options: readonly FilterOption<V>[], query: string, levelMode = false): FilterOption<V>[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...options];
  if (levelMode) return rankByMatch(options, needle, (o) => textOf(o as FilterOption));
  return options.filter((o) => o.title.toLowerCase().includes(needle) || String(o.value).toLowerCase().includes(needle));
}

/** The options the panel shows for a query: the matches, capped. */
export function visibleOptions<V>(options: readonly FilterOption<V>[], query: string, { limit = MULTI_SELECT_LIMIT, levelMode = false }: MultiSelectFilterOptions = {}): FilterOption<V>[] {
  return matchingOptions(options, query, levelMode).slice(0, limit);
}

/**
 * "All": adds every option matching the current query (also those beyond the display cap) to the
 * selection, keeping what was already selected; without a query, every option.
 */
export function selectAll<V>(options: readonly FilterOption<V>[], query: string, selected: readonly V[], levelMode = false): V[] {
  const values = new Set(selected);
  for (const option of matchingOptions(options, query, levelMode)) values.add(option.value);
  return options.map((o) => o.value).filter((v) => values.has(v));
}

/** "Clear": nothing selected. */
export function clearSelection<V>(): V[] {
  return [];
}

/** What the closed select shows: "All" when everything is selected, otherwise the count beyond two titles. */
export function selectionSummary<V>(options: readonly FilterOption<V>[], selected: readonly V[]): string {
  if (selected.length === 0) return '';
  if (options.length > 0 && selected.length === options.length) return 'All';
  const titles = options.filter((o) => selected.includes(o.value)).map((o) => o.title);
  return titles.length <= 2 ? titles.join(', ') : `${titles.slice(0, 2).join(', ')} +${titles.length - 2}`;
}
