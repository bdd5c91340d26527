import { playerOf } from '../players/service';
import { reportApi } from '../reports/api';
import { handle, type ApiHandler } from '../server/api/handler';
import { progressEventCancelContract, progressEventListContract, progressEventSaveContract, sdkProgressClaimContract, sdkProgressEventsContract, sdkProgressPointsContract } from './contract';
import { progressReportHandlers } from './reports';
import { cancelProgressEvent, claimMilestone, listProgressEvents, openEventsFor, saveProgressEvent, submitPoints } from './service';

/** Progress events: the console's list/save/cancel, the dashboard (and its export), and the game's three calls. */
export const progressEventsApi: ApiHandler[] = [
  handle(progressEventListContract, async ({ appId }, ctx) => ({ data: await listProgressEvents(ctx.db, ctx.viewer, appId) })),
  handle(progressEventSaveContract, async (input, ctx) => ({ data: await saveProgressEvent(ctx.db, ctx.actor, input) })),
  handle(progressEventCancelContract, async ({ id }, ctx) => ({ data: await cancelProgressEvent(ctx.db, ctx.actor, id) })),
  // SDK key + player token (playerOf checks both and that the device is still the player's).
  handle(sdkProgressEventsContract, async (device, ctx) => ({ data: await openEventsFor(ctx.db, await playerOf(ctx.db, ctx.request.headers), device) })),
  handle(sdkProgressPointsContract, async (input, ctx) => ({ data: await submitPoints(ctx.db, await playerOf(ctx.db, ctx.request.headers), input) })),
  handle(sdkProgressClaimContract, async ({ id, milestone }, ctx) => ({ data: await claimMilestone(ctx.db, await playerOf(ctx.db, ctx.request.headers), id, milestone) })),
  ...progressReportHandlers.flatMap((h) => reportApi(h)),
];
