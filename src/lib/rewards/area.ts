import { defineArea } from '../area';
import { gameItemsApi } from './api';
import { demoGameItems } from './items';

export const rewardsArea = defineArea({
  name: 'rewards',
  api: gameItemsApi,
  seed: {
    withApps: async (tx, appIds) => {
      for (const appId of appIds) {
        for (const item of demoGameItems) {
          await tx.query('INSERT INTO game_items (app_id, item_id, name, kind, max_amount) VALUES ($1, $2, $3, $4, $5)', [appId, item.itemId, item.name, item.kind, item.maxAmount]);
        }
      }
    },
  },
});
