import { appOfKey } from '../analytics/ingest';
import { playerOf } from '../players/service';
import { reportApi } from '../reports/api';
import { handle, type ApiHandler } from '../server/api/handler';
import { experimentDeleteContract, experimentListContract, experimentSaveContract, experimentStartContract, experimentStopContract, sdkExperimentsContract } from './contract';
import { experimentReportHandlers } from './reports';
import { assignmentsFor, deleteExperiment, listExperiments, saveExperiment, setExperimentStatus } from './service';

/** The A/B manager, the two A/B reports (and their exports) and the SDK's assignment call. Served by the API registry. */
export const experimentsApi: ApiHandler[] = [
  handle(experimentListContract, async ({ appId }, ctx) => ({ data: await listExperiments(ctx.db, ctx.viewer, appId) })),
  handle(experimentSaveContract, async (input, ctx) => ({ data: await saveExperiment(ctx.db, ctx.actor, input) })),
  handle(experimentStartContract, async ({ id }, ctx) => ({ data: await setExperimentStatus(ctx.db, ctx.actor, id, 'running') })),
  handle(experimentStopContract, async ({ id }, ctx) => ({ data: await setExperimentStatus(ctx.db, ctx.actor, id, 'stopped') })),
  handle(experimentDeleteContract, async ({ id }, ctx) => ({ data: await deleteExperiment(ctx.db, ctx.actor, id) })),
  /** SDK key + player token: the player's variants of the running experiments whose audience they match. */
  handle(sdkExperimentsContract, async (device, ctx) => {
    const app = await appOfKey(ctx.db, ctx.request.headers.get('x-sdk-key'));
    const player = await playerOf(ctx.db, ctx.request.headers);
    return { data: await assignmentsFor(ctx.db, app, player, device) };
  }),
  ...experimentReportHandlers.flatMap((h) => reportApi(h)),
];
