import { handleReport } from '../../reports/server';
import { resolveScope } from '../reports';
import { stuckLevels } from './reports';
import { stuckGameScreen } from './screens';

/** Stuck Game's server half: scope (the app, the range), then its rollups. */
export const stuckReportHandlers = [
  handleReport(stuckGameScreen, async (db, viewer, input) => {
    const scope = await resolveScope(db, viewer, input);
    const { levels, pending } = await stuckLevels(db, scope, input.inactiveDays);
    return { from: scope.from, to: scope.to, apps: scope.apps, pending, inactiveDays: input.inactiveDays, levels };
  }),
];
