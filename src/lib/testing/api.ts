import { handle, type ApiHandler } from '../server/api/handler';
import {
  testEventsContract, testLogicContract, testPlayerFindContract, testPlayerMarkContract, testPlayerSessionContract,
  testSendAdImpressionContract, testSendEventContract, testSendPurchaseContract,
} from './contract';
import { checkLogic } from './logic';
import { sendTestPurchase } from './purchase';
import { findTestPlayer, liveEvents, markTestPlayer, sendTestEvent, startTestSession } from './service';

/** The test screens (/test/…): player, flag, live events, sends through the SDK endpoint, logic checks. */
export const testingApi: ApiHandler[] = [
  handle(testPlayerFindContract, async (input, ctx) => ({ data: await findTestPlayer(ctx.db, ctx.viewer, input) })),
  handle(testPlayerSessionContract, async (input, ctx) => ({ data: await startTestSession(ctx.db, ctx.viewer, input) })),
  handle(testPlayerMarkContract, async (input, ctx) => ({ data: await markTestPlayer(ctx.db, ctx.actor, input) })),
  handle(testEventsContract, async (input, ctx) => ({ data: await liveEvents(ctx.db, ctx.viewer, input) })),
  handle(testSendEventContract, async ({ name, ...input }, ctx) => ({ data: await sendTestEvent(ctx.db, ctx.viewer, name, input) })),
  handle(testSendAdImpressionContract, async (input, ctx) => ({ data: await sendTestEvent(ctx.db, ctx.viewer, 'ad_impression', input) })),
  handle(testSendPurchaseContract, async (input, ctx) => ({ data: await sendTestPurchase(ctx.db, ctx.viewer, input) })),
  handle(testLogicContract, async (input, ctx) => ({ data: await checkLogic(ctx.db, ctx.viewer, input) })),
];
