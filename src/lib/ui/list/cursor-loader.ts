import { messageOf } from '../../error-message';
import { latestGuard } from './stale-guard';

/** One answer of a list read by cursor: its rows, and where the next (older) page starts (null: no more). */
export interface CursorPage<R> {
  rows: R[];
  nextCursor: string | null;
}

/**
 * What a cursor list shows: null rows until the first answer; `shown` is the query those rows answer (a newer
 * query may be loading meanwhile); `cursor` where the next page starts. An error says which request failed:
 * the first page (nothing to show for the query) or the next one (the rows shown stay true, only more failed).
 */
export interface LoadedCursorList<R, Q> {
  rows: R[] | null;
  shown: Q | null;
  cursor: string | null;
  loading: 'first' | 'more' | null;
  error: string | null;
  failed: 'first' | 'more' | null;
}

export function idleCursorList<R, Q>(): LoadedCursorList<R, Q> {
  return { rows: null, shown: null, cursor: null, loading: null, error: null, failed: null };
}

export function initialCursorList<R, Q>(query: Q, initial: CursorPage<R> | null | undefined): LoadedCursorList<R, Q> {
  return initial ? { rows: initial.rows, shown: query, cursor: initial.nextCursor, loading: null, error: null, failed: null } : idleCursorList();
}

/**
 * The cursor mode of the list controller (use-cursor-list.ts wraps it; kept apart so its rules are tested
 * without a browser). `first` asks a query's first page and replaces the rows; `more` asks the page after the
 * last answer's cursor and appends it. Both go through the one stale guard: only the newest request's answer
 * (or failure) lands, so a next page still on its way when the filters change is dropped, never appended to
 * the new query's rows. `more` asks nothing while a new query's first page is loading: the cursor shown then
 * belongs to the old query.
 */
export function cursorLoader<R, Q>(
  load: (query: Q, cursor: string | null) => Promise<CursorPage<R>>,
  publish: (next: (prior: LoadedCursorList<R, Q>) => LoadedCursorList<R, Q>) => void,
  start: LoadedCursorList<R, Q> = idleCursorList(),
) {
  const guard = latestGuard();
  // The loader's own copy of what is shown and asked, so `more` and `retry` never read a stale render.
  let shown = { query: start.shown, cursor: start.cursor };
  let last: { query: Q; cursor: string | null } | null = null;
  let asking: 'first' | 'more' | null = null;

  async function run(query: Q, cursor: string | null): Promise<void> {
    const kind = cursor === null ? 'first' : 'more';
    last = { query, cursor };
    asking = kind;
    const isCurrent = guard.begin();
    publish((prior) => ({ ...prior, loading: kind }));
    try {
      const page = await load(query, cursor);
      if (!isCurrent()) return;
      asking = null;
      shown = { query, cursor: page.nextCursor };
      publish((prior) => ({ rows: kind === 'more' ? [...(prior.rows ?? []), ...page.rows] : page.rows, shown: query, cursor: page.nextCursor, loading: null, error: null, failed: null }));
    } catch (failure) {
      if (!isCurrent()) return;
      asking = null;
      // A failed first page shows no rows of the query; a failed next page keeps the rows shown before.
      publish((prior) => ({ ...prior, loading: null, error: messageOf(failure), failed: kind }));
    }
  }

  return {
    first: (query: Q) => run(query, null),
    more(): Promise<void> {
      if (asking === 'first' || shown.query === null || shown.cursor === null) return Promise.resolve();
      return run(shown.query, shown.cursor);
    },
    /** Asks again what failed last (the first page, or the next page from the same cursor). */
    retry: (): Promise<void> => (last ? run(last.query, last.cursor) : Promise.resolve()),
    /** Nothing to ask (the query is not complete): no rows, and nothing asked before lands. */
    clear() {
      guard.cancel();
      asking = null;
      last = null;
      shown = { query: null, cursor: null };
      publish(() => idleCursorList());
    },
    /** Nothing asked so far may land any more (the view went away). */
    cancel: () => guard.cancel(),
  };
}
