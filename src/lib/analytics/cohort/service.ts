import type { Db } from '../../server/db';
import { handleScopedReport, type ReportScope } from '../reports';
import { activityCohorts, levelCohorts } from './reports';
import { cohortAvgTimeScreen, cohortEngScreen, cohortImpressionScreen, cohortLevelScreen, cohortRevenueScreen, cohortSessionScreen } from './screens';

/** The cohort views' server halves: scope (visibility, range), then the cohort rollups. */

/** The five activity views answer the same figures; each screen derives its own ratio. */
const activityAnswer = (db: Db, scope: ReportScope) => activityCohorts(db, scope);

export const cohortReportHandlers = [
  handleScopedReport(cohortRevenueScreen, activityAnswer),
  handleScopedReport(cohortEngScreen, activityAnswer),
  handleScopedReport(cohortAvgTimeScreen, activityAnswer),
  handleScopedReport(cohortSessionScreen, activityAnswer),
  handleScopedReport(cohortImpressionScreen, activityAnswer),
  handleScopedReport(cohortLevelScreen, (db, scope) => levelCohorts(db, scope)),
];
