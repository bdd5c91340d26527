import { z } from 'zod';
import { defineContract } from '../contract';
import { APP_EDIT_ACTION, APP_MANAGER_ROUTE } from '../apps/rules';
import { itemId } from './items';

/**
 * An app's item list (game_items) as the App Manager's "Items" panel edits it. Reading needs the App Manager
 * route, writing also app_edit, as every other panel of the app dialog.
 */
export const ITEM_KINDS = ['currency', 'consumable', 'booster', 'cosmetic', 'bundle'] as const;

export const gameItem = z.object({
  appId: z.string(),
  itemId: z.string(),
  name: z.string(),
  kind: z.enum(ITEM_KINDS),
  maxAmount: z.number().int(),
});

const appId = z.string().trim().min(1, 'is required').max(100);

export const gameItemsListContract = defineContract({
  method: 'GET',
  path: '/api/appdata/items/get',
  request: z.object({ appId }),
  data: z.array(gameItem),
  access: { route: APP_MANAGER_ROUTE },
});

export const gameItemSaveContract = defineContract({
  method: 'POST',
  path: '/api/appdata/items/action',
  request: z.object({
    appId,
    itemId,
    name: z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
    kind: z.enum(ITEM_KINDS, { error: `must be one of ${ITEM_KINDS.join(', ')}` }),
    maxAmount: z.coerce.number<string | number>().int('must be a whole number').min(1, 'must be at least 1').max(1_000_000_000, 'must be at most 1000000000'),
  }),
  data: gameItem,
  access: { route: APP_MANAGER_ROUTE, actions: [APP_EDIT_ACTION] },
});

export const gameItemDeleteContract = defineContract({
  method: 'DELETE',
  path: '/api/appdata/items/delete',
  request: z.object({ appId, itemId }),
  data: z.object({ itemId: z.string() }),
  access: { route: APP_MANAGER_ROUTE, actions: [APP_EDIT_ACTION] },
});
