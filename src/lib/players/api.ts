import { appOfKey } from '../analytics/ingest';
import { handle, type ApiHandler } from '../server/api/handler';
import { playerDataGetContract, playerDataPutContract, playerLinkCodeContract, playerMeContract, playerRefreshContract, playerSessionContract } from './contract';
import { createLinkCode, playerOf, playerSummary, readPlayerData, refreshSession, startSession, writePlayerData } from './service';
import { findPlayerContract, playerDataEditReadContract, playerDataUpdateContract, playerDataViewContract, playerProfileContract } from './staff-contract';
import { findPlayers, playerProfile, readSaveForStaff, updateSaveForStaff } from './staff-service';

/** The game-facing player API: sessions, linking devices, the cloud save. Served by the API registry. */
export const playersApi: ApiHandler[] = [
  handle(playerSessionContract, async ({ deviceId, linkCode }, ctx) => ({ data: await startSession(ctx.db, await appOfKey(ctx.db, ctx.request.headers.get('x-sdk-key')), deviceId, linkCode) })),
  handle(playerRefreshContract, async ({ refreshToken }, ctx) => ({ data: await refreshSession(ctx.db, await appOfKey(ctx.db, ctx.request.headers.get('x-sdk-key')), refreshToken) })),
  handle(playerMeContract, async (_input, ctx) => ({ data: await playerSummary(ctx.db, await playerOf(ctx.db, ctx.request.headers)) })),
  handle(playerLinkCodeContract, async (_input, ctx) => ({ data: await createLinkCode(ctx.db, await playerOf(ctx.db, ctx.request.headers)) })),
  handle(playerDataGetContract, async (_input, ctx) => ({ data: await readPlayerData(ctx.db, await playerOf(ctx.db, ctx.request.headers)) })),
  handle(playerDataPutContract, async (input, ctx) => ({ data: await writePlayerData(ctx.db, await playerOf(ctx.db, ctx.request.headers), input, 'sdk') })),
];

/** Find User and the cloud save as staff see and edit them (/gsm/users/…). */
export const playerStaffApi: ApiHandler[] = [
  handle(findPlayerContract, async (input, ctx) => ({ data: await findPlayers(ctx.db, ctx.viewer, input) })),
  handle(playerProfileContract, async ({ appId, userId }, ctx) => ({ data: await playerProfile(ctx.db, ctx.viewer, appId, userId) })),
  handle(playerDataViewContract, async ({ appId, userId }, ctx) => ({ data: await readSaveForStaff(ctx.db, ctx.viewer, appId, userId) })),
  handle(playerDataEditReadContract, async ({ appId, userId }, ctx) => ({ data: await readSaveForStaff(ctx.db, ctx.viewer, appId, userId) })),
  handle(playerDataUpdateContract, async (input, ctx) => ({ data: await updateSaveForStaff(ctx.db, ctx.actor, input) })),
];
