import { defineContract } from '../contract';
import type { ReportDescriptor } from '../reports/define';
import { financeAppDetailScreen, financeMktScreen, financeOverviewScreen, financeRevenueScreen, financeStatisticScreen } from './screens';

/**
 * The spec's POST calls of api/reportSystem that answer a finance report (section 7). Each is the same
 * service as its screen's GET endpoint (same filters in the JSON body, same answer): `data` and
 * `dataByPostgres` mean the same (the old server had two stores; this console has one), as do
 * `dataByRangeDate` and `dataByRangeDateByPostgres` (docs/decisions.md).
 */
const postOf = (descriptor: ReportDescriptor, path: string) =>
  defineContract({ method: 'POST', path, request: descriptor.contract.request, data: descriptor.contract.data, access: { route: descriptor.route } });

export const reportPostContracts = [
  { descriptorId: financeStatisticScreen.id, contract: postOf(financeStatisticScreen, '/api/reportSystem/data') },
  { descriptorId: financeStatisticScreen.id, contract: postOf(financeStatisticScreen, '/api/reportSystem/dataByPostgres') },
  { descriptorId: financeRevenueScreen.id, contract: postOf(financeRevenueScreen, '/api/reportSystem/dataByRangeDate') },
  { descriptorId: financeRevenueScreen.id, contract: postOf(financeRevenueScreen, '/api/reportSystem/dataByRangeDateByPostgres') },
  { descriptorId: financeOverviewScreen.id, contract: postOf(financeOverviewScreen, '/api/reportSystem/dataChart') },
  { descriptorId: financeAppDetailScreen.id, contract: postOf(financeAppDetailScreen, '/api/reportSystem/appDetail/data') },
  { descriptorId: financeMktScreen.id, contract: postOf(financeMktScreen, '/api/reportSystem/mktStatistic/getCostData') },
];
