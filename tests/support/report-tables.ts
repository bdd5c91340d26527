import { levelRetentionScreen, levelScreen, mainDataScreen, retentionScreen } from '../../src/lib/analytics/screens';
import type { LevelRetentionCohort, LevelRow, MainDataRow, RetentionCohort } from '../../src/lib/analytics/rows';
import { exportGrid } from '../../src/lib/reports/table';

/** The header and rows an export writes (and the screen shows), from a report's figures. */
export type ExportTable = ReturnType<typeof exportGrid>;

const meta = { from: '', to: '', apps: [], pending: 0 };
export const mainDataTable = (rows: MainDataRow[]): ExportTable => exportGrid(mainDataScreen.table({ ...meta, rows }, {} as never));
export const retentionTable = (cohorts: RetentionCohort[]): ExportTable => exportGrid(retentionScreen.table({ ...meta, cohorts }, {} as never));
export const levelTable = (levels: LevelRow[]): ExportTable => exportGrid(levelScreen.table({ ...meta, mode: 'main', levels }, {} as never));
export const levelRetentionTable = (cohorts: LevelRetentionCohort[], maxLevel: number): ExportTable =>
  exportGrid(levelRetentionScreen.table({ ...meta, mode: 'main', maxLevel, cohorts }, {} as never));
