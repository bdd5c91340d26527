import { api } from '../../lib/http/client';
import { dataVersionContract, type BatchInfo } from '../../lib/finance/more-contract';
import type { FinanceSource } from '../../lib/finance/model';
import { formatDateTime } from '../../lib/time/format';
import { ScrollTable } from '../common/ScrollTable';
import { ListTable, type ListView } from '../common/ListTable';
import type { ListColumn } from '../../lib/ui/list/columns';
import { useResourceList } from '../../lib/ui/list/use-resource-list';
import { ProblemText } from '../common/ProblemText';

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

const HISTORY_COLUMNS: ListColumn<BatchInfo>[] = [
  { key: 'id', header: 'Batch' },
  { key: 'createdAt', header: 'When', className: 'date-time', text: (b) => formatDateTime(b.createdAt) },
  { key: 'createdBy', header: 'By' },
  { key: 'fileName', header: 'File', text: (b) => b.fileName || '—' },
  { key: 'summary', header: 'Summary' },
  { key: 'current', header: 'Current', text: (b) => (b.current ? 'yes' : 'replaced') },
];

/**
 * The last 20 batches of a source, on the list controller: the server answers them at once (no paging), the
 * screen's URL is not theirs (the import screen's own), and `reload` is called after an import.
 */
export function useImportHistory(source: FinanceSource) {
  return useResourceList<BatchInfo, Record<string, never>>({
    filters: {},
    url: false,
    serverPaged: false,
    pageSize: 20,
    depends: source,
    load: async () => ({ data: (await api(dataVersionContract, { source, limit: 20 })).data }),
  });
}

export function ImportHistory({ list, what }: { list: ListView<BatchInfo>; what: string }) {
  return (
    <>
      <h2>Import history</h2>
      <ListTable list={list} columns={HISTORY_COLUMNS} label={`${what} import history`} what="The import history" dataKey="id" loadingMessage="Loading…" emptyMessage={`No ${what} import yet.`} />
    </>
  );
}
