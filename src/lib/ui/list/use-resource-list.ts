import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DataTableStateEvent } from 'primereact/datatable';
import { writeQuery } from '../filters/url-query';
import { TEXT_DEBOUNCE_MS } from '../use-debounced';
import { initialLoaded, listLoader, type ListPage, type LoadedList } from './list-loader';
import { defaultListState, listQueryPatch, readListState, withFilters, withSort, type ListFilters, type ListSort, type ListSpec, type ListState } from './list-state';

export type { ListPage };

export interface ListQuery<F extends ListFilters> {
  filters: F;
  page: number;
  limit: number;
  sort: ListSort | null;
}

export interface ResourceListOptions<R, F extends ListFilters> extends ListSpec<F> {
  /** Rows per page. */
  pageSize: number;
  /** false: the server answers every row at once and the table pages them itself. */
  serverPaged?: boolean;
  /** Filters typed into a text box: asked for 300 ms after the last keystroke (spec section 9). */
  typed?: readonly (keyof F & string)[];
  /** false: the state stays out of the URL (a list inside a dialog or a panel). */
  url?: boolean;
  /** The first page the server rendered for the default state, or for `serverFilters` (no request on load). */
  initial?: ListPage<R> | null;
  /**
   * The filters the server read from the URL and rendered the page with (a search answered on the server):
   * the list starts there and does not read the URL again once mounted.
   */
  serverFilters?: F;
  /** Filters applied to the loaded rows in the browser (a client-side search): kept in the URL, never asked for. */
  local?: readonly (keyof F & string)[];
  /** The table sorts the loaded rows itself: the sort is kept in the URL, never asked for. */
  clientSort?: boolean;
  /** Anything else the request depends on (a mode, a descriptor's context): a change asks again. */
  depends?: string;
  load: (query: ListQuery<F>) => Promise<ListPage<R>>;
}

/** loading: nothing answered yet; error: the last request failed; empty: the server answered no rows. */
export type ListStatus = 'loading' | 'error' | 'empty' | 'ready';

export interface ResourceList<R, F extends ListFilters> extends LoadedList<R> {
  status: ListStatus;
  /** The filters as typed (bind inputs to these). */
  filters: F;
  /** The state the rows answer (typed filters once settled): the export link reads it. */
  applied: ListState<F>;
  pageSize: number;
  setFilter: <K extends keyof F & string>(name: K, value: F[K]) => void;
  setFilters: (patch: Partial<F>) => void;
  setPage: (page: number) => void;
  setSort: (sort: ListSort | null) => void;
  /** Asks again for the same state (after a save or a delete; the retry of an error). */
  reload: () => Promise<void>;
  /** The paging and sorting props of a PrimeReact DataTable. */
  tableProps: {
    lazy: boolean;
    paginator: boolean;
    rows: number;
    first: number;
    totalRecords?: number;
    loading: boolean;
    sortField?: string;
    sortOrder?: 1 | -1;
    onPage: (e: DataTableStateEvent) => void;
    onSort: (e: DataTableStateEvent) => void;
  };
}

/**
 * The headless list controller: server paging, sorting and filters kept in the URL (a reload, the back button
 * or a shared link opens the same rows), one request that counts at a time (an older answer arriving after a
 * newer request is dropped), and honest states. The table is src/islands/common/ListTable.tsx; the export
 * reads the same columns (src/lib/ui/list/columns.ts) or the same query (`applied`).
 */
