import '../../lib/ui/prime';
import { useCallback, useState } from 'react';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import type { AppScope, SelectedApp } from '../../lib/apps/store';
import { toSearchParams } from '../../lib/contract';
import { api } from '../../lib/http/client';
import {
  CATALOGUE_STATES, IAP_REQUEST_RESULTS, IAP_STATUSES, IAP_STORE_LABELS, IAP_STORES, iapLogContract, iapLogExportContract, requestLogContract, type IapLogRow, type RequestLogRow,
} from '../../lib/iap/contract';
import { formatDateTime } from '../../lib/time/format';
import AppAutocomplete from '../../lib/apps/filters/AppAutocomplete';
import DateRangePicker from '../../lib/ui/filters/DateRangePicker';
import type { DateRange } from '../../lib/ui/filters/date-range';
import Field from '../../lib/ui/filters/Field';
import { useDebounced } from '../../lib/ui/use-debounced';
import { usePagedList } from '../../lib/ui/use-paged-list';
import './iap.css';

export interface IapLogScreenProps {
  /** purchases: /statistic/iapLog; requests: /gsm/users/iap_request_log. */
  mode: 'purchases' | 'requests';
  account: AppScope;
  canExport: boolean;
}

const PAGE_SIZE = 50;
const SEVERITY = { verified: 'success', refused: 'danger', pending: 'warning', duplicate: 'info' } as const;
const storeLabel = (store: string) => IAP_STORE_LABELS[store as keyof typeof IAP_STORE_LABELS] ?? store;
const statusTag = (status: keyof typeof SEVERITY) => <Tag value={status} severity={SEVERITY[status]} />;
const options = (values: readonly string[]) => values.map((v) => ({ label: v, value: v }));
/** The product, its catalogue type, and a mark when the app's catalogue (Config Data → IAP Config) does not list it. */
const productCell = (r: IapLogRow) => (
  <>
    {r.productId}
    {r.productType && <span className="hint"> · {r.productType}</span>}
    {r.catalogue === 'unknown' && <Tag className="iap-unknown" value="not in catalogue" severity="warning" />}
  </>
);
const priceCell = (r: IapLogRow) =>
  r.price ? (
    <>
      {r.price}
      {r.priceUsd !== null && r.price.slice(-3) !== 'USD' && <span className="hint"> (${r.priceUsd.toFixed(2)})</span>}
      {r.priceFrom === 'catalogue' && <span className="hint" title="The store's answer carried no price: the catalogue's, at the day's rate"> · catalogue price</span>}
    </>
  ) : (
    '—'
  );

/**
 * The IAP logs: every purchase with its verification status, or every request made to a store, across the
 * apps the account may see, newest first, filtered by app, status/result, store, days, user and transaction.
 */
