import { handle, type ApiHandler } from '../server/api/handler';
import { gameItemDeleteContract, gameItemSaveContract, gameItemsListContract, rewardItemsContract } from './contract';
import { deleteItem, listItemsFor, saveItem } from './service';

/** The App Manager's item list of an app (game_items). */
export const gameItemsApi: ApiHandler[] = [
  handle(rewardItemsContract, async ({ appId }, ctx) => ({ data: await listItemsFor(ctx.db, ctx.viewer, appId) })),
  handle(gameItemsListContract, async ({ appId }, ctx) => ({ data: await listItemsFor(ctx.db, ctx.viewer, appId) })),
  handle(gameItemSaveContract, async (input, ctx) => ({ data: await saveItem(ctx.db, ctx.actor, input) })),
  handle(gameItemDeleteContract, async ({ appId, itemId }, ctx) => {
    await deleteItem(ctx.db, ctx.actor, appId, itemId);
    return { data: { itemId } };
  }),
];
