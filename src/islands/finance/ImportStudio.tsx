import '../../lib/ui/prime';
import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { api } from '../../lib/http/client';
import { OS_LABELS } from '../../lib/finance/model';
import { importIapStudioContract, listAppOsContract } from '../../lib/finance/more-contract';
import { KIND_LABELS, readStoreReports, type AppCatalog, type StoreReport } from '../../lib/finance/store-reports';
import { STUDIO_HEADERS } from '../../lib/finance/studio-file';
import { unpack } from '../../lib/finance/unpack';
import { ZipRefused } from '../../lib/zip-budget';
import { showToast } from '../../lib/ui/toast-store';
import { useLatestGuard } from '../../lib/ui/list/use-latest-guard';
import { ImportHistory, ImportOutcome, ImportProblems, useImportHistory } from './ImportParts';
import { ScrollTable } from '../common/ScrollTable';
import './finance.css';
import { messageOf } from '../../lib/error-message';
import { formatMoney } from '../../lib/numbers';

const money = (n: number, currency: string) => formatMoney(n, currency);

/**
 * Import Studio: a month's IAP from the stores' own reports (Google Play's earnings report as its .zip or
 * .csv, App Store Connect's financial reports as .txt, .gz or a .zip of regions) or from the studio's
 * template, read in the browser and summed per app, OS and currency. Every problem names its file, row and
 * column before anything is sent; the import stores all rows or none and replaces the month's store
 * figures of the file's apps.
 */
export default function ImportStudio({ defaultMonth }: { defaultMonth: string }) {
  const [month, setMonth] = useState(defaultMonth);
  const [catalog, setCatalog] = useState<AppCatalog | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<StoreReport | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const history = useImportHistory('studio_iap');

  useEffect(() => {
    void (async () => {
      try {
        const apps = (await api(listAppOsContract, {})).data;
        setCatalog({ apps: new Set(apps.map((a) => a.appId)), packages: apps.flatMap((a) => a.packages.map((p) => ({ appId: a.appId, ...p }))) });
      } catch (e) {
        setError(messageOf(e));
      }
    })();
  }, []);

  const reading = useLatestGuard();
  // The month decides which transaction dates and fiscal periods belong, so the file is read again when it changes.
  useEffect(() => {
    setReport(null);
    setDone('');
    setError('');
    if (!file || !catalog) return;
    const isCurrent = reading.begin();
    void (async () => {
      try {
        const files = await unpack(file.name, new Uint8Array(await file.arrayBuffer()));
        if (isCurrent()) setReport(readStoreReports(files, catalog, month));
      } catch (e) {
        // A refused archive's message names the file already.
        if (isCurrent()) setError(e instanceof ZipRefused ? `${e.message}.` : `${file.name} ${messageOf(e)}.`);
      }
    })();
    return reading.cancel;
  }, [file, catalog, month, reading]);

  const commit = async () => {
    if (!report || !file) return;
    setBusy(true);
    setError('');
    try {
      const { data } = await api(importIapStudioContract, { month, fileName: file.name, rows: report.rows });
      setDone(`Imported ${report.rows.length} row(s) for ${month} as batch ${data.batchId} (data version ${data.dataVersion})${data.replaced ? `, replacing ${data.replaced} earlier row(s)` : ''}.`);
      showToast('success', `Imported store IAP for ${month}`);
      await history.reload();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  const ok = report && report.problems.length === 0 && report.rows.length > 0;
  return (
    <section className="card finance-import">
      <p className="muted">
        Choose the month and the stores' report as they hand it out: Google Play's earnings report (.zip or .csv) or App Store Connect's financial reports (.txt, .gz or a
        .zip of regions). Apps are matched by package name and bundle id. A summary in the studio's template works too: header row {STUDIO_HEADERS.join(', ')} (Net
        optional: gross less the store fee). Importing a month again replaces that month's store IAP of the file's apps.
      </p>
      <div className="toolbar">
        <label className="field">
          <span>Month</span>
          <input className="p-inputtext" type="month" value={month} onChange={(e) => setMonth(e.target.value)} aria-label="Month" />
        </label>
        <label className="field">
          <span>Store report (.zip, .csv, .txt, .gz)</span>
          <input
            className="p-inputtext"
            type="file"
            accept=".zip,.csv,.tsv,.txt,.gz,text/csv,text/tab-separated-values,application/zip,application/gzip"
            aria-label="Store report"
            disabled={!catalog}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </label>
        <Button label="Import" icon="pi pi-upload" disabled={!ok || busy || done !== ''} loading={busy} onClick={() => void commit()} />
      </div>
      <ImportOutcome error={error} done={done} />
      {report && file && !done && (
        <div className="import-preview" aria-live="polite">
          <p>
            <strong>{file.name}</strong> · {report.kinds.map((k) => KIND_LABELS[k]).join(', ')} · {month} · {report.lines} line(s) read · {report.rows.length} row(s) to import
          </p>
          {report.problems.length ? (
            <ImportProblems problems={report.problems} />
          ) : (
            <>
              <p className="import-ok">Every row is good: press Import to store them.</p>
              <ScrollTable label="Rows of the file" className="finance-table" headers={['App', 'OS', 'Gross', 'Net']}>
                {report.rows.map((r) => (
                  <tr key={`${r.appId}|${r.os}|${r.currency}`}>
                    <td>{r.appId}</td>
                    <td>{OS_LABELS[r.os]}</td>
                    <td>{money(r.gross, r.currency)}</td>
                    <td>{r.net === undefined ? 'gross − store fee' : money(r.net, r.currency)}</td>
                  </tr>
                ))}
              </ScrollTable>
            </>
          )}
        </div>
      )}
      <ImportHistory list={history} what="Store IAP" />
    </section>
  );
}
