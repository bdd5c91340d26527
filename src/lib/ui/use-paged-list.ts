import { useCallback, useEffect, useState } from 'react';
import type { DataTableStateEvent } from 'primereact/datatable';

/**
 * Server-side paging for the admin tables: keeps page, rows, total and loading, goes back to page 1 when
 * the filters change, and gives the DataTable its lazy-paging props.
 */
export function usePagedList<T>(fetchPage: (page: number, limit: number) => Promise<{ data: T[]; totalRecord?: number }>, filterKey: string, pageSize: number) {
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  useEffect(() => setPage(1), [filterKey]);
  const reload = useCallback(async () => {
    setLoading(true);
    try {
      const body = await fetchPage(page, pageSize);
      setRows(body.data);
      setTotal(body.totalRecord ?? 0);
    } catch {
      // The shared client already showed the error toast; keep the rows shown.
    } finally {
      setLoading(false);
    }
  }, [fetchPage, page, pageSize]);
  useEffect(() => void reload(), [reload]);
  return {
    rows,
    reload,
    tableProps: {
      lazy: true,
      loading,
      paginator: true,
      rows: pageSize,
      first: (page - 1) * pageSize,
      totalRecords: total,
      onPage: (e: DataTableStateEvent) => setPage((e.page ?? 0) + 1),
    },
  };
}
