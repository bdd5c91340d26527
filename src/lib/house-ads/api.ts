import { handle, handleRaw, json, type ApiHandler } from '../server/api/handler';
import {
  campaignListContract,
  campaignSaveContract,
  campaignStatusContract,
  publisherListContract,
  publisherSaveContract,
  publisherUnpublishContract,
  serveAdContract,
  settingsListContract,
  settingsSaveContract,
  trackClickContract,
  trackImpressionContract,
  unpublishedListContract,
} from './contract';
import { reportApi } from '../reports/api';
import { houseAdReportHandlers } from './reports';
import { listCampaigns, listPublishers, publishApp, saveCampaign, setCampaignStatus, unpublishApp } from './service';
import { serveAd, track } from './serving';
import { readSettings, saveSettings } from './settings';

/** In-house ads: the staff screens' calls and the SDK's serving and tracking calls. */
export const houseAdsApi: ApiHandler[] = [
  ...houseAdReportHandlers.flatMap((h) => reportApi(h)),
  handle(campaignListContract, async (_input, ctx) => ({ data: await listCampaigns(ctx.db) })),
  handle(campaignSaveContract, async (input, ctx) => ({ data: await saveCampaign(ctx.db, ctx.actor, input) })),
  handle(campaignStatusContract, async ({ id, status }, ctx) => ({ data: await setCampaignStatus(ctx.db, ctx.actor, id, status) })),
  handle(settingsListContract, async (_input, ctx) => ({ data: [await readSettings(ctx.db)] })),
  handle(settingsSaveContract, async (input, ctx) => ({ data: await saveSettings(ctx.db, ctx.actor, input) })),
  handle(publisherListContract, async (_input, ctx) => ({ data: await listPublishers(ctx.db, true) })),
  handle(unpublishedListContract, async (_input, ctx) => ({ data: await listPublishers(ctx.db, false) })),
  handle(publisherSaveContract, async ({ appId, placements }, ctx) => ({ data: await publishApp(ctx.db, ctx.actor, appId, placements) })),
  handle(publisherUnpublishContract, async ({ appId }, ctx) => ({ data: await unpublishApp(ctx.db, ctx.actor, appId) })),
  // No fill is 204 without a body, so the SDK needs no parsing to know it has nothing to show.
  handleRaw(serveAdContract, async (input, ctx) => {
    const ad = await serveAd(ctx.db, ctx.request.headers, input);
    return ad ? json(200, { data: ad }) : new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
  }),
  handle(trackImpressionContract, async ({ token }, ctx) => {
    await track(ctx.db, ctx.request.headers, token, 'i');
    return { data: { counted: true as const } };
  }),
  handle(trackClickContract, async ({ token }, ctx) => ({ data: { counted: true as const, ...(await track(ctx.db, ctx.request.headers, token, 'c')) } })),
];
