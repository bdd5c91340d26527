import { defineArea } from '../area';
import type { ReportHandler } from '../reports/server';
import { houseAdsApi } from './api';
import { seedDemoHouseAds } from './demo';
import { houseAdPages } from './pages';
import { houseAdReportHandlers } from './reports';

export const houseAdsArea = defineArea({
  name: 'house-ads',
  api: houseAdsApi,
  reports: houseAdReportHandlers as readonly ReportHandler[],
  resourcePages: houseAdPages,
  seed: { demo: (db) => seedDemoHouseAds(db) },
});
