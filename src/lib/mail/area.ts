import { appChoices } from '../apps/choices';
import { defineArea } from '../area';
import { mailApi } from './api';
import { mailResource } from './resources';
import * as services from './service';

export const mailArea = defineArea({
  name: 'mail',
  api: mailApi,
  resources: { descriptors: [mailResource], services },
  resourcePages: { mail: async (db, viewer) => ({ context: { apps: await appChoices(db, viewer) } }) },
});
