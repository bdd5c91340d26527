import { appChoices } from '../apps/choices';
import { defineArea } from '../area';
import type { ReportHandler } from '../reports/server';
import { progressEventsApi } from './api';
import { seedDemoProgressEvents } from './demo';
import { progressReportHandlers } from './reports';
import { listProgressEvents } from './service';

export const progressEventsArea = defineArea({
  name: 'progress-events',
  api: progressEventsApi,
  reports: progressReportHandlers as readonly ReportHandler[],
  resourcePages: {
    'progress-events': async (db, viewer) => {
      const [apps, rows] = await Promise.all([appChoices(db, viewer), listProgressEvents(db, viewer)]);
      return { context: { apps }, initialRows: rows };
    },
  },
  seed: { demo: (db) => seedDemoProgressEvents(db) },
});
