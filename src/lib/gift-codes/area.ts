import { appChoices } from '../apps/choices';
import { defineArea } from '../area';
import { giftCodesApi } from './api';

export const giftCodesArea = defineArea({
  name: 'gift-codes',
  api: giftCodesApi,
  resourcePages: {
    'gift-campaigns': async (db, viewer) => ({ context: { apps: await appChoices(db, viewer) } }),
    'gift-used-logs': async (db, viewer) => ({ context: { apps: await appChoices(db, viewer) } }),
  },
});
