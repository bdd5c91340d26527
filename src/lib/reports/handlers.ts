import { analyticsReportHandlers } from '../analytics/service';
import { experimentReportHandlers } from '../experiments/reports';
import { financeReportHandlers } from '../finance/service';
import { houseAdReportHandlers } from '../house-ads/reports';
import { progressReportHandlers } from '../progress-events/reports';
import type { ReportHandler } from './server';

/** Every report's server half by descriptor id (server only: it reaches the SQL). */
export const reportHandlers: Record<string, ReportHandler> = Object.fromEntries(
  ([...analyticsReportHandlers, ...experimentReportHandlers, ...financeReportHandlers, ...houseAdReportHandlers, ...progressReportHandlers] as readonly ReportHandler[]).map((h) => [h.descriptor.id, h]),
);
