import { fileResponse } from '../reports/export';
import { playerOf } from '../players/service';
import { appOfKey } from '../analytics/ingest';
import { mayViewApp } from '../apps/service';
import { handle, handleRaw, type ApiHandler } from '../server/api/handler';
import { HttpError } from '../server/errors';
import { isoWithOffset } from '../time/format';
import {
  IAP_EXPORT_MAX, IAP_LOG_COLUMNS, deleteStoreKeyContract, getStoreKeyContract, listStoreKeyContract, iapLogContract, iapLogExportContract, requestLogContract, saveStoreKeyContract, sdkVerifyPurchaseContract, verifyIapContract,
} from './contract';
import { deleteStoreKey, readStoreKey, saveStoreKey } from './credentials';
import { listIapLog, listRequestLog } from './logs';
import { verifyPurchase, verifyPurchaseForGame } from './verify';

/** IAP verification (staff and SDK), the App Store key of an app, and the two IAP logs. Served by the API registry. */
export const iapApi: ApiHandler[] = [
  handle(verifyIapContract, async ({ appId, ...claim }, ctx) => {
    if (!mayViewApp(ctx.viewer, appId)) throw new HttpError(403, 'Permission invalid');
    return { data: await verifyPurchase(ctx.db, { ...claim, appId, source: 'staff', requestedBy: ctx.viewer.username }) };
  }),
  handle(sdkVerifyPurchaseContract, async ({ userId, ...claim }, ctx) => {
    // The purchase is the token's player's: a game cannot verify (and so claim) a purchase for another player.
    const player = await playerOf(ctx.db, ctx.request.headers);
    if (userId && userId !== player.playerId) throw new HttpError(403, 'userId: a player token verifies only its own player\'s purchases.');
    const app = await appOfKey(ctx.db, ctx.request.headers.get('x-sdk-key'));
    return { data: await verifyPurchaseForGame(ctx.db, { ...claim, appId: app.appId, userId: player.playerId, source: 'sdk', requestedBy: `device:${player.deviceId}` }) };
  }),
  handle(getStoreKeyContract, async ({ appId }, ctx) => ({ data: await readStoreKey(ctx.db, ctx.viewer, appId) })),
  handle(saveStoreKeyContract, async (input, ctx) => ({ data: await saveStoreKey(ctx.db, ctx.actor, input) })),
  handle(listStoreKeyContract, async ({ appId }, ctx) => {
    const key = await readStoreKey(ctx.db, ctx.viewer, appId);
    return { data: key ? [key] : [] };
  }),
  handle(deleteStoreKeyContract, async ({ appId }, ctx) => ({ data: await deleteStoreKey(ctx.db, ctx.actor, appId) })),
  handle(iapLogContract, async (input, ctx) => {
    const { rows, total } = await listIapLog(ctx.db, ctx.viewer, input);
    return { data: rows, totalRecord: total };
  }),
  handleRaw(iapLogExportContract, async ({ format, ...query }, ctx) => {
    const { rows, total } = await listIapLog(ctx.db, ctx.viewer, { ...query, page: 1, limit: IAP_EXPORT_MAX });
    const grid = [
      IAP_LOG_COLUMNS.map((c) => c.label),
      ...rows.map((row) => IAP_LOG_COLUMNS.map((c) => {
        const value = row[c.key];
        return (c.key === 'createdAt' || c.key === 'decidedAt') && value ? isoWithOffset(String(value)) : (value as string | number | null);
      })),
    ];
    const response = fileResponse('IAP log', grid, format, 'iap-log');
    if (total > IAP_EXPORT_MAX) response.headers.set('x-rows-cut-at', String(IAP_EXPORT_MAX));
    return response;
  }),
  handle(requestLogContract, async (input, ctx) => {
    const { rows, total } = await listRequestLog(ctx.db, ctx.viewer, input);
    return { data: rows, totalRecord: total };
  }),
];
