import type { QueryPatch } from '../filters/url-query';

/**
 * What a list screen asks the server for, and how it travels in the URL so a reload, the back button or a
 * shared link opens the same rows: each filter under its own key (absent while it has its default), `page`
 * (absent on page 1) and `sort` as `field` or `-field` for descending (absent while it is the default sort).
 * Filters are strings, as the URL holds them; a screen turns them into its request. `page`, `sort`, `id` and
 * `value` are not filter names (the last two select the app, spec section 2).
 */
export type ListFilters = Record<string, string>;
export interface ListSort {
  field: string;
  order: 'asc' | 'desc';
}
export interface ListState<F extends ListFilters> {
  filters: F;
  page: number;
  sort: ListSort | null;
}
export interface ListSpec<F extends ListFilters> {
  /** Every filter with its default value ('' for "any"). */
  filters: F;
  /** The order the rows come in until someone sorts (null: the server's own order). */
  sort?: ListSort | null;
  /** A prefix for every key, when two lists share one page. */
  prefix?: string;
}

export function defaultListState<F extends ListFilters>(spec: ListSpec<F>): ListState<F> {
  return { filters: { ...spec.filters }, page: 1, sort: spec.sort ?? null };
}

function sortText(sort: ListSort | null): string {
  return sort ? `${sort.order === 'desc' ? '-' : ''}${sort.field}` : '';
}

/** The list state a query string names; anything missing or malformed falls back to the default. */
export function readListState<F extends ListFilters>(search: string, spec: ListSpec<F>): ListState<F> {
  const params = new URLSearchParams(search);
  const key = (name: string) => `${spec.prefix ?? ''}${name}`;
  const filters = { ...spec.filters };
  for (const name of Object.keys(spec.filters) as (keyof F & string)[]) {
    const raw = params.get(key(name));
    if (raw !== null) filters[name] = raw as F[typeof name];
  }
  const pageText = params.get(key('page')) ?? '';
  const page = /^[1-9]\d{0,6}$/.test(pageText) ? Number(pageText) : 1;
  const sortRaw = params.get(key('sort'));
  const sort: ListSort | null = sortRaw && /^-?[\w.]+$/.test(sortRaw) ? { field: sortRaw.replace(/^-/, ''), order: sortRaw.startsWith('-') ? 'desc' : 'asc' } : (spec.sort ?? null);
  return { filters, page, sort };
}

/** The URL keys a list owns, each set to its value or removed (null) while it has its default. */
export function listQueryPatch<F extends ListFilters>(state: ListState<F>, spec: ListSpec<F>): QueryPatch {
  const key = (name: string) => `${spec.prefix ?? ''}${name}`;
  const patch: QueryPatch = {};
  for (const name of Object.keys(spec.filters)) {
    const value = state.filters[name] ?? '';
    patch[key(name)] = value === spec.filters[name] ? null : value;
  }
  patch[key('page')] = state.page > 1 ? state.page : null;
  const sort = sortText(state.sort);
  patch[key('sort')] = sort === sortText(spec.sort ?? null) ? null : sort;
  return patch;
}

/** A filter changed: the rows start again from page 1. */
export function withFilters<F extends ListFilters>(state: ListState<F>, patch: Partial<F>): ListState<F> {
  return { ...state, filters: { ...state.filters, ...patch }, page: 1 };
}

/** The sort changed: back to page 1 as well. */
export function withSort<F extends ListFilters>(state: ListState<F>, sort: ListSort | null): ListState<F> {
  return { ...state, sort, page: 1 };
}

export function sameListState<F extends ListFilters>(a: ListState<F>, b: ListState<F>): boolean {
  return a.page === b.page && sortText(a.sort) === sortText(b.sort) && Object.keys({ ...a.filters, ...b.filters }).every((k) => (a.filters[k] ?? '') === (b.filters[k] ?? ''));
}
