import { playerOf } from '../players/service';
import { handle, type ApiHandler } from '../server/api/handler';
import { mailListContract, mailRecallContract, mailSendContract, sdkMailClaimContract, sdkMailListContract, sdkMailReadContract } from './contract';
import { claimMail, listMails, markRead, playerInbox, recallMail, sendMail } from './service';

/** The Mail Box screen and the game's mailbox (SDK v1). */
export const mailApi: ApiHandler[] = [
  handle(mailListContract, async (input, ctx) => listMails(ctx.db, ctx.viewer, input)),
  handle(mailSendContract, async (input, ctx) => ({ data: await sendMail(ctx.db, ctx.actor, input) })),
  handle(mailRecallContract, async ({ id }, ctx) => ({ data: await recallMail(ctx.db, ctx.actor, id) })),
  handle(sdkMailListContract, async (input, ctx) => ({ data: await playerInbox(ctx.db, await playerOf(ctx.db, ctx.request.headers), input) })),
  handle(sdkMailReadContract, async ({ mailId, ...rest }, ctx) => ({ data: await markRead(ctx.db, await playerOf(ctx.db, ctx.request.headers), mailId, rest) })),
  handle(sdkMailClaimContract, async ({ mailId, ...rest }, ctx) => ({ data: await claimMail(ctx.db, await playerOf(ctx.db, ctx.request.headers), mailId, rest) })),
];
