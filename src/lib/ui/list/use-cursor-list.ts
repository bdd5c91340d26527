import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { writeQuery } from '../filters/url-query';
import { TEXT_DEBOUNCE_MS } from '../use-debounced';
import { cursorLoader, idleCursorList, initialCursorList, type CursorPage, type LoadedCursorList } from './cursor-loader';
import { listQueryPatch, readListState, withFilters, type ListFilters, type ListSpec } from './list-state';

export type { CursorPage };

export interface CursorListOptions<R, F extends ListFilters> {
  /** Every filter with its default value ('' for "any"): a filter at its default is absent from the URL. */
  filters: F;
  /** A prefix for every URL key, when two lists share one page. */
  prefix?: string;
  /** Filters typed into a text box: asked for 300 ms after the last keystroke (spec section 9). */
  typed?: readonly (keyof F & string)[];
  /** false: the filters stay out of the URL (a list inside a dialog or a panel). */
  url?: boolean;
  /**
   * The filters the server read from the URL and rendered the page with (`initial` answers them): the list
   * starts there and does not read the URL again. Without it the URL is read once mounted, as useResourceList does.
   */
  serverFilters?: F;
  /** The first page the server rendered for `serverFilters` (no request on load). */
  initial?: CursorPage<R> | null;
  /** Whether the filters make a query at all (a log of one player needs the player): until then nothing is asked. */
  complete?: (filters: F) => boolean;
  /** The page of `filters` starting at `cursor` (null: the first page). */
  load: (filters: F, cursor: string | null) => Promise<CursorPage<R>>;
}

/** idle: the filters make no query yet; loading: nothing answered yet; error: the first page failed; empty: the server answered no rows. */
export type CursorListStatus = 'idle' | 'loading' | 'error' | 'empty' | 'ready';

export interface CursorList<R, F extends ListFilters> {
  rows: R[] | null;
  status: CursorListStatus;
  /** The filters as typed (bind inputs to these). */
  filters: F;
  /** The filters the list asks for (typed ones once settled): the export link reads them. */
  applied: F;
  /** The filters the rows shown answer (a newer query may be loading meanwhile): what the screen says they are. */
  shown: F | null;
  /** There are older rows to ask for. */
  hasMore: boolean;
  /** A request is on its way, and which. */
  loading: boolean;
  loadingMore: boolean;
  /** The last request's failure in words, and which it was (a failed next page keeps the rows shown). */
  error: string | null;
  failed: 'first' | 'more' | null;
  setFilter: <K extends keyof F & string>(name: K, value: F[K]) => void;
  setFilters: (patch: Partial<F>) => void;
  /** Asks the page after the last answer's cursor; its rows are appended. */
  more: () => Promise<void>;
  /** Asks again what failed (the retry of an error), else the first page again (after a change). */
  reload: () => Promise<void>;
  /** The props of ListTable's DataTable: every row loaded shows, no paginator (the next page is `more`). */
  tableProps: { lazy: boolean; paginator: boolean; rows: number; first: number; loading: boolean; onPage: () => void; onSort: () => void };
}

const keyOf = (filters: ListFilters) => JSON.stringify(Object.keys(filters).sort().map((k) => [k, filters[k]]));

/**
 * The list controller's cursor mode, for a list the server pages by cursor ("Older events"): filters in the
 * URL (the cursor is not: a link opens the first page), typed filters settled after 300 ms, each next page
 * asked with the last answer's cursor and appended, a filter change starting again from the first page, one
 * stale guard (cursor-loader.ts) and the same honest states as useResourceList. The table is ListTable under
 * CursorListTable (src/islands/common/CursorListTable.tsx); the export reads the same columns or `applied`.
 */
