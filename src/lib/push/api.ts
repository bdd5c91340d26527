import { appOfKey } from '../analytics/ingest';
import { playerOf } from '../players/service';
import { handle, type ApiHandler } from '../server/api/handler';
import {
  pushCancelContract, pushCreateContract, pushListContract, pushSettingsGetContract, pushSettingsListContract, pushSettingsSaveContract, pushStatsContract,
  sdkPushOpenedContract, sdkPushRegisterContract, sdkPushUnregisterContract,
} from './contract';
import { cancelPush, createPush, listPushes, listSettings, pushStatsRows, readSettings, registerDevice, reportOpened, saveSettings, unregisterDevice } from './service';

/** Push notifications: the screen's calls and the SDK's device calls (X-SDK-Key + X-Player-Token). */
export const pushApi: ApiHandler[] = [
  handle(pushListContract, async ({ appId }, ctx) => ({ data: await listPushes(ctx.db, ctx.viewer, appId) })),
  handle(pushCreateContract, async (input, ctx) => ({ data: await createPush(ctx.db, ctx.actor, input) })),
  handle(pushCancelContract, async ({ id }, ctx) => ({ data: await cancelPush(ctx.db, ctx.actor, id) })),
  handle(pushStatsContract, async ({ id }, ctx) => ({ data: await pushStatsRows(ctx.db, ctx.viewer, id) })),
  handle(pushSettingsGetContract, async ({ appId }, ctx) => ({ data: await readSettings(ctx.db, ctx.viewer, appId) })),
  handle(pushSettingsListContract, async (_input, ctx) => ({ data: await listSettings(ctx.db, ctx.viewer) })),
  handle(pushSettingsSaveContract, async (input, ctx) => ({ data: await saveSettings(ctx.db, ctx.actor, input) })),
  handle(sdkPushRegisterContract, async (input, ctx) => {
    const app = await appOfKey(ctx.db, ctx.request.headers.get('x-sdk-key'));
    const player = await playerOf(ctx.db, ctx.request.headers);
    return { data: await registerDevice(ctx.db, player, app.os, input) };
  }),
  handle(sdkPushUnregisterContract, async (_input, ctx) => ({ data: await unregisterDevice(ctx.db, await playerOf(ctx.db, ctx.request.headers)) })),
  handle(sdkPushOpenedContract, async ({ pushId }, ctx) => ({ data: await reportOpened(ctx.db, await playerOf(ctx.db, ctx.request.headers), pushId) })),
];
