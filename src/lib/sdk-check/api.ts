import { handle, type ApiHandler } from '../server/api/handler';
import { sdkCheckContract } from './contract';
import { checkSdk } from './service';

/** The SDK integration check. Served by the API registry (src/lib/server/api/registry.ts). */
export const sdkCheckApi: ApiHandler[] = [
  handle(sdkCheckContract, async (input, ctx) => ({ data: await checkSdk(ctx.db, ctx.viewer, input) })),
];
