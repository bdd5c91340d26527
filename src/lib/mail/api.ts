import { playerOf } from '../players/service';
import { handle, type ApiHandler } from '../server/api/handler';
import { mailRecallContract, sdkMailClaimContract, sdkMailListContract, sdkMailReadContract } from './contract';
import { claimMail, markRead, playerInbox, recallMail } from './service';

/** The Mail Box screen's recall and the game's mailbox (SDK v1); list and send come from the descriptor (`serve`). */
export const mailApi: ApiHandler[] = [
  handle(mailRecallContract, async ({ id }, ctx) => ({ data: await recallMail(ctx.db, ctx.actor, id) })),
  handle(sdkMailListContract, async (input, ctx) => ({ data: await playerInbox(ctx.db, await playerOf(ctx.db, ctx.request.headers), input) })),
  handle(sdkMailReadContract, async ({ mailId, ...rest }, ctx) => ({ data: await markRead(ctx.db, await playerOf(ctx.db, ctx.request.headers), mailId, rest) })),
  handle(sdkMailClaimContract, async ({ mailId, ...rest }, ctx) => ({ data: await claimMail(ctx.db, await playerOf(ctx.db, ctx.request.headers), mailId, rest) })),
];
