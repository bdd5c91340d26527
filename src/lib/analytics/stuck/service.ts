import { handleScopedReport } from '../reports';
import { stuckLevels } from './reports';
import { stuckGameScreen } from './screens';

/** Stuck Game's server half: scope (the app, the range), then its rollups. */
export const stuckReportHandlers = [
  handleScopedReport(stuckGameScreen, async (db, scope, input) => ({ inactiveDays: input.inactiveDays, ...(await stuckLevels(db, scope, input.inactiveDays)) })),
];
