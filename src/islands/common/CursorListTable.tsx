import '../../lib/ui/prime';
import { Button } from 'primereact/button';
import type { CursorList } from '../../lib/ui/list/use-cursor-list';
import { ListTable, type ListTableProps } from './ListTable';

export interface CursorListTableProps<R> extends Omit<ListTableProps<R>, 'list' | 'value'> {
  list: Pick<CursorList<R, never>, 'rows' | 'error' | 'failed' | 'loading' | 'loadingMore' | 'hasMore' | 'more' | 'reload' | 'tableProps'>;
  /** The button that asks the next page ("Older events"). */
  moreLabel: string;
}

/**
 * ListTable under the controller's cursor mode (src/lib/ui/list/use-cursor-list.ts): every row loaded so far,
 * then the button that asks the next page. A failed first page is the table's error with its Retry; a failed
 * next page keeps the rows (they are still the answer for the pages before) and says so under them, with a
 * Retry that asks the same page again.
 */
export function CursorListTable<R>({ list, moreLabel, what, ...table }: CursorListTableProps<R>) {
  const view = { rows: list.rows, error: list.failed === 'first' ? list.error : null, loading: list.loading, reload: list.reload, tableProps: list.tableProps };
  return (
    <>
      <ListTable list={view} what={what} {...table} />
      {list.rows && list.rows.length > 0 && list.failed === 'more' ? (
        <div className="list-error list-more-error" role="alert">
          <p>
            {moreLabel} could not be loaded: {list.error}
          </p>
          <Button type="button" label="Retry" icon="pi pi-refresh" size="small" loading={list.loadingMore} onClick={() => void list.reload()} />
        </div>
      ) : (
        list.rows &&
        list.rows.length > 0 &&
        list.hasMore && (
          <div className="list-more">
            <Button type="button" label={moreLabel} icon="pi pi-angle-down" outlined size="small" loading={list.loadingMore} disabled={list.loading && !list.loadingMore} onClick={() => void list.more()} />
          </div>
        )
      )}
    </>
  );
}