export function useCursorList<R, F extends ListFilters>(options: CursorListOptions<R, F>): CursorList<R, F> {
  const { typed = [], url = true, serverFilters, initial = null, prefix } = options;
  const filtersJson = JSON.stringify(options.filters);
  const spec: ListSpec<F> = useMemo(() => ({ filters: JSON.parse(filtersJson) as F, prefix }), [filtersJson, prefix]);
  const start = serverFilters ?? spec.filters;

  const [filters, setFiltersState] = useState<F>(start);
  // With no filters from the server, the URL's are read once mounted (the server rendered the defaults).
  const [started, setStarted] = useState(!url || Boolean(serverFilters));
  const typedOf = (f: F) => JSON.stringify(typed.map((k) => f[k] ?? ''));
  const [settledJson, setSettledJson] = useState(() => typedOf(start));
  useEffect(() => {
    if (started) return;
    const fromUrl = readListState(location.search, spec).filters;
    setFiltersState(fromUrl);
    // The URL's typed filters count at once: nobody is typing them.
    setSettledJson(typedOf(fromUrl));
    setStarted(true);
    // Once: later changes come from the screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Typed filters settle 300 ms after the last keystroke; until then the list keeps asking the last settled filters.
  const typedJson = typedOf(filters);
  useEffect(() => {
    if (typedJson === settledJson) return;
    const timer = setTimeout(() => setSettledJson(typedJson), TEXT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typedJson, settledJson]);
  const lastSettled = useRef(filters);
  if (typedJson === settledJson) lastSettled.current = filters;
  const applied = lastSettled.current;
  const appliedKey = keyOf(applied);
  const complete = options.complete ?? (() => true);
  const ready = complete(applied);

  const [loaded, setLoaded] = useState<LoadedCursorList<R, F>>(() => initialCursorList(start, initial));
  const load = useRef(options.load);
  load.current = options.load;
  const loader = useMemo(() => cursorLoader<R, F>((f, cursor) => load.current(f, cursor), setLoaded, loaded), []); // eslint-disable-line react-hooks/exhaustive-deps -- made once, from the first state
  useEffect(() => () => loader.cancel(), [loader]);
  const servedKey = useRef<string | null>(initial ? keyOf(start) : null);

  useEffect(() => {
    if (started && url) writeQuery(listQueryPatch({ filters: applied, page: 1, sort: null }, spec));
    if (!started) return;
    if (!ready) {
      if (servedKey.current !== null) loader.clear();
      servedKey.current = null;
      return;
    }
    if (servedKey.current === appliedKey) return;
    servedKey.current = appliedKey;
    void loader.first(applied);
    // appliedKey stands for applied (and ready is read from it).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [appliedKey, started]);

  const setFilters = useCallback((patch: Partial<F>) => setFiltersState((f) => withFilters({ filters: f, page: 1, sort: null }, patch).filters), []);
  const setFilter = useCallback(<K extends keyof F & string>(name: K, value: F[K]) => {
    const patch: Partial<F> = {};
    patch[name] = value;
    setFilters(patch);
  }, [setFilters]);
  const reload = useCallback(() => (loaded.error ? loader.retry() : ready ? loader.first(applied) : Promise.resolve()), [loader, loaded.error, ready, applied]);

  const { rows, error, failed } = loaded;
  const shown = ready ? loaded : idleCursorList<R, F>();
  const status: CursorListStatus = !ready ? 'idle' : failed === 'first' ? 'error' : shown.rows === null ? 'loading' : shown.rows.length === 0 && !loaded.loading ? 'empty' : 'ready';
  return {
    rows: ready ? rows : null,
    status,
    filters,
    applied,
    shown: shown.shown,
    hasMore: shown.cursor !== null,
    loading: loaded.loading !== null,
    loadingMore: loaded.loading === 'more',
    error: ready ? error : null,
    failed: ready ? failed : null,
    setFilter,
    setFilters,
    more: loader.more,
    reload,
    tableProps: { lazy: true, paginator: false, rows: Math.max(rows?.length ?? 0, 1), first: 0, loading: loaded.loading === 'first', onPage: () => undefined, onSort: () => undefined },
  };
}
