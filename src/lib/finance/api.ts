import { reportApi } from '../reports/api';
import type { ReportHandler } from '../reports/server';
import { handle, type ApiHandler } from '../server/api/handler';
import { reportPostContracts } from './contract';
import { financeReportHandlers } from './service';

/** Finance: the report screens (GET + export), the spec's POST calls of the same services. Served by the API registry. */
const byId = new Map((financeReportHandlers as readonly ReportHandler[]).map((h) => [h.descriptor.id, h]));

export const financeApi: ApiHandler[] = [
  ...(financeReportHandlers as readonly ReportHandler[]).flatMap((h) => reportApi(h)),
  ...reportPostContracts.map(({ descriptorId, contract }) => handle(contract, async (input, ctx) => ({ data: await byId.get(descriptorId)!.run(ctx.db, ctx.viewer, input as never) }))),
];
