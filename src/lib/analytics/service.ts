import { playReportHandlers } from './play/service';
import { moneyReportHandlers } from './money/service';
import { cohortReportHandlers } from './cohort/service';
import { stuckReportHandlers } from './stuck/service';
import { handleScopedReport, levelRetention, levels, mainData, retention, type ReportScope } from './reports';
import type { Db } from '../server/db';
import { levelMiniGameScreen, levelRetentionScreen, levelScreen, mainDataScreen, retentionScreen } from './screens';

/** The analytics reports' server halves: scope (visibility, range), then the report over the rollups. */

export const mainDataHandler = handleScopedReport(mainDataScreen, (db, scope) => mainData(db, scope));

export const retentionHandler = handleScopedReport(retentionScreen, (db, scope) => retention(db, scope));

/** Both Level reports (main levels, mini-game levels) answer from the same level rollups. */
const levelAnswer = async (db: Db, scope: ReportScope, input: { mode: 'main' | 'minigame' }) => ({ mode: input.mode, ...(await levels(db, scope, input.mode)) });
export const levelHandler = handleScopedReport(levelScreen, levelAnswer);
export const levelMiniGameHandler = handleScopedReport(levelMiniGameScreen, levelAnswer);

export const levelRetentionHandler = handleScopedReport(levelRetentionScreen, async (db, scope, input) => ({
  mode: input.mode,
  maxLevel: input.maxLevel,
  ...(await levelRetention(db, scope, input.mode, input.maxLevel)),
}));

export const analyticsReportHandlers = [mainDataHandler, retentionHandler, levelHandler, levelMiniGameHandler, levelRetentionHandler, ...playReportHandlers, ...moneyReportHandlers, ...cohortReportHandlers, ...stuckReportHandlers];
