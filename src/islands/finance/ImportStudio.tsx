import '../../lib/ui/prime';
import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { api } from '../../lib/http/client';
import { OS_LABELS } from '../../lib/finance/model';
import { dataVersionContract, importIapStudioContract, listAppOsContract, type BatchInfo } from '../../lib/finance/more-contract';
import { parseStudioFile, STUDIO_HEADERS, type StudioProblem, type StudioRow } from '../../lib/finance/studio-file';
import { formatDateTime } from '../../lib/time/format';
import { showToast } from '../../lib/ui/toast-store';
import './finance.css';

const money = (n: number, currency: string) => `${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;

/**
 * Import Studio: the stores' monthly IAP reports summed per app and platform (CSV/TSV, one row per app and OS)
 * for a month. The file is checked row by row before anything is sent (problems name row and column); the
 * import stores all rows or none and replaces the month's store figures of the file's apps.
 */
export default function ImportStudio({ defaultMonth }: { defaultMonth: string }) {
  const [month, setMonth] = useState(defaultMonth);
  const [apps, setApps] = useState<Set<string> | null>(null);
  const [fileName, setFileName] = useState('');
  const [parsed, setParsed] = useState<{ rows: StudioRow[]; problems: StudioProblem[] } | null>(null);
  const [history, setHistory] = useState<BatchInfo[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');

  const loadHistory = async () => setHistory((await api(dataVersionContract, { source: 'studio_iap', limit: 20 })).data);
  useEffect(() => {
    void (async () => {
      try {
        setApps(new Set((await api(listAppOsContract, {})).data.map((a) => a.appId)));
        await loadHistory();
      } catch (e) {
        setError(e instanceof Error ? e.message : String(e));
      }
    })();
  }, []);

  const choose = async (file: File | undefined) => {
    setParsed(null);
    setDone('');
    setError('');
    setFileName(file?.name ?? '');
    if (!file || !apps) return;
    if (!/\.(csv|tsv|txt)$/i.test(file.name)) return setError(`${file.name}: choose the report as a .csv or .tsv file.`);
    setParsed(parseStudioFile(await file.text(), apps));
  };

  const commit = async () => {
    if (!parsed) return;
    setBusy(true);
    setError('');
    try {
      const { data } = await api(importIapStudioContract, { month, rows: parsed.rows });
      const text = `Imported ${parsed.rows.length} row(s) for ${month} as batch ${data.batchId} (data version ${data.dataVersion})${data.replaced ? `, replacing ${data.replaced} earlier row(s)` : ''}.`;
      setDone(text);
      showToast('success', `Imported store IAP for ${month}`);
      await loadHistory();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const ok = parsed && parsed.problems.length === 0 && parsed.rows.length > 0;
  return (
    <section className="card finance-import">
      <p className="muted">
        One row per app and OS with the month's store totals: header row {STUDIO_HEADERS.join(', ')} (Net optional: gross less the store fee; Currency optional: USD).
        Importing a month again replaces that month's store IAP of the file's apps.
      </p>
      <div className="toolbar">
        <label className="field">
          <span>Month</span>
          <input className="p-inputtext" type="month" value={month} onChange={(e) => (setMonth(e.target.value), setDone(''))} aria-label="Month" />
        </label>
        <label className="field">
          <span>Store report (.csv, .tsv)</span>
          <input className="p-inputtext" type="file" accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values" aria-label="Store report" disabled={!apps} onChange={(e) => void choose(e.target.files?.[0])} />
        </label>
        <Button label="Import" icon="pi pi-upload" disabled={!ok || busy || done !== ''} loading={busy} onClick={() => void commit()} />
      </div>
      {error && (
        <p className="import-error" role="alert">
          {error}
        </p>
      )}
      {done && <p className="import-ok">{done}</p>}
      {parsed && !done && (
        <div className="import-preview" aria-live="polite">
          <p>
            <strong>{fileName}</strong> · {month} · {parsed.rows.length} good row(s)
          </p>
          {parsed.problems.length ? (
            <>
              <p className="import-error">{parsed.problems.length} problem(s): nothing will be imported until every row is good.</p>
              <div className="table-scroll" tabIndex={0} role="region" aria-label="Problems of the file">
                <table className="import-problems">
                  <thead>
                    <tr>
                      <th scope="col">Row</th>
                      <th scope="col">Column</th>
                      <th scope="col">Problem</th>
                    </tr>
                  </thead>
                  <tbody>
                    {parsed.problems.map((p, i) => (
                      <tr key={i}>
                        <td>{p.row}</td>
                        <td>{p.column || '—'}</td>
                        <td>{p.message}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          ) : (
            <>
              <p className="import-ok">Every row is good: press Import to store them.</p>
              <div className="table-scroll" tabIndex={0} role="region" aria-label="Rows of the file">
                <table className="finance-table">
                  <thead>
                    <tr>
                      <th scope="col">App</th>
                      <th scope="col">OS</th>
                      <th scope="col">Gross</th>
                      <th scope="col">Net</th>
                    </tr>
                  </thead>
                  <tbody>
                    {parsed.rows.map((r) => (
                      <tr key={`${r.appId}|${r.os}`}>
                        <td>{r.appId}</td>
                        <td>{OS_LABELS[r.os]}</td>
                        <td>{money(r.gross, r.currency)}</td>
                        <td>{r.net === undefined ? 'gross − store fee' : money(r.net, r.currency)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </div>
      )}
      <h2>Import history</h2>
      <div className="table-scroll" tabIndex={0} role="region" aria-label="Store IAP import history">
        <table className="import-problems">
          <thead>
            <tr>
              <th scope="col">Batch</th>
              <th scope="col">When</th>
              <th scope="col">By</th>
              <th scope="col">Summary</th>
              <th scope="col">Current</th>
            </tr>
          </thead>
          <tbody>
            {history.length === 0 ? (
              <tr>
                <td colSpan={5}>No store IAP import yet.</td>
              </tr>
            ) : (
              history.map((b) => (
                <tr key={b.id}>
                  <td>{b.id}</td>
                  <td>{formatDateTime(b.createdAt)}</td>
                  <td>{b.createdBy}</td>
                  <td>{b.summary}</td>
                  <td>{b.current ? 'yes' : 'replaced'}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
