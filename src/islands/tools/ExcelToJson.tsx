import '../../lib/ui/prime';
import './tools.css';
import { useMemo, useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import type { JsonRecord } from '../../lib/tools/excel-json';
import { excelWorker } from '../../lib/tools/excel-messages';
import { showToast } from '../../lib/ui/toast-store';
import { downloadBlob, stem } from './download';
import { ProblemText } from '../common/ProblemText';
import { useTask } from '../../lib/ui/use-task';

const PREVIEW_ROWS = 50;

/**
 * Excel To Json: open a workbook (read in a worker, in this browser only), pick a sheet and the header row,
 * preview, then copy or download the JSON. Numbers and booleans stay typed; dates become ISO strings.
 */
export default function ExcelToJson() {
  const worker = useMemo(() => excelWorker(), []);
  const [fileName, setFileName] = useState('');
  const [sheets, setSheets] = useState<Array<{ name: string; rows: number }>>([]);
  const [sheet, setSheet] = useState('');
  const [headerRow, setHeaderRow] = useState(1);
  const [result, setResult] = useState<{ columns: string[]; preview: JsonRecord[]; count: number; text: string } | null>(null);
  const { busy, problem, run } = useTask();
  const input = useRef<HTMLInputElement>(null);

  const convert = (name: string, row: number) =>
    run(async () => {
      const answer = await worker.ask({ type: 'toJson', sheet: name, headerRow: row, previewRows: PREVIEW_ROWS });
      setResult({ columns: answer.columns, preview: answer.preview, count: answer.count, text: answer.text });
    });
  const open = async (file: File) => {
    setResult(null);
    setSheets([]);
    setFileName(file.name);
    const opened = await run(async () => worker.ask({ type: 'open', buffer: await file.arrayBuffer(), fileName: file.name }));
    if (!opened) return;
    setSheets(opened.sheets);
    const first = opened.sheets[0]?.name ?? '';
    setSheet(first);
    setHeaderRow(1);
    if (first) await convert(first, 1);
  };
  const json = result?.text ?? '';

  return (
    <section className="card tools-excel">
      <p className="muted">The workbook is read in this browser; nothing is uploaded.</p>
      <div className="toolbar">
        <input
          ref={input}
          type="file"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          aria-label="Excel file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void open(file);
          }}
        />
        {sheets.length > 0 && (
          <>
        <Dropdown value={sheet} options={sheets.map((s) => ({ label: `${s.name} (${s.rows} rows)`, value: s.name }))} onChange={(e) => { setSheet(e.value); void convert(e.value, headerRow); }} placeholder="Sheet" aria-label="Sheet" />
        <label className="tools-inline">
          Header row
          <InputNumber value={headerRow} min={1} max={1_048_576} onValueChange={(e) => setHeaderRow(e.value ?? 1)} inputId="header-row" size={4} />
        </label>
          </>
        )}
        <Button label="Convert" icon="pi pi-sync" loading={busy} disabled={!sheet} onClick={() => void convert(sheet, headerRow)} />
      </div>
      <ProblemText className="tools-error" text={problem} />
      {result && (
        <>
          <div className="toolbar">
            <span data-testid="json-summary">
              {result.count} row(s), {result.columns.length} column(s) from {sheet}
            </span>
            <Button
              label="Copy JSON"
              icon="pi pi-copy"
              outlined
              onClick={() =>
                void navigator.clipboard.writeText(json).then(
                  () => showToast('success', 'JSON copied'),
                  () => showToast('warn', 'The browser did not allow copying; download the file instead.'),
                )
              }
            />
            <Button label="Download JSON" icon="pi pi-download" outlined onClick={() => downloadBlob(json, 'application/json', `${stem(fileName)}-${sheet}.json`)} />
          </div>
          <div className="table-scroll" tabIndex={0} role="region" aria-label="Preview">
            <table className="tools-preview">
              <thead>
                <tr>{result.columns.map((c) => <th key={c}>{c}</th>)}</tr>
              </thead>
              <tbody>
                {result.preview.map((r, i) => (
                  <tr key={i}>{result.columns.map((c) => <td key={c} className={`cell-${r[c] === null ? 'null' : typeof r[c]}`}>{r[c] === null ? '' : String(r[c])}</td>)}</tr>
                ))}
              </tbody>
            </table>
          </div>
          {result.count > PREVIEW_ROWS && <p className="muted">Showing the first {PREVIEW_ROWS} rows; the JSON holds all {result.count}.</p>}
          <details>
            <summary>JSON</summary>
            <pre className="tools-json" data-testid="json-output">{json.length > 200_000 ? `${json.slice(0, 200_000)}\n…` : json}</pre>
          </details>
        </>
      )}
    </section>
  );
}
