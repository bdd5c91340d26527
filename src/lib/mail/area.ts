import { appChoices } from '../apps/choices';
import { defineArea } from '../area';
import { mailApi } from './api';

export const mailArea = defineArea({
  name: 'mail',
  api: mailApi,
  resourcePages: { mail: async (db, viewer) => ({ context: { apps: await appChoices(db, viewer) } }) },
});
