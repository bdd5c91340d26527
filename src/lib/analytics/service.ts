import { handleReport } from '../reports/server';
import { playReportHandlers } from './play/service';
import { moneyReportHandlers } from './money/service';
import { cohortReportHandlers } from './cohort/service';
import { stuckReportHandlers } from './stuck/service';
import { levelRetention, levels, mainData, resolveScope, retention } from './reports';
import type { SessionAccount } from '../auth/types';
import type { ReportInputOf } from '../reports/define';
import type { Db } from '../server/db';
import { levelMiniGameScreen, levelRetentionScreen, levelScreen, mainDataScreen, retentionScreen } from './screens';

/** The analytics reports' server halves: scope (visibility, range), then the report over the rollups. */

export const mainDataHandler = handleReport(mainDataScreen, async (db, viewer, input) => {
  const scope = await resolveScope(db, viewer, input);
  const { rows, pending } = await mainData(db, scope);
  return { from: scope.from, to: scope.to, apps: scope.apps, pending, rows };
});

export const retentionHandler = handleReport(retentionScreen, async (db, viewer, input) => {
  const scope = await resolveScope(db, viewer, input);
  const { cohorts, pending } = await retention(db, scope);
  return { from: scope.from, to: scope.to, apps: scope.apps, pending, cohorts };
});

/** Both Level reports (main levels, mini-game levels) answer from the same level rollups. */
const levelAnswer = async (db: Db, viewer: SessionAccount, input: ReportInputOf<typeof levelScreen>) => {
  const scope = await resolveScope(db, viewer, input);
  const result = await levels(db, scope, input.mode);
  return { from: scope.from, to: scope.to, apps: scope.apps, pending: result.pending, mode: input.mode, levels: result.levels };
};
export const levelHandler = handleReport(levelScreen, levelAnswer);
export const levelMiniGameHandler = handleReport(levelMiniGameScreen, levelAnswer);

export const levelRetentionHandler = handleReport(levelRetentionScreen, async (db, viewer, input) => {
  const scope = await resolveScope(db, viewer, input);
  const { cohorts, pending } = await levelRetention(db, scope, input.mode, input.maxLevel);
  return { from: scope.from, to: scope.to, apps: scope.apps, pending, mode: input.mode, maxLevel: input.maxLevel, cohorts };
});

export const analyticsReportHandlers = [mainDataHandler, retentionHandler, levelHandler, levelMiniGameHandler, levelRetentionHandler, ...playReportHandlers, ...moneyReportHandlers, ...cohortReportHandlers, ...stuckReportHandlers];
