import { rankByMatch, SELECT_OPTIONS_LIMIT, type FilterOption } from './options';

/**
 * The options a single-select dropdown shows for what was typed: title matches ranked exact, prefix,
 * anywhere; at most 100; the selected option is kept so its label still shows.
 */
export function cappedOptions<V>(options: readonly FilterOption<V>[], query: string, selected: V | null, limit = SELECT_OPTIONS_LIMIT): FilterOption<V>[] {
  const shown = rankByMatch(options, query, (o) => o.title).slice(0, limit);
  const current = options.find((o) => o.value === selected);
  return current && !shown.includes(current) ? [current, ...shown] : shown;
}
