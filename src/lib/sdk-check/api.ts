import { handle, type ApiHandler } from '../server/api/handler';
import { sdkCheckContract } from './contract';
import { checkSdk } from './service';

/** The SDK integration check. Listed in the area's manifest (./area.ts). */
export const sdkCheckApi: ApiHandler[] = [
  handle(sdkCheckContract, async (input, ctx) => ({ data: await checkSdk(ctx.db, ctx.viewer, input) })),
];
