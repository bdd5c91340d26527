import { analyticsReports } from '../analytics/screens';
import { experimentReports } from '../experiments/screens';
import { financeReports } from '../finance/screens';
import { houseAdReports } from '../house-ads/screens';
import { progressReports } from '../progress-events/screens';
import type { ReportDescriptor } from './define';

/**
 * Every report descriptor by id: the generic screen renders them, the route table names them
 * (`screen: 'report:<id>'`), and the descriptor walk test visits each. Shared by browser and server.
 */
export const reportScreens: Record<string, ReportDescriptor> = Object.fromEntries(
  ([...analyticsReports, ...experimentReports, ...financeReports, ...houseAdReports, ...progressReports] as unknown as ReportDescriptor[]).map((d) => [d.id, d]),
);
