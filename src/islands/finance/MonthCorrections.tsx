import '../../lib/ui/prime';
import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { api } from '../../lib/http/client';
import { correctionListContract, correctionUndoContract, detailUpdateContract, type Correction } from '../../lib/finance/correction-contract';
import { AD_NETWORKS, OS_LABELS, STORES, UA_CHANNELS } from '../../lib/finance/model';
import { formatMoneyMicros } from '../../lib/numbers';
import { monthRange } from '../../lib/finance/month-range';
import { showToast } from '../../lib/ui/toast-store';
import { formatDateTime } from '../../lib/time/format';

type Kind = 'ads' | 'iap' | 'cost';
const NAMES: Record<Kind, readonly string[]> = { ads: AD_NETWORKS, iap: Object.values(STORES), cost: UA_CHANNELS };
const KIND_LABEL: Record<Kind, string> = { ads: 'Ad revenue', iap: 'IAP (gross)', cost: 'UA cost' };

/**
 * The corrections of one app's month (Report Month): each with the imported figure it replaces, the
 * corrected one and the difference, who entered it, when and why; undo; and the form to enter one. A closed
 * month shows them read-only (the server refuses changes anyway).
 */
export function MonthCorrections({ month, appId, closed, onChanged }: { month: string; appId: string; closed: boolean; onChanged: () => void }) {
  const [list, setList] = useState<Correction[]>([]);
  const [form, setForm] = useState({ day: `${month}-01`, os: '1', kind: 'ads' as Kind, name: AD_NETWORKS[0] as string, amount: '', currency: 'USD', reason: '' });
  const [busy, setBusy] = useState(false);
  const load = async () => setList((await api(correctionListContract, { ...monthRange(month), appId })).data);
  useEffect(() => void load().catch(() => undefined), [month, appId]); // eslint-disable-line react-hooks/exhaustive-deps

  const save = async () => {
    setBusy(true);
    try {
      await api(detailUpdateContract, { appId, day: form.day, os: Number(form.os) as 1 | 2 | 3, kind: form.kind, name: form.name, amount: Number(form.amount), currency: form.currency, reason: form.reason });
      showToast('success', 'Correction saved');
      setForm({ ...form, amount: '', reason: '' });
      await load();
      onChanged();
    } finally {
      setBusy(false);
    }
  };
  const undo = async (c: Correction) => {
    await api(correctionUndoContract, { appId, day: c.day, os: c.os as 1 | 2 | 3, kind: c.kind, name: c.name, currency: c.currency });
    showToast('success', 'Correction undone: the imported figure counts again');
    await load();
    onChanged();
  };

  return (
    <div className="finance-corrections">
      <table className="finance-table" aria-label="Corrections">
        <thead>
          <tr>
            {['Day', 'OS', 'Kind', 'Network / store / channel', 'Imported', 'Corrected', 'Difference', 'Reason', 'By', ''].map((h) => (
              <th key={h} scope="col">{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {list.map((c) => (
            <tr key={`${c.day}|${c.os}|${c.kind}|${c.name}|${c.currency}`}>
              <td>{c.day}</td>
              <td>{OS_LABELS[c.os] ?? c.os}</td>
              <td>{KIND_LABEL[c.kind]}</td>
              <td>{c.name}</td>
              <td>{formatMoneyMicros(c.imported, c.currency)}</td>
              <td>{formatMoneyMicros(c.corrected, c.currency)}</td>
              <td>{formatMoneyMicros(c.difference, c.currency)}</td>
              <td>{c.reason}</td>
              <td title={formatDateTime(c.createdAt)}>{c.createdBy} · {formatDateTime(c.createdAt)}</td>
              <td>{!closed && <Button text size="small" label="Undo" aria-label={`Undo the correction of ${c.name} on ${c.day}`} onClick={() => void undo(c)} />}</td>
            </tr>
          ))}
          {list.length === 0 && (
            <tr>
              <td colSpan={10} className="muted">No correction in {month}.</td>
            </tr>
          )}
        </tbody>
      </table>
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
