import '../../lib/ui/prime';
import './tools.css';
import { useMemo, useState } from 'react';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { parseJsonArray } from '../../lib/tools/excel-json';
import { excelWorker } from '../../lib/tools/excel-messages';
import { showToast } from '../../lib/ui/toast-store';
import { downloadBlob, stem } from './download';
import { ProblemText } from '../common/ProblemText';
import { useTask } from '../../lib/ui/use-task';

/**
 * Json To Excel: paste or open a JSON array of objects and download an .xlsx; columns are the union of the
 * keys, nested values get dotted names ("player.level"), ISO instants become date cells. All in this browser.
 */
export default function JsonToExcel() {
  const worker = useMemo(() => excelWorker(), []);
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState('data.json');
  const { busy, problem, run } = useTask();
  // Not JSON, or not an array of objects: parseJsonArray's message says which, as the worker's does for the workbook.
  const convert = () =>
    run(async () => {
      const items = parseJsonArray(text);
      const answer = await worker.ask({ type: 'toXlsx', items, sheetName: 'Sheet1' });
      downloadBlob(answer.buffer, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', `${stem(fileName)}.xlsx`);
      showToast('success', `Excel file with ${answer.rows} row(s) and ${answer.columns} column(s) downloaded`);
    });
  return (
    <section className="card tools-excel">
      <p className="muted">Paste a JSON array of objects or open a .json file. It is converted in this browser; nothing is uploaded.</p>
      <div className="toolbar">
        <input
          type="file"
          accept=".json,application/json"
          aria-label="JSON file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            setFileName(file.name);
            void file.text().then(setText);
          }}
        />
        <Button label="Download Excel" icon="pi pi-download" loading={busy} disabled={!text.trim()} onClick={() => void convert()} />
      </div>
      <InputTextarea value={text} onChange={(e) => setText(e.target.value)} rows={16} className="tools-json-input" aria-label="JSON" placeholder='[{"name": "Ana", "level": 12, "vip": true}]' />
      <ProblemText className="tools-error" text={problem} />
    </section>
  );
}
