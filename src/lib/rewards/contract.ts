import { z } from 'zod';
import { contractsFor, numberFromText, signedInApi } from '../contract';
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

export const gameItemsListContract = contractsFor({ route: APP_MANAGER_ROUTE }).get(
  '/api/appdata/items/get',
  z.object({ appId }),
  z.array(gameItem),
);

const appEditApi = contractsFor({ route: APP_MANAGER_ROUTE, actions: [APP_EDIT_ACTION] });

export const gameItemSaveContract = appEditApi.post(
  '/api/appdata/items/action',
  z.object({
    appId,
    itemId,
    name: z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
    kind: z.enum(ITEM_KINDS, { error: `must be one of ${ITEM_KINDS.join(', ')}` }),
    maxAmount: numberFromText(z.number().int('must be a whole number').min(1, 'must be at least 1').max(1_000_000_000, 'must be at most 1000000000')),
  }),
  gameItem,
);

export const gameItemDeleteContract = appEditApi.delete(
  '/api/appdata/items/delete',
  z.object({ appId, itemId }),
  z.object({ itemId: z.string() }),
);

/**
 * The items a rewards editor offers (gift codes, mail, events): any signed-in account may read the item list of
 * an app it sees, since whoever grants rewards must name them; changing the list stays with the App Manager.
 */
export const rewardItemsContract = signedInApi.get('/api/rewards/items', z.object({ appId }), z.array(gameItem));