export default function IapLogScreen({ mode, account, canExport }: IapLogScreenProps) {
  const [app, setApp] = useState<SelectedApp | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [store, setStore] = useState<string | null>(null);
  const [catalogue, setCatalogue] = useState<string | null>(null);
  const [range, setRange] = useState<DateRange | null>(null);
  const [userId, setUserId] = useState('');
  const [transactionId, setTransactionId] = useState('');
  const typed = { userId: useDebounced(userId).trim(), transactionId: useDebounced(transactionId).trim() };
  const query = {
    appIds: app ? [app.id] : undefined,
    ...(mode === 'purchases' ? { status: status ?? undefined, store: store ?? undefined, catalogue: catalogue ?? undefined } : { result: status ?? undefined }),
    from: range?.from,
    to: range?.to,
    userId: typed.userId || undefined,
    transactionId: typed.transactionId || undefined,
  };
  const key = JSON.stringify(query);

  const fetchPage = useCallback(
    (page: number, limit: number) => {
      const q = JSON.parse(key) as Record<string, never>;
      return mode === 'purchases' ? api(iapLogContract, { ...q, page, limit }) : api(requestLogContract, { ...q, page, limit });
    },
    [key, mode],
  );
  const { rows, tableProps } = usePagedList<IapLogRow | RequestLogRow>(fetchPage, key, PAGE_SIZE);
  const exportHref = (format: 'csv' | 'xlsx') => `${iapLogExportContract.path}?${toSearchParams({ ...query, format }).toString()}`;

  return (
    <section className="card iap-log">
      <p className="hint">
        {mode === 'purchases'
          ? 'Every purchase sent for verification, from games and staff: verified, refused (with the store\u2019s reason), pending (the store did not answer; asked again) or a duplicate transaction.'
          : 'Every request the console made to Google Play or the App Store: what it asked (credentials left out), what the store answered and how long it took.'}
      </p>
      <div className="toolbar report-filters" role="search" aria-label={mode === 'purchases' ? 'IAP log filters' : 'IAP request log filters'}>
        <Field label="App">
          <AppAutocomplete account={account} value={app} onChange={setApp} placeholder="All apps" />
        </Field>
        <Field label={mode === 'purchases' ? 'Status' : 'Result'}>
          <Dropdown value={status} options={options(mode === 'purchases' ? IAP_STATUSES : IAP_REQUEST_RESULTS)} onChange={(e) => setStatus(e.value)} placeholder="Any" showClear aria-label={mode === 'purchases' ? 'Status' : 'Result'} />
        </Field>
        {mode === 'purchases' && (
          <Field label="Store">
            <Dropdown value={store} options={IAP_STORES.map((s) => ({ label: IAP_STORE_LABELS[s], value: s }))} onChange={(e) => setStore(e.value)} placeholder="Any" showClear aria-label="Store" />
          </Field>
        )}
        {mode === 'purchases' && (
          <Field label="Catalogue">
            <Dropdown value={catalogue} options={CATALOGUE_STATES.map((c) => ({ label: c === 'unknown' ? 'Unknown product' : 'Listed product', value: c }))} onChange={(e) => setCatalogue(e.value)} placeholder="Any" showClear aria-label="Catalogue" />
          </Field>
        )}
        <Field label="Days">
          <DateRangePicker value={range} onChange={setRange} clearable />
        </Field>
        <Field label="User id">
          <InputText value={userId} onChange={(e) => setUserId(e.target.value)} placeholder="Any player" aria-label="User id" spellCheck={false} />
        </Field>
        <Field label="Transaction id">
          <InputText value={transactionId} onChange={(e) => setTransactionId(e.target.value)} placeholder="Any transaction" aria-label="Transaction id" spellCheck={false} />
        </Field>
        <span className="toolbar-spacer" />
        {mode === 'purchases' && canExport && rows.length > 0 && (
          <div className="iap-export">
            <a className="p-button p-button-sm p-button-outlined" href={exportHref('csv')} download data-testid="export-csv">
              CSV
            </a>
            <a className="p-button p-button-sm p-button-outlined" href={exportHref('xlsx')} download data-testid="export-xlsx">
              Excel
            </a>
          </div>
        )}
      </div>
      <div className="table-scroll" tabIndex={0} role="region" aria-label={mode === 'purchases' ? 'Purchases' : 'Store requests'}>
        {mode === 'purchases' ? (
          <DataTable value={rows as IapLogRow[]} {...tableProps} dataKey="id" emptyMessage="No purchase matches." size="small">
            <Column bodyClassName="date-time" header="Received (UTC+7)" body={(r: IapLogRow) => formatDateTime(r.createdAt)} />
            <Column field="appId" header="App" />
            <Column header="Store" body={(r: IapLogRow) => storeLabel(r.store)} />
            <Column header="Product" body={productCell} />
            <Column header="Transaction id" body={(r: IapLogRow) => <code>{r.transactionId}</code>} />
            <Column header="User id" body={(r: IapLogRow) => <code>{r.userId || '—'}</code>} />
            <Column header="Status" body={(r: IapLogRow) => statusTag(r.status)} />
            <Column header="Reason" bodyClassName="iap-reason" body={(r: IapLogRow) => r.reason || '—'} />
            <Column header="From" body={(r: IapLogRow) => (r.source === 'sdk' ? 'Game' : 'Staff')} />
            <Column header="Price" body={priceCell} />
            <Column header="Reward" bodyClassName="iap-reason" body={(r: IapLogRow) => r.reward || '—'} />
            <Column header="Store requests" bodyClassName="num" body={(r: IapLogRow) => r.attempts} />
          </DataTable>
        ) : (
          <DataTable value={rows as RequestLogRow[]} {...tableProps} dataKey="id" emptyMessage="No store request matches." size="small">
            <Column bodyClassName="date-time" header="Time (UTC+7)" body={(r: RequestLogRow) => formatDateTime(r.at)} />
            <Column field="appId" header="App" />
            <Column header="Store" body={(r: RequestLogRow) => storeLabel(r.store)} />
            <Column header="Transaction id" body={(r: RequestLogRow) => <code>{r.transactionId}</code>} />
            <Column header="User id" body={(r: RequestLogRow) => <code>{r.userId || '—'}</code>} />
            <Column header="Result" body={(r: RequestLogRow) => statusTag(r.result)} />
            <Column header="HTTP" bodyClassName="num" body={(r: RequestLogRow) => r.httpStatus ?? 'no answer'} />
            <Column header="Latency" bodyClassName="num" body={(r: RequestLogRow) => `${r.latencyMs} ms`} />
            <Column
              header="Exchange"
              body={(r: RequestLogRow) => (
                <details className="iap-exchange">
                  <summary>{(r.request as { method?: string }).method} request and answer</summary>
                  <pre>{JSON.stringify(r.request, null, 2)}</pre>
                  <pre>{JSON.stringify(r.response, null, 2)}</pre>
                </details>
              )}
            />
          </DataTable>
        )}
      </div>
    </section>
  );
}
