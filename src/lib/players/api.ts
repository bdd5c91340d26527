import { appOfKey } from '../analytics/ingest';
import { handle, type ApiHandler } from '../server/api/handler';
import { playerDataGetContract, playerDataPutContract, playerLinkCodeContract, playerMeContract, playerRefreshContract, playerSessionContract } from './contract';
import { createLinkCode, playerOf, playerSummary, readPlayerData, refreshSession, startSession, writePlayerData } from './service';

/** The game-facing player API: sessions, linking devices, the cloud save. Served by the API registry. */
export const playersApi: ApiHandler[] = [
  handle(playerSessionContract, async ({ deviceId, linkCode }, ctx) => ({ data: await startSession(ctx.db, await appOfKey(ctx.db, ctx.request.headers.get('x-sdk-key')), deviceId, linkCode) })),
  handle(playerRefreshContract, async ({ refreshToken }, ctx) => ({ data: await refreshSession(ctx.db, await appOfKey(ctx.db, ctx.request.headers.get('x-sdk-key')), refreshToken) })),
  handle(playerMeContract, async (_input, ctx) => ({ data: await playerSummary(ctx.db, await playerOf(ctx.db, ctx.request.headers)) })),
  handle(playerLinkCodeContract, async (_input, ctx) => ({ data: await createLinkCode(ctx.db, await playerOf(ctx.db, ctx.request.headers)) })),
  handle(playerDataGetContract, async (_input, ctx) => ({ data: await readPlayerData(ctx.db, await playerOf(ctx.db, ctx.request.headers)) })),
  handle(playerDataPutContract, async (input, ctx) => ({ data: await writePlayerData(ctx.db, await playerOf(ctx.db, ctx.request.headers), input, 'sdk') })),
];