export function useResourceList<R, F extends ListFilters>(options: ResourceListOptions<R, F>): ResourceList<R, F> {
  const { pageSize, serverPaged = true, typed = [], local = [], clientSort = false, url = true, initial = null, depends = '', serverFilters } = options;
  const filtersJson = JSON.stringify(options.filters);
  const sortJson = JSON.stringify(options.sort ?? null);
  const spec: ListSpec<F> = useMemo(() => ({ filters: JSON.parse(filtersJson) as F, sort: JSON.parse(sortJson) as ListSort | null, prefix: options.prefix }), [filtersJson, sortJson, options.prefix]);

  // The server renders the default state (or `serverFilters`); else the URL's state is read once mounted, so both renders agree.
  const [first] = useState<ListState<F>>(() => (serverFilters ? { ...defaultListState(spec), filters: { ...spec.filters, ...serverFilters } } : defaultListState(spec)));
  const [state, setState] = useState<ListState<F>>(first);
  const [started, setStarted] = useState(!url || Boolean(serverFilters));
  const [settledJson, setSettledJson] = useState(() => JSON.stringify(typed.map((k) => first.filters[k] ?? '')));
  useEffect(() => {
    if (started) return;
    const fromUrl = readListState(location.search, spec);
    setState(fromUrl);
    // The URL's typed filters count at once: nobody is typing them.
    setSettledJson(JSON.stringify(typed.map((k) => fromUrl.filters[k] ?? '')));
    setStarted(true);
    // Once: later changes come from the screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Typed filters settle 300 ms after the last keystroke; until then the rows keep answering the last settled state.
  const typedJson = JSON.stringify(typed.map((k) => state.filters[k] ?? ''));
  useEffect(() => {
    if (typedJson === settledJson) return;
    const timer = setTimeout(() => setSettledJson(typedJson), TEXT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typedJson, settledJson]);
  const lastSettled = useRef(state);
  if (typedJson === settledJson) lastSettled.current = state;
  const applied = lastSettled.current;
  // What the server is asked: without the browser's own filters, sort and (for an unpaged list) page.
  const requestOf = (target: ListState<F>) => {
    const filters = { ...target.filters };
    for (const k of local) delete filters[k];
    return JSON.stringify([filters, serverPaged ? target.page : 1, clientSort ? null : target.sort, depends]);
  };
  const requestKey = requestOf(applied);
  const stateKey = JSON.stringify(applied);

  const [loaded, setLoaded] = useState<LoadedList<R>>(() => initialLoaded(initial));
  const load = useRef(options.load);
  load.current = options.load;
  const loader = useMemo(() => listLoader<R, ListQuery<F>>((q) => load.current(q), setLoaded), []);
  useEffect(() => () => loader.cancel(), [loader]);
  const servedKey = useRef<string | null>(initial ? requestOf(first) : null);
  const ask = useCallback((target: ListState<F>) => loader.request({ filters: target.filters, page: target.page, limit: pageSize, sort: target.sort }), [loader, pageSize]);

  useEffect(() => {
    if (started && url) writeQuery(listQueryPatch(applied, spec));
    // stateKey stands for applied.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stateKey, started]);
  useEffect(() => {
    if (!started || servedKey.current === requestKey) return;
    servedKey.current = requestKey;
    void ask(applied);
    // requestKey stands for what of applied the server is asked, and depends.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requestKey, started]);

  const setFilters = useCallback((patch: Partial<F>) => setState((s) => withFilters(s, patch)), []);
  const setFilter = useCallback(<K extends keyof F & string>(name: K, value: F[K]) => {
    const patch: Partial<F> = {};
    patch[name] = value;
    setFilters(patch);
  }, [setFilters]);
  const setPage = useCallback((page: number) => setState((s) => (s.page === page ? s : { ...s, page })), []);
  const setSort = useCallback((sort: ListSort | null) => setState((s) => withSort(s, sort)), []);
  const reload = useCallback(() => ask(applied), [ask, applied]);

  const { rows, total, loading, error } = loaded;
  const status: ListStatus = error ? 'error' : rows === null ? 'loading' : rows.length === 0 && !loading ? 'empty' : 'ready';
  const count = serverPaged ? total : (rows?.length ?? 0);
  return {
    ...loaded,
    status,
    filters: state.filters,
    applied,
    pageSize,
    setFilter,
    setFilters,
    setPage,
    setSort,
    reload,
    tableProps: {
      lazy: serverPaged,
      paginator: count > pageSize,
      rows: pageSize,
      first: (applied.page - 1) * pageSize,
      ...(serverPaged ? { totalRecords: total } : {}),
      loading,
      ...(applied.sort ? { sortField: applied.sort.field, sortOrder: applied.sort.order === 'asc' ? (1 as const) : (-1 as const) } : {}),
      onPage: (e: DataTableStateEvent) => setPage((e.page ?? 0) + 1),
      onSort: (e: DataTableStateEvent) => setSort(e.sortField ? { field: e.sortField, order: e.sortOrder === -1 ? 'desc' : 'asc' } : null),
    },
  };
}
