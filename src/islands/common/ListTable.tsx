import '../../lib/ui/prime';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTableExpandedRows, type DataTableRowToggleEvent, type DataTableValueArray } from 'primereact/datatable';
import type { ReactNode } from 'react';
import { columnText, type ListColumn } from '../../lib/ui/list/columns';
import type { ResourceList } from '../../lib/ui/list/use-resource-list';
import { keptOnPhone, phoneTableClass, type PhoneLayout } from '../../lib/ui/phone-table';
import { TableScroll } from './TableScroll';
import './list-table.css';

export type ListView<R> = Pick<ResourceList<R, never>, 'rows' | 'error' | 'loading' | 'reload' | 'tableProps'>;

export interface ListTableProps<R> {
  list: ListView<R>;
  columns: readonly ListColumn<R>[];
  /** The scroll region's name for screen readers ("Purchases"). */
  label: string;
  /** A name for the table itself too, where a screen names its table rather than a region (a dialog's "Corrections"). */
  tableLabel?: string;
  /** A class of the table element (a screen's own cell styles). */
  tableClassName?: string;
  /**
   * Attributes of each row's element (the App Manager's `data-app-id`). Only for a lazy list, whose rows the
   * table draws in the order given: the table tells a row by its place alone.
   */
  rowAttributes?: (row: R) => Record<string, string>;
  /** What the rows are when the server answered none ("No purchase matches."). */
  emptyMessage: string;
  /** What is loading, shown in words before the first answer; without it the table's own spinner shows. */
  loadingMessage?: string;
  /** What could not be loaded, for the error line ("The purchases"). */
  what?: string;
  dataKey?: string;
  phone?: PhoneLayout;
  /** Rows to show instead of the list's (a client-side search over them). */
  value?: R[];
  /** Columns drawn before and after the described ones (an expander; the row actions). */
  before?: ReactNode;
  after?: ReactNode;
  /** A class of a row (a row marked for a reason). */
  rowClassName?: (row: R) => string | undefined;
  /** Rows that open to show more (the account log's before and after). */
  expansion?: { expandedRows: DataTableExpandedRows; onRowToggle: (e: DataTableRowToggleEvent) => void; template: (row: R) => ReactNode };
}

/**
 * The one table over the list controller (src/lib/ui/list/use-resource-list.ts): PrimeReact's DataTable in
 * the keyboard-scrollable TableScroll with the phone layout of the descriptors, and the controller's honest
 * states — the loading words before the first answer, the failure with a retry (never "no rows" for an
 * error), the empty message only when the server answered none.
 */
export function ListTable<R>({ list, columns, label, tableLabel, tableClassName, rowClassName, rowAttributes, emptyMessage, loadingMessage, what, dataKey, phone, value, before, after, expansion }: ListTableProps<R>) {
  if (list.error) {
    return (
      <div className="list-error" role="alert" data-testid="list-error">
        <p>
          {what ?? 'The list'} could not be loaded: {list.error}
        </p>
        <Button type="button" label="Retry" icon="pi pi-refresh" size="small" loading={list.loading} onClick={() => void list.reload()} />
      </div>
    );
  }
  if (list.rows === null && loadingMessage) {
    return (
      <p className="list-loading resource-loading" role="status">
        {loadingMessage}
      </p>
    );
  }
  const stacked = phone?.layout === 'stack';
  const shown = value ?? list.rows ?? [];
  const pt = {
    ...(tableLabel ? { table: { 'aria-label': tableLabel } } : {}),
    ...(rowAttributes && list.tableProps.lazy ? { bodyRow: ({ context }: { context: { index: number } }) => (shown[context.index] === undefined ? {} : rowAttributes(shown[context.index]!)) } : {}),
  };
  return (
    <TableScroll label={label} className={phoneTableClass(phone)}>
      <DataTable
        value={shown as DataTableValueArray}
        {...list.tableProps}
        // Rows narrowed in the browser page over what is shown.
        paginator={list.tableProps.lazy || !value ? list.tableProps.paginator : value.length > list.tableProps.rows}
        dataKey={dataKey}
        // Before the first answer the table is loading, not empty.
        emptyMessage={list.rows === null ? ' ' : emptyMessage}
        size="small"
        tableClassName={tableClassName}
        // The table hands back the rows it was given (value above): each is an R.
        rowClassName={rowClassName ? (row) => rowClassName(row as R) : undefined}
        pt={pt}
        expandedRows={expansion?.expandedRows}
        onRowToggle={expansion?.onRowToggle}
        // The table hands back the rows it was given (value above): each is an R.
        rowExpansionTemplate={expansion ? (row) => expansion.template(row as R) : undefined}
      >
        {before}
        {columns.map((c, index) => {
          const phoneHide = keptOnPhone(phone, { key: c.key, show: c.show }, index) ? '' : 'phone-hide';
          const cell = (row: R) => (c.body ? c.body(row) : (columnText(c, row) ?? '—'));
          return (
            <Column
              key={c.key}
              field={c.key}
              header={c.header}
              sortable={Boolean(c.sortable)}
              {...(typeof c.sortable === 'string' ? { sortField: c.sortable } : {})}
              headerClassName={[c.headerClassName ?? '', phoneHide].filter(Boolean).join(' ') || undefined}
              bodyClassName={[c.className ?? '', phoneHide].filter(Boolean).join(' ') || undefined}
              body={(row: R) =>
                stacked ? (
                  <>
                    {/* A stacked row's card names each value (the header row is hidden there). */}
                    <span className="phone-label">{c.header}</span>
                    <div className="phone-value">{cell(row)}</div>
                  </>
                ) : (
                  cell(row)
                )
              }
            />
          );
        })}
        {after}
      </DataTable>
    </TableScroll>
  );
}
