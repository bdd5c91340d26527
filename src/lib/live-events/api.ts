import { playerCredentials, playerOf } from '../players/service';
import { handle, type ApiHandler } from '../server/api/handler';
import { EVENT_KINDS, eventApis, sdkClaimContract, sdkEventsContract, sdkJoinContract, sdkRankContract, sdkScoreContract, templateApis, TEMPLATE_KINDS } from './contract';
import { rewardNow } from './lifecycle';
import { claimReward, joinEvent, openEvents, readRank, submitScore } from './sdk';
import { cancelEvent, deleteTemplate, eventView, listEvents, listTemplates, saveEvent, saveTemplate, standings } from './service';

/** Live events: templates and events per kind (each on its own route), and the game's SDK calls. Served by the API registry. */
export const liveEventsApi: ApiHandler[] = [
  ...TEMPLATE_KINDS.flatMap((kind) => {
    const c = templateApis[kind];
    return [
      handle(c.list, async ({ appId }, ctx) => ({ data: await listTemplates(ctx.db, ctx.viewer, kind, appId) })),
      handle(c.save, async (input, ctx) => ({ data: await saveTemplate(ctx.db, ctx.actor, kind, input) })),
      handle(c.remove, async ({ id }, ctx) => ({ data: await deleteTemplate(ctx.db, ctx.actor, kind, id) })),
    ];
  }),
  ...EVENT_KINDS.flatMap((kind) => {
    const c = eventApis[kind];
    return [
      handle(c.list, async ({ appId }, ctx) => ({ data: await listEvents(ctx.db, ctx.viewer, kind, appId) })),
      handle(c.save, async (input, ctx) => ({ data: await saveEvent(ctx.db, ctx.actor, kind, input) })),
      handle(c.cancel, async ({ id }, ctx) => ({ data: await cancelEvent(ctx.db, ctx.actor, kind, id) })),
      handle(c.reward, async ({ id }, ctx) => ({ data: await rewardNow(ctx.db, ctx.actor, kind, id) })),
      handle(c.standings, async ({ id, top }, ctx) => ({ data: await standings(ctx.db, ctx.viewer, kind, id, top) })),
      handle(c.view, async ({ id }, ctx) => ({ data: await eventView(ctx.db, ctx.viewer, kind, id) })),
    ];
  }),
  handle(sdkEventsContract, async (device, ctx) => ({ data: await openEvents(ctx.db, await playerOf(ctx.db, ctx.request.headers), device) })),
  handle(sdkJoinContract, async ({ id, ...device }, ctx) => ({ data: await joinEvent(ctx.db, await playerOf(ctx.db, ctx.request.headers), id, device) })),
  handle(sdkScoreContract, async ({ id, clientId, value }, ctx) => ({ data: await submitScore(ctx.db, await playerOf(ctx.db, ctx.request.headers), id, { clientId, value }) })),
  handle(sdkRankContract, async ({ id, around, top }, ctx) => ({ data: await readRank(ctx.db, await playerCredentials(ctx.db, ctx.request.headers), id, around, top) })),
  handle(sdkClaimContract, async ({ id }, ctx) => ({ data: await claimReward(ctx.db, await playerOf(ctx.db, ctx.request.headers), id) })),
];
