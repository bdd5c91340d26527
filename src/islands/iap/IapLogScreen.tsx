import '../../lib/ui/prime';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import type { AppScope } from '../../lib/apps/store';
import { toSearchParams } from '../../lib/contract';
import { api } from '../../lib/http/client';
import {
  CATALOGUE_STATES, IAP_REQUEST_RESULTS, IAP_STATUSES, IAP_STORE_LABELS, IAP_STORES, iapLogContract, iapLogExportContract, requestLogContract, type IapLogRow, type RequestLogRow,
} from '../../lib/iap/contract';
import { formatDateTime } from '../../lib/time/format';
import AppAutocomplete from '../../lib/apps/filters/AppAutocomplete';
import DateRangePicker from '../../lib/ui/filters/DateRangePicker';
import { parseRange } from '../../lib/ui/filters/date-range';
import Field from '../../lib/ui/filters/Field';
import type { ListColumn } from '../../lib/ui/list/columns';
import { useResourceList } from '../../lib/ui/list/use-resource-list';
import { ListTable, type ListView } from '../common/ListTable';
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

type Filters = { app: string; appName: string; status: string; store: string; catalogue: string; from: string; to: string; userId: string; transactionId: string };

/** The request (and the export's query) of the filters: blanks left out, a range only when both ends are days. */
function queryOf(f: Filters) {
  const range = parseRange(f.from, f.to);
  return { appIds: f.app ? [f.app] : undefined, from: range?.from, to: range?.to, userId: f.userId.trim() || undefined, transactionId: f.transactionId.trim() || undefined };
}
const purchaseQuery = (f: Filters) => ({ ...queryOf(f), status: oneOf(IAP_STATUSES, f.status), store: oneOf(IAP_STORES, f.store), catalogue: oneOf(CATALOGUE_STATES, f.catalogue) });
const requestQuery = (f: Filters) => ({ ...queryOf(f), result: oneOf(IAP_REQUEST_RESULTS, f.status) });
/** A choice from the URL: one of the values, else none (a hand-edited link does not make the request fail). */
function oneOf<T extends string>(values: readonly T[], raw: string): T | undefined {
  return values.find((v) => v === raw);
}

const PURCHASE_COLUMNS: ListColumn<IapLogRow>[] = [
  { key: 'createdAt', header: 'Received (UTC+7)', className: 'date-time', text: (r) => formatDateTime(r.createdAt) },
  { key: 'appId', header: 'App' },
  { key: 'store', header: 'Store', text: (r) => storeLabel(r.store) },
  { key: 'productId', header: 'Product', body: productCell },
  { key: 'transactionId', header: 'Transaction id', body: (r) => <code>{r.transactionId}</code> },
  { key: 'userId', header: 'User id', body: (r) => <code>{r.userId || '—'}</code> },
  { key: 'status', header: 'Status', body: (r) => statusTag(r.status) },
  { key: 'reason', header: 'Reason', className: 'iap-reason', text: (r) => r.reason || '—' },
  { key: 'source', header: 'From', text: (r) => (r.source === 'sdk' ? 'Game' : 'Staff') },
  { key: 'price', header: 'Price', body: priceCell },
  { key: 'reward', header: 'Reward', className: 'iap-reason', text: (r) => r.reward || '—' },
  { key: 'attempts', header: 'Store requests', className: 'num' },
];

const REQUEST_COLUMNS: ListColumn<RequestLogRow>[] = [
  { key: 'at', header: 'Time (UTC+7)', className: 'date-time', text: (r) => formatDateTime(r.at) },
  { key: 'appId', header: 'App' },
  { key: 'store', header: 'Store', text: (r) => storeLabel(r.store) },
  { key: 'transactionId', header: 'Transaction id', body: (r) => <code>{r.transactionId}</code> },
  { key: 'userId', header: 'User id', body: (r) => <code>{r.userId || '—'}</code> },
  { key: 'result', header: 'Result', body: (r) => statusTag(r.result) },
  { key: 'httpStatus', header: 'HTTP', className: 'num', text: (r) => r.httpStatus ?? 'no answer' },
  { key: 'latencyMs', header: 'Latency', className: 'num', text: (r) => `${r.latencyMs} ms` },
  {
    key: 'exchange',
    header: 'Exchange',
    noExport: true,
    body: (r) => (
      <details className="iap-exchange">
        <summary>{(r.request as { method?: string }).method} request and answer</summary>
        <pre>{JSON.stringify(r.request, null, 2)}</pre>
        <pre>{JSON.stringify(r.response, null, 2)}</pre>
      </details>
    ),
  },
];

