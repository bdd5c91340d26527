import { useCallback, useEffect, useState } from 'react';
import { api } from '../../lib/http/client';
import { dataVersionContract, type BatchInfo } from '../../lib/finance/more-contract';
import type { FinanceSource } from '../../lib/finance/model';
import { formatDateTime } from '../../lib/time/format';
import { ScrollTable } from '../common/ScrollTable';
import { ProblemText } from '../common/ProblemText';
import { messageOf } from '../../lib/error-message';

/**
 * What every finance import screen shows the same way (Excel IAA and cost, Import Studio, AdMob): the
 * problems of a file by row and column, the error and success lines, and the import history of its source.
 */

export interface RowProblem {
  /** The file inside an archive (Import Studio's zip of App Store regions). */
  file?: string;
  row: number;
  column: string;
  message: string;
}

export function ImportProblems({ problems }: { problems: readonly RowProblem[] }) {
  return (
    <>
      <p className="import-error">{problems.length} problem(s): nothing will be imported until every row is good.</p>
      <ScrollTable label="Problems of the file" className="import-problems" headers={['Row', 'Column', 'Problem']}>
        {problems.map((p, i) => (
          <tr key={i}>
            <td>{p.file ? `${p.file}, row ${p.row}` : p.row}</td>
            <td>{p.column || '—'}</td>
            <td>{p.message}</td>
          </tr>
        ))}
      </ScrollTable>
    </>
  );
}

/** The error (announced) and the result line of an import. */
export function ImportOutcome({ error, done }: { error: string; done?: string }) {
  return (
    <>
      <ProblemText className="import-error" text={error} />
      {done && <p className="import-ok">{done}</p>}
    </>
  );
}

/** The last 20 batches of a source, and a reload to call after an import. */
export function useImportHistory(source: FinanceSource, onError: (message: string) => void) {
  const [history, setHistory] = useState<BatchInfo[] | null>(null);
  const reload = useCallback(async () => {
    try {
      setHistory((await api(dataVersionContract, { source, limit: 20 })).data);
    } catch (e) {
      setHistory([]);
      onError(messageOf(e));
    }
  }, [source, onError]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { history, reload };
}

export function ImportHistory({ history, what }: { history: readonly BatchInfo[] | null; what: string }) {
  return (
    <>
      <h2>Import history</h2>
      <ScrollTable label={`${what} import history`} className="import-problems" headers={['Batch', 'When', 'By', 'File', 'Summary', 'Current']}>
        {history === null ? (
          <tr>
            <td colSpan={6}>Loading…</td>
          </tr>
        ) : history.length === 0 ? (
          <tr>
            <td colSpan={6}>No {what} import yet.</td>
          </tr>
        ) : (
          history.map((b) => (
            <tr key={b.id}>
              <td>{b.id}</td>
              <td>{formatDateTime(b.createdAt)}</td>
              <td>{b.createdBy}</td>
              <td>{b.fileName || '—'}</td>
              <td>{b.summary}</td>
              <td>{b.current ? 'yes' : 'replaced'}</td>
            </tr>
          ))
        )}
      </ScrollTable>
    </>
  );
}
