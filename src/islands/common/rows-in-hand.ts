import type { ListView } from './ListTable';

/**
 * ListTable's view of rows already in hand, that came inside another answer (a player profile's purchases):
 * no request of their own, so no loading, error or paging — the answer they came in had those states.
 */
export function rowsInHand<R>(rows: R[]): ListView<R> {
  return {
    rows,
    error: null,
    loading: false,
    reload: () => Promise.resolve(),
    tableProps: { lazy: false, paginator: false, rows: Math.max(rows.length, 1), first: 0, loading: false, onPage: () => undefined, onSort: () => undefined },
  };
}
