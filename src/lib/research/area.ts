import { appChoices } from '../apps/choices';
import { defineArea } from '../area';
import { researchApi } from './api';
import { seedDemoResearch } from './demo';
import { listNotes } from './service';

export const researchArea = defineArea({
  name: 'research',
  api: researchApi,
  resourcePages: {
    research: async (db, viewer) => {
      const [apps, first] = await Promise.all([appChoices(db, viewer), listNotes(db, viewer, { page: 1, limit: 20 })]);
      return { context: { apps }, initialRows: first.data, initialTotal: first.totalRecord };
    },
  },
  seed: { demo: (db) => seedDemoResearch(db) },
});
