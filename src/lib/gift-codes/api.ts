import { playerOf } from '../players/service';
import { fileResponse } from '../reports/export';
import { handle, handleRaw, type ApiHandler } from '../server/api/handler';
import { isoWithOffset } from '../time/format';
import { campaignActiveContract, campaignCodesContract, campaignCreateContract, campaignListContract, codesExportContract, redeemContract, usedLogsContract, usedLogsExportContract } from './contract';
import { allUsedLogs, createCampaign, exportCodes, firstCodes, listCampaigns, listUsedLogs, redeemCode, setCampaignActive } from './service';

/** Gift code campaigns, their codes' export, the used logs and the game's redeem call. */
export const giftCodesApi: ApiHandler[] = [
  handle(campaignListContract, async (input, ctx) => listCampaigns(ctx.db, ctx.viewer, input)),
  handle(campaignCreateContract, async (input, ctx) => ({ data: await createCampaign(ctx.db, ctx.actor, input) })),
  handle(campaignActiveContract, async ({ id, active }, ctx) => ({ data: await setCampaignActive(ctx.db, ctx.actor, id, active) })),
  handleRaw(codesExportContract, async ({ id }, ctx) => {
    const { campaign, codes } = await exportCodes(ctx.db, ctx.actor, id);
    const grid = [['Code', 'Uses', 'Campaign', 'App', 'Expires (UTC+7)'], ...codes.map((c) => [c.code, c.uses, campaign.name, campaign.appId, isoWithOffset(campaign.expiresAt)])];
    return fileResponse('Gift codes', grid, 'csv', `gift-codes-${campaign.id}`);
  }),
  handle(campaignCodesContract, async ({ id }, ctx) => ({ data: await firstCodes(ctx.db, ctx.actor, id) })),
  handle(usedLogsContract, async (input, ctx) => listUsedLogs(ctx.db, ctx.viewer, input)),
  handleRaw(usedLogsExportContract, async ({ format, ...query }, ctx) => {
    const rows = await allUsedLogs(ctx.db, ctx.viewer, query);
    const grid = [['Time (UTC+7)', 'App', 'Player', 'Device', 'Code', 'Campaign', 'Result', 'Mail'], ...rows.map((r) => [isoWithOffset(r.at), r.appId, r.playerId, r.deviceId, r.code, r.campaign, r.resultLabel, r.mailId ?? ''])];
    return fileResponse('Gift code used logs', grid, format, 'gift-code-used-logs');
  }),
  handle(redeemContract, async (input, ctx) => ({ data: await redeemCode(ctx.db, await playerOf(ctx.db, ctx.request.headers), input, ctx.ip) })),
];
