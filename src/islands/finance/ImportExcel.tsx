import '../../lib/ui/prime';
import { useState } from 'react';
import { Button } from 'primereact/button';
import { api } from '../../lib/http/client';
import { importCostContract, importIaaContract, type DuplicateChoice, type ImportAnswer, type ImportKind } from '../../lib/finance/import-contract';
import { showToast } from '../../lib/ui/toast-store';
import { formatUsdMicros } from '../../lib/numbers';
import { ImportHistory, ImportOutcome, ImportProblems, useImportHistory } from './ImportParts';
import './finance.css';
import { messageOf } from '../../lib/error-message';
import { formatCount } from '../../lib/numbers';

const CONTRACTS = { iaa: importIaaContract, cost: importCostContract } as const;
const NOUN = { iaa: 'ad revenue', cost: 'UA cost' } as const;
const usd = (micros: number) => formatUsdMicros(micros);

/** Reads a file as base64 (without the data: prefix). */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * An Excel import (ad revenue or UA cost): choose the month and the file, preview (every bad row and
 * column named, nothing stored), then import (all rows or none). The template is a download of the server.
 */
export default function ImportExcel({ kind, defaultMonth }: { kind: ImportKind; defaultMonth: string }) {
  const [month, setMonth] = useState(defaultMonth);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [duplicates, setDuplicates] = useState<DuplicateChoice>('refuse');
  const history = useImportHistory(kind === 'iaa' ? 'excel_iaa' : 'excel_cost');

  const send = async (commit: boolean) => {
    if (!file) return;
    setBusy(true);
    setError('');
    try {
      const { data } = await api(CONTRACTS[kind], { month, fileName: file.name, content: await base64Of(file), commit, duplicates });
      setPreview(data);
      if (data.committed) {
        showToast('success', `Imported ${data.rows} row(s) of ${NOUN[kind]} for ${data.month}`);
        await history.reload();
      }
    } catch (e) {
      setPreview(null);
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  const ok = preview && preview.problems.length === 0 && preview.rows > 0 && (preview.duplicates.length === 0 || duplicates !== 'refuse');
  return (
    <section className="card finance-import">
      <p className="muted">
        Fill the template (one row per day, app, OS and {kind === 'iaa' ? 'network' : 'channel and campaign'}), choose the month it covers, preview, then import.
        Importing a month again replaces that month's {NOUN[kind]} of the file's apps.
      </p>
      <div className="toolbar">
        <a className="p-button p-button-outlined" href={`/api/reportSystem/uploadExcel/${kind === 'iaa' ? 'importIAA' : 'importCost'}/template`} download>
          <i className="pi pi-download" aria-hidden="true" />&nbsp;Download template
        </a>
        <label className="field">
          <span>Month</span>
          <input className="p-inputtext" type="month" value={month} onChange={(e) => (setMonth(e.target.value), setPreview(null))} aria-label="Month" />
        </label>
        <label className="field">
          <span>Excel file (.xlsx)</span>
          <input
            className="p-inputtext"
            type="file"
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            aria-label="Excel file"
            onChange={(e) => (setFile(e.target.files?.[0] ?? null), setPreview(null), setError(''))}
          />
        </label>
        <Button label="Preview" icon="pi pi-eye" outlined disabled={!file || busy} loading={busy && !preview} onClick={() => void send(false)} />
        <Button label="Import" icon="pi pi-upload" disabled={!ok || busy || preview?.committed} onClick={() => void send(true)} />
      </div>
      <ImportOutcome error={error} />
      {preview && (
        <div className="import-preview" aria-live="polite">
          <p>
            <strong>{preview.fileName}</strong> · {preview.month} · {preview.rows} row(s) · {usd(preview.totalUsd)}
            {kind === 'cost' ? ` · ${formatCount(preview.installs)} installs` : ''} · apps: {preview.apps.join(', ') || '—'}
            {preview.replaces > 0 && !preview.committed ? ` · replaces ${preview.replaces} row(s) imported before` : ''}
          </p>
          {preview.committed ? (
            <p className="import-ok">
              Imported as batch {preview.batchId} (data version {preview.dataVersion}).
            </p>
          ) : preview.problems.length ? (
            <ImportProblems problems={preview.problems} />
          ) : preview.duplicates.length ? (
            <div className="import-duplicates">
              <p className="import-error">{preview.duplicates.length} row(s) repeat an earlier row of the file. Choose what they mean before importing:</p>
              <ul>
                {preview.duplicates.slice(0, 20).map((d) => <li key={d.row}>Row {d.row} repeats row {d.sameAs}</li>)}
              </ul>
              <label className="field">
                <span>Repeated rows</span>
                <select className="p-inputtext" value={duplicates} onChange={(e) => setDuplicates(e.target.value as DuplicateChoice)} aria-label="Repeated rows">
                  <option value="refuse">Choose…</option>
                  <option value="sum">Sum them (the file means both)</option>
                  <option value="skip">Skip the repeats (keep the first)</option>
                </select>
              </label>
            </div>
          ) : (
            <p className="import-ok">Every row is good: press Import to store them.</p>
          )}
        </div>
      )}
      <ImportHistory list={history} what={kind === 'iaa' ? 'Ad revenue' : 'UA cost'} />
    </section>
  );
}
