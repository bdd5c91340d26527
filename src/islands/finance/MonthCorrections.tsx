import '../../lib/ui/prime';
import { useState } from 'react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { api } from '../../lib/http/client';
import { correctionListContract, correctionUndoContract, detailUpdateContract, type Correction } from '../../lib/finance/correction-contract';
import { AD_NETWORKS, OS_LABELS, STORES, UA_CHANNELS } from '../../lib/finance/model';
import { formatMoneyMicros } from '../../lib/numbers';
import { monthRange } from '../../lib/finance/month-range';
import { showToast } from '../../lib/ui/toast-store';
import { formatDateTime } from '../../lib/time/format';
import type { ListColumn } from '../../lib/ui/list/columns';
import { useResourceList } from '../../lib/ui/list/use-resource-list';
import { ListTable } from '../common/ListTable';

type Kind = 'ads' | 'iap' | 'cost';
const NAMES: Record<Kind, readonly string[]> = { ads: AD_NETWORKS, iap: Object.values(STORES), cost: UA_CHANNELS };
const KIND_LABEL: Record<Kind, string> = { ads: 'Ad revenue', iap: 'IAP (gross)', cost: 'UA cost' };

const COLUMNS: ListColumn<Correction>[] = [
  { key: 'day', header: 'Day' },
  { key: 'os', header: 'OS', text: (c) => OS_LABELS[c.os] ?? c.os },
  { key: 'kind', header: 'Kind', text: (c) => KIND_LABEL[c.kind] },
  { key: 'name', header: 'Network / store / channel' },
  { key: 'imported', header: 'Imported', text: (c) => formatMoneyMicros(c.imported, c.currency) },
  { key: 'corrected', header: 'Corrected', text: (c) => formatMoneyMicros(c.corrected, c.currency) },
  { key: 'difference', header: 'Difference', text: (c) => formatMoneyMicros(c.difference, c.currency) },
  { key: 'reason', header: 'Reason' },
  { key: 'createdBy', header: 'By', text: (c) => `${c.createdBy} · ${formatDateTime(c.createdAt)}`, body: (c) => <span title={formatDateTime(c.createdAt)}>{c.createdBy} · {formatDateTime(c.createdAt)}</span> },
];

/**
 * The corrections of one app's month (Report Month): each with the imported figure it replaces, the
 * corrected one and the difference, who entered it, when and why; undo; and the form to enter one. A closed
 * month shows them read-only (the server refuses changes anyway).
 */
export function MonthCorrections({ month, appId, closed, onChanged }: { month: string; appId: string; closed: boolean; onChanged: () => void }) {
  // The month's corrections, all at once (a month holds few); asked again when the month or the app changes.
  const list = useResourceList<Correction, Record<string, never>>({
    filters: {},
    url: false,
    serverPaged: false,
    pageSize: 100,
    depends: `${month}|${appId}`,
    load: async () => ({ data: (await api(correctionListContract, { ...monthRange(month), appId })).data }),
  });
  const [form, setForm] = useState({ day: `${month}-01`, os: '1', kind: 'ads' as Kind, name: AD_NETWORKS[0] as string, amount: '', currency: 'USD', reason: '' });
  const [busy, setBusy] = useState(false);

  const save = async () => {
    setBusy(true);
    try {
      await api(detailUpdateContract, { appId, day: form.day, os: Number(form.os) as 1 | 2 | 3, kind: form.kind, name: form.name, amount: Number(form.amount), currency: form.currency, reason: form.reason });
      showToast('success', 'Correction saved');
      setForm({ ...form, amount: '', reason: '' });
      await list.reload();
      onChanged();
    } finally {
      setBusy(false);
    }
  };
  const undo = async (c: Correction) => {
    await api(correctionUndoContract, { appId, day: c.day, os: c.os as 1 | 2 | 3, kind: c.kind, name: c.name, currency: c.currency });
    showToast('success', 'Correction undone: the imported figure counts again');
    await list.reload();
    onChanged();
  };

  return (
    <div className="finance-corrections">
      <ListTable
        list={list}
        columns={COLUMNS}
        label="Corrections of the month"
        tableLabel="Corrections"
        what="The corrections"
        loadingMessage="Loading the corrections…"
        emptyMessage={`No correction in ${month}.`}
        after={<Column header="" body={(c: Correction) => !closed && <Button text size="small" label="Undo" aria-label={`Undo the correction of ${c.name} on ${c.day}`} onClick={() => void undo(c)} />} />}
      />
      {closed ? (
        <p className="muted">{month} is closed: reopen it to correct its figures.</p>
      ) : (
        <div className="finance-form finance-correction-form">
          <label>
            Day
            <input className="p-inputtext" type="date" min={monthRange(month).from} max={monthRange(month).to} value={form.day} onChange={(e) => setForm({ ...form, day: e.target.value })} />
          </label>
          <label>
            OS
            <select className="p-inputtext" value={form.os} onChange={(e) => setForm({ ...form, os: e.target.value })}>
              {Object.entries(OS_LABELS).map(([v, l]) => <option key={v} value={v}>{l}</option>)}
            </select>
          </label>
          <label>
            Kind
            <select className="p-inputtext" value={form.kind} onChange={(e) => setForm({ ...form, kind: e.target.value as Kind, name: NAMES[e.target.value as Kind][0]! })}>
              {(Object.keys(KIND_LABEL) as Kind[]).map((k) => <option key={k} value={k}>{KIND_LABEL[k]}</option>)}
            </select>
          </label>
          <label>
            Network / store / channel
            <select className="p-inputtext" value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })}>
              {NAMES[form.kind].map((n) => <option key={n} value={n}>{n}</option>)}
            </select>
          </label>
          <label>
            Corrected amount
            <input className="p-inputtext" inputMode="decimal" value={form.amount} onChange={(e) => setForm({ ...form, amount: e.target.value })} />
          </label>
          <label>
            Currency
            <input className="p-inputtext" value={form.currency} maxLength={3} onChange={(e) => setForm({ ...form, currency: e.target.value.toUpperCase() })} />
          </label>
          <label>
            Reason
            <input className="p-inputtext" value={form.reason} onChange={(e) => setForm({ ...form, reason: e.target.value })} />
          </label>
          <Button label="Save correction" loading={busy} disabled={!form.amount || !form.reason.trim()} onClick={() => void save()} />
        </div>
      )}
    </div>
  );
}
