import { handle, type ApiHandler } from '../server/api/handler';
import { sdkCheckContract, trackingPlanViewContract } from './contract';
import { checkSdk } from './service';
import { trackingPlanView } from './tracking-plan-view';

/** The SDK integration check. Listed in the area's manifest (./area.ts). */
export const sdkCheckApi: ApiHandler[] = [
  handle(sdkCheckContract, async (input, ctx) => ({ data: await checkSdk(ctx.db, ctx.viewer, input) })),
  handle(trackingPlanViewContract, async (input, ctx) => ({ data: await trackingPlanView(ctx.db, ctx.viewer, input) })),
];
