import type { SessionAccount } from '../auth/types';
import type { Db } from '../server/db';
import type { ReportAnswerOf, ReportDescriptor, ReportInputOf } from './define';
import { exportResponse, reportFileName } from './export';

/**
 * The server half of a report (never bundled for the browser): the descriptor plus the function that
 * answers it from the rollups. The JSON endpoint and the CSV/XLSX export are both made from it, so the
 * file always holds the table of the same answer.
 */
export interface ReportHandler<D extends ReportDescriptor = ReportDescriptor> {
  descriptor: D;
  /**
   * A method (not a function property) so that a handler of one report is a `ReportHandler` of any report:
   * registries hold them side by side, and the input they are called with was parsed by the same
   * descriptor's contract, so it is that report's input.
   */
  run(db: Db, viewer: SessionAccount, input: ReportInputOf<D>): Promise<ReportAnswerOf<D>>;
}

export function handleReport<D extends ReportDescriptor>(descriptor: D, run: ReportHandler<D>['run']): ReportHandler<D> {
  return { descriptor, run };
}

/** The export of a report: the same answer, through the descriptor's table, as a file. */
export async function runExport(handler: ReportHandler, db: Db, viewer: SessionAccount, input: Record<string, unknown>): Promise<Response> {
  const { format, ...query } = input as Record<string, unknown> & { format: 'csv' | 'xlsx' };
  const answer = await handler.run(db, viewer, query);
  const d = handler.descriptor;
  const asked = Array.isArray(query.apps) ? (query.apps as string[]) : [];
  return exportResponse(d.table(answer, query), format, reportFileName(d.fileStem, asked, answer.from, answer.to), d.machineReadable ? 'machine' : 'display');
}
