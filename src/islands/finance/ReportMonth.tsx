import { formatUsdMicros } from '../../lib/numbers';
import '../../lib/ui/prime';
import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { api } from '../../lib/http/client';
import { commentActionContract, commentGetContract, dataMonthContract, monthCloseContract, noteActionContract, updateDataMonthContract, type MonthReport, type MonthRow } from '../../lib/finance/month-contract';
import { MonthCorrections } from './MonthCorrections';
import { REVENUE_FROM_FINANCE, REVENUE_FROM_SDK } from '../../lib/finance/sources';
import { showToast } from '../../lib/ui/toast-store';
import { formatDateTime } from '../../lib/time/format';
import { ScrollTable } from '../common/ScrollTable';
import './finance.css';

const usd = (micros: number) => formatUsdMicros(micros);
const adjustLabel = (r: MonthRow) => (r.revenueAdjustment || r.costAdjustment ? `${usd(r.revenueAdjustment)} / ${usd(r.costAdjustment)}` : 'Adjust');
type Comment = Awaited<ReturnType<typeof loadComments>>[number];
const loadComments = async (month: string, appId: string) => (await api(commentGetContract, { month, appId })).data;

/** Report Month: month × app × team, with finance's adjustments, comments, the month's note and the Excel export. */
export default function ReportMonth({ defaultMonth, canExport, canClose }: { defaultMonth: string; canExport: boolean; canClose: boolean }) {
  const [month, setMonth] = useState(defaultMonth);
  const [report, setReport] = useState<MonthReport | null>(null);
  const [editing, setEditing] = useState<MonthRow | null>(null);
  const [form, setForm] = useState({ revenue: '0', cost: '0', reason: '' });
  const [commentsOf, setCommentsOf] = useState<MonthRow | null>(null);
  const [comments, setComments] = useState<Comment[]>([]);
  const [draft, setDraft] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [correctionsOf, setCorrectionsOf] = useState<MonthRow | null>(null);

  const load = async () => {
    const { data } = await api(dataMonthContract, { month });
    setReport(data);
    setNote(data.note);
  };
  useEffect(() => void load().catch(() => undefined), [month]); // eslint-disable-line react-hooks/exhaustive-deps

  const saveAdjustment = async () => {
    if (!editing) return;
    setBusy(true);
    try {
      await api(updateDataMonthContract, { month, appId: editing.appId, revenueAdjustment: form.revenue || '0', costAdjustment: form.cost || '0', reason: form.reason });
      showToast('success', 'update successfully !');
      setEditing(null);
      await load();
    } finally {
      setBusy(false);
    }
  };
  const openComments = async (row: MonthRow) => {
    setCommentsOf(row);
    setDraft('');
    setComments(await loadComments(month, row.appId));
  };
  const addComment = async () => {
    if (!commentsOf || !draft.trim()) return;
    await api(commentActionContract, { action: 'create', month, appId: commentsOf.appId, body: draft });
    setDraft('');
    setComments(await loadComments(month, commentsOf.appId));
    await load();
  };
  const saveNote = async () => {
    await api(noteActionContract, { month, body: note });
    showToast('success', 'update successfully !');
  };
  const setClosed = async (closed: boolean) => {
    await api(monthCloseContract, { month, closed });
    showToast('success', closed ? `${month} closed: its figures can no longer change` : `${month} reopened`);
    await load();
  };
  const exportExcel = async () => {
    const response = await fetch('/api/reportSystem/dataMonthExcel', { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ month }) });
    if (!response.ok) return showToast('error', 'Export failed', (await response.json().catch(() => ({}))).message ?? '');
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = `finance-report-${month}.xlsx`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <section className="card finance-month">
      <div className="toolbar">
        <label className="field">
          <span>Month</span>
          <input className="p-inputtext" type="month" value={month} onChange={(e) => e.target.value && setMonth(e.target.value)} aria-label="Month" />
        </label>
        {canExport && <Button label="Export Excel" icon="pi pi-file-excel" outlined onClick={() => void exportExcel()} />}
        {report && (
          <span className="status" role="status">
            {report.closed ? `Closed by ${report.closed.closedBy} on ${formatDateTime(report.closed.closedAt)}: imports and corrections are refused` : 'Open: imports and corrections change its figures'}
          </span>
        )}
        {report && canClose && (
          <Button
            label={report.closed ? 'Reopen month' : 'Close month'}
            icon={report.closed ? 'pi pi-lock-open' : 'pi pi-lock'}
            severity={report.closed ? 'secondary' : undefined}
            outlined
            onClick={() => void setClosed(!report.closed)}
          />
        )}
      </div>
      {report && (
        <ScrollTable label="Month report" className="finance-table" headers={['Team', 'App', 'Ad revenue', 'IAP net', 'Revenue', 'Cost', 'Profit', 'Adjustment', 'Corrections', 'Comments']}>
          <tr className="total">
            <th scope="row" colSpan={2}>Total</th>
            <td>{usd(report.total.adRevenue)}</td>
            <td>{usd(report.total.iapNet)}</td>
            <td>{usd(report.total.revenue)}</td>
            <td>{usd(report.total.cost)}</td>
            <td>{usd(report.total.profit)}</td>
            <td colSpan={3} />
          </tr>
          {report.teams.map((t) => (
            <tr key={t.key} className="subtotal">
              <th scope="row" colSpan={2}>{t.key}</th>
              <td>{usd(t.adRevenue)}</td>
              <td>{usd(t.iapNet)}</td>
              <td>{usd(t.revenue)}</td>
              <td>{usd(t.cost)}</td>
              <td>{usd(t.profit)}</td>
              <td colSpan={3} />
            </tr>
          ))}
          {report.rows.map((r) => (
            <tr key={r.appId}>
              <td>{r.team}</td>
              <td>{r.name}</td>
              <td>{usd(r.adRevenue)}</td>
              <td>{usd(r.iapNet)}</td>
              <td>{usd(r.revenue)}</td>
              <td>{usd(r.cost)}</td>
              <td>{usd(r.profit)}</td>
              <td>
                <Button
                  text
                  size="small"
                  label={adjustLabel(r)}
                  // The accessible name starts with the visible text (axe: label-content-name-mismatch).
                  aria-label={`${adjustLabel(r)}: adjust ${r.name}`}
                  title={r.reason}
                  onClick={() => (setEditing(r), setForm({ revenue: String(r.revenueAdjustment / 1e6), cost: String(r.costAdjustment / 1e6), reason: r.reason }))}
                />
              </td>
              <td>
                <Button text size="small" label="Corrections" aria-label={`Corrections of ${r.name}`} onClick={() => setCorrectionsOf(r)} />
              </td>
              <td>
                <Button text size="small" label={String(r.comments)} icon="pi pi-comment" aria-label={`${r.comments} comment(s) on ${r.name}`} onClick={() => void openComments(r)} />
              </td>
            </tr>
          ))}
        </ScrollTable>
      )}
      <p className="muted">Revenue {REVENUE_FROM_FINANCE}; the dashboard and Main Data show revenue {REVENUE_FROM_SDK}.</p>
      {report && report.rows.length === 0 && <p className="muted">No app of your finance permission is in the monthly report.</p>}
      <div className="finance-note">
        <label htmlFor="finance-note">Note of {month}</label>
        <textarea id="finance-note" className="p-inputtext" rows={3} value={note} onChange={(e) => setNote(e.target.value)} />
        <Button label="Save note" size="small" outlined onClick={() => void saveNote()} />
      </div>
      <Dialog header={editing ? `Adjust ${editing.name} (${month})` : ''} visible={!!editing} onHide={() => setEditing(null)} style={{ width: 'min(30rem, 95vw)' }}>
        <div className="finance-form">
          <label>
            Revenue adjustment (USD)
            <input className="p-inputtext" inputMode="decimal" value={form.revenue} onChange={(e) => setForm({ ...form, revenue: e.target.value })} />
          </label>
          <label>
            Cost adjustment (USD)
            <input className="p-inputtext" inputMode="decimal" value={form.cost} onChange={(e) => setForm({ ...form, cost: e.target.value })} />
          </label>
          <label>
            Reason
            <input className="p-inputtext" value={form.reason} onChange={(e) => setForm({ ...form, reason: e.target.value })} />
          </label>
          <Button label="Save" loading={busy} onClick={() => void saveAdjustment()} />
        </div>
      </Dialog>
      <Dialog header={correctionsOf ? `Corrections of ${correctionsOf.name} (${month})` : ''} visible={!!correctionsOf} onHide={() => setCorrectionsOf(null)} style={{ width: 'min(70rem, 98vw)' }}>
        {correctionsOf && <MonthCorrections month={month} appId={correctionsOf.appId} closed={!!report?.closed} onChanged={() => void load()} />}
      </Dialog>
      <Dialog header={commentsOf ? `Comments on ${commentsOf.name} (${month})` : ''} visible={!!commentsOf} onHide={() => setCommentsOf(null)} style={{ width: 'min(34rem, 95vw)' }}>
        <ul className="finance-comments">
          {comments.map((c) => (
            <li key={c.id}>
              <strong>{c.createdBy}</strong> · {formatDateTime(c.createdAt)}
              <p>{c.body}</p>
            </li>
          ))}
          {comments.length === 0 && <li className="muted">No comment yet.</li>}
        </ul>
        <div className="finance-form">
          <textarea className="p-inputtext" rows={2} value={draft} onChange={(e) => setDraft(e.target.value)} aria-label="New comment" />
          <Button label="Add comment" size="small" onClick={() => void addComment()} />
        </div>
      </Dialog>
    </section>
  );
}
