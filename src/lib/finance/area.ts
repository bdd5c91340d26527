import { defineArea } from '../area';
import type { ReportHandler } from '../reports/server';
import { financeApi } from './api';
import { seedDemoFinance } from './demo';
import { financeReportHandlers } from './service';

export const financeArea = defineArea({
  name: 'finance',
  api: financeApi,
  reports: financeReportHandlers as readonly ReportHandler[],
  seed: { demo: (db) => seedDemoFinance(db) },
});
