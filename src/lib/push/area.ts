import { appChoices } from '../apps/choices';
import { defineArea } from '../area';
import { demoApps } from '../server/db/demo-roles';
import { nowMs } from '../time/clock';
import { pushApi } from './api';
import { seedDemoPushes } from './demo';
import { listPushes, listSettings } from './service';

export const pushArea = defineArea({
  name: 'push',
  api: pushApi,
  resourcePages: {
    pushes: async (db, viewer) => {
      const [apps, rows] = await Promise.all([appChoices(db, viewer), listPushes(db, viewer)]);
      return { context: { apps }, initialRows: rows };
    },
    'push-settings': async (db, viewer) => {
      const [apps, rows] = await Promise.all([appChoices(db, viewer), listSettings(db, viewer)]);
      return { context: { apps }, initialRows: rows };
    },
  },
  seed: { demo: (db) => seedDemoPushes(db, demoApps.map((a) => a.id), nowMs()) },
});
