import { reportApi } from '../reports/api';
import type { ReportHandler } from '../reports/server';
import { handle, handleRaw, type ApiHandler } from '../server/api/handler';
import { importCostContract, importIaaContract, importTemplateCostContract, importTemplateIaaContract, type ImportKind } from './import-contract';
import { runImport, templateWorkbook } from './imports';
import { reportPostContracts } from './contract';
import { financeReportHandlers } from './service';

/** Finance: the report screens (GET + export), the spec's POST calls of the same services. Served by the API registry. */
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const template = (kind: ImportKind) => async () =>
  new Response(new Uint8Array(await templateWorkbook(kind)), {
    headers: { 'content-type': XLSX, 'content-disposition': `attachment; filename="finance-${kind}-template.xlsx"`, 'cache-control': 'no-store' },
  });

const byId = new Map((financeReportHandlers as readonly ReportHandler[]).map((h) => [h.descriptor.id, h]));

export const financeApi: ApiHandler[] = [
  ...(financeReportHandlers as readonly ReportHandler[]).flatMap((h) => reportApi(h)),
  handle(importIaaContract, async (input, ctx) => ({ data: await runImport(ctx.db, ctx.actor, 'iaa', input) })),
  handle(importCostContract, async (input, ctx) => ({ data: await runImport(ctx.db, ctx.actor, 'cost', input) })),
  handleRaw(importTemplateIaaContract, template('iaa')),
  handleRaw(importTemplateCostContract, template('cost')),
  ...reportPostContracts.map(({ descriptorId, contract }) => handle(contract, async (input, ctx) => ({ data: await byId.get(descriptorId)!.run(ctx.db, ctx.viewer, input as never) }))),
];
