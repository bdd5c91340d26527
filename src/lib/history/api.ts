import { fileResponse } from '../reports/export';
import { handle, handleRaw, type ApiHandler } from '../server/api/handler';
import { isoWithOffset } from '../time/format';
import { HISTORY_EXPORT_MAX, HISTORY_KINDS, historyCell, historyColumns, historyContracts } from './kinds';
import { historyAll, historyPage } from './service';

/** The history logs: a page of one player's events of a kind, and the export of the whole range. Served by the API registry. */
export const historyApi: ApiHandler[] = HISTORY_KINDS.flatMap((kind) => {
  const contracts = historyContracts[kind.id]!;
  const columns = historyColumns(kind);
  return [
    handle(contracts.list, async (input, ctx) => ({ data: await historyPage(ctx.db, ctx.viewer, kind, input) })),
    handleRaw(contracts.export, async ({ format, ...query }, ctx) => {
      const { rows, cut } = await historyAll(ctx.db, ctx.viewer, kind, query, HISTORY_EXPORT_MAX);
      const grid = [columns.map((c) => c.label), ...rows.map((row) => columns.map((c) => (c.format === 'dateTime' ? isoWithOffset(historyCell(c, row) as string) : historyCell(c, row))))];
      const response = fileResponse(`${kind.id} ${query.userId}`.slice(0, 31), grid, format, `history-${kind.id}-${query.userId.replace(/[^\w.-]/g, '_')}`);
      // An export cut at the cap says so in a header rather than silently ending.
      if (cut) response.headers.set('x-rows-cut-at', String(HISTORY_EXPORT_MAX));
      return response;
    }),
  ];
});
