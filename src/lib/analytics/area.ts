import { defineArea } from '../area';
import type { ReportHandler } from '../reports/server';
import { analyticsApi } from './api';
import { seedDemoTelemetry } from './demo';
import { analyticsReportHandlers } from './service';

export const analyticsArea = defineArea({
  name: 'analytics',
  api: analyticsApi,
  reports: analyticsReportHandlers as readonly ReportHandler[],
  seed: { demo: (db) => seedDemoTelemetry(db) },
});