/**
 * The IAP logs: every purchase with its verification status, or every request made to a store, across the
 * apps the account may see, newest first, filtered by app, status/result, store, days, user and transaction.
 */
export default function IapLogScreen({ mode, account, canExport }: IapLogScreenProps) {
  const list = useResourceList<IapLogRow | RequestLogRow, Filters>({
    filters: { app: '', appName: '', status: '', store: '', catalogue: '', from: '', to: '', userId: '', transactionId: '' },
    typed: ['userId', 'transactionId'],
    pageSize: PAGE_SIZE,
    depends: mode,
    load: ({ filters, page, limit }) =>
      mode === 'purchases' ? api(iapLogContract, { ...purchaseQuery(filters), page, limit }) : api(requestLogContract, { ...requestQuery(filters), page, limit }),
  });
  const { filters, setFilter, setFilters } = list;
  const rows = list.rows ?? [];
  const app = filters.app ? { id: filters.app, value: filters.appName || filters.app } : null;
  const range = parseRange(filters.from, filters.to);
  const exportHref = (format: 'csv' | 'xlsx') => `${iapLogExportContract.path}?${toSearchParams({ ...purchaseQuery(list.applied.filters), format }).toString()}`;

  return (
    <section className="card iap-log">
      <p className="hint">
        {mode === 'purchases'
          ? 'Every purchase sent for verification, from games and staff: verified, refused (with the store\u2019s reason), pending (the store did not answer; asked again) or a duplicate transaction.'
          : 'Every request the console made to Google Play or the App Store: what it asked (credentials left out), what the store answered and how long it took.'}
      </p>
      <div className="toolbar report-filters" role="search" aria-label={mode === 'purchases' ? 'IAP log filters' : 'IAP request log filters'}>
        <Field label="App">
          <AppAutocomplete account={account} value={app} onChange={(a) => setFilters({ app: a?.id ?? '', appName: a?.value ?? '' })} placeholder="All apps" />
        </Field>
        <Field label={mode === 'purchases' ? 'Status' : 'Result'}>
          <Dropdown value={filters.status || null} options={options(mode === 'purchases' ? IAP_STATUSES : IAP_REQUEST_RESULTS)} onChange={(e) => setFilter('status', e.value ?? '')} placeholder="Any" showClear aria-label={mode === 'purchases' ? 'Status' : 'Result'} />
        </Field>
        {mode === 'purchases' && (
          <Field label="Store">
            <Dropdown value={filters.store || null} options={IAP_STORES.map((s) => ({ label: IAP_STORE_LABELS[s], value: s }))} onChange={(e) => setFilter('store', e.value ?? '')} placeholder="Any" showClear aria-label="Store" />
          </Field>
        )}
        {mode === 'purchases' && (
          <Field label="Catalogue">
            <Dropdown value={filters.catalogue || null} options={CATALOGUE_STATES.map((c) => ({ label: c === 'unknown' ? 'Unknown product' : 'Listed product', value: c }))} onChange={(e) => setFilter('catalogue', e.value ?? '')} placeholder="Any" showClear aria-label="Catalogue" />
          </Field>
        )}
        <Field label="Days">
          <DateRangePicker value={range} onChange={(r) => setFilters({ from: r?.from ?? '', to: r?.to ?? '' })} clearable />
        </Field>
        <Field label="User id">
          <InputText value={filters.userId} onChange={(e) => setFilter('userId', e.target.value)} placeholder="Any player" aria-label="User id" spellCheck={false} />
        </Field>
        <Field label="Transaction id">
          <InputText value={filters.transactionId} onChange={(e) => setFilter('transactionId', e.target.value)} placeholder="Any transaction" aria-label="Transaction id" spellCheck={false} />
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
      {mode === 'purchases' ? (
        <ListTable list={list as ListView<IapLogRow>} columns={PURCHASE_COLUMNS} label="Purchases" what="The purchases" dataKey="id" emptyMessage="No purchase matches." />
      ) : (
        <ListTable list={list as ListView<RequestLogRow>} columns={REQUEST_COLUMNS} label="Store requests" what="The store requests" dataKey="id" emptyMessage="No store request matches." />
      )}
    </section>
  );
}
