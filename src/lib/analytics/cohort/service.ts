import type { SessionAccount } from '../../auth/types';
import type { ReportFilters } from '../../reports/filters';
import { handleReport } from '../../reports/server';
import type { Db } from '../../server/db';
import { resolveScope } from '../reports';
import { activityCohorts, levelCohorts } from './reports';
import { cohortAvgTimeScreen, cohortEngScreen, cohortImpressionScreen, cohortLevelScreen, cohortRevenueScreen, cohortSessionScreen } from './screens';

/** The cohort views' server halves: scope (visibility, range), then the cohort rollups. */

const meta = (scope: { from: string; to: string; apps: string[] }) => ({ from: scope.from, to: scope.to, apps: scope.apps });

/** The five activity views answer the same figures; each screen derives its own ratio. */
const activityAnswer = async (db: Db, viewer: SessionAccount, input: ReportFilters) => {
  const scope = await resolveScope(db, viewer, input);
  return { ...meta(scope), ...(await activityCohorts(db, scope)) };
};

export const cohortReportHandlers = [
  handleReport(cohortRevenueScreen, activityAnswer),
  handleReport(cohortEngScreen, activityAnswer),
  handleReport(cohortAvgTimeScreen, activityAnswer),
  handleReport(cohortSessionScreen, activityAnswer),
  handleReport(cohortImpressionScreen, activityAnswer),
  handleReport(cohortLevelScreen, async (db, viewer, input) => {
    const scope = await resolveScope(db, viewer, input);
    return { ...meta(scope), ...(await levelCohorts(db, scope)) };
  }),
];
