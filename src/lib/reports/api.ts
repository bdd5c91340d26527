import { handle, handleRaw, type ApiHandler } from '../server/api/handler';
import type { ReportHandler } from './server';
import { runExport } from './server';

/** A report's two endpoints, made from its server half: the JSON answer and the CSV/XLSX export of its table. */
export function reportApi(handler: ReportHandler): ApiHandler[] {
  const { descriptor } = handler;
  return [
    handle(descriptor.contract, async (input, ctx) => ({ data: await handler.run(ctx.db, ctx.viewer, input) })),
    handleRaw(descriptor.exportContract, async (input, ctx) => runExport(handler, ctx.db, ctx.viewer, input)),
  ];
}
