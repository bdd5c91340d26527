import { appChoices } from '../apps/choices';
import { defineArea } from '../area';
import type { ReportHandler } from '../reports/server';
import { experimentsApi } from './api';
import { experimentReportHandlers } from './reports';
import { listExperiments } from './service';

export const experimentsArea = defineArea({
  name: 'experiments',
  api: experimentsApi,
  reports: experimentReportHandlers as readonly ReportHandler[],
  resourcePages: {
    experiments: async (db, viewer) => {
      const [apps, rows] = await Promise.all([appChoices(db, viewer), listExperiments(db, viewer)]);
      return { context: { apps }, initialRows: rows };
    },
  },
});
