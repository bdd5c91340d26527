import { levelScreen, mainDataScreen, retentionScreen } from '../../src/lib/analytics/screens';
import type { LevelRow, MainDataRow, RetentionCohort } from '../../src/lib/analytics/rows';
import { exportGrid } from '../../src/lib/reports/table';

/** The tables the report screens show (and the exports write), from a report's figures. */
const meta = { from: '', to: '', apps: [], pending: 0 };
export const mainDataTable = (rows: MainDataRow[]) => exportGrid(mainDataScreen.table({ ...meta, rows }, {} as never));
export const retentionTable = (cohorts: RetentionCohort[]) => exportGrid(retentionScreen.table({ ...meta, cohorts }, {} as never));
export const levelTable = (levels: LevelRow[]) => exportGrid(levelScreen.table({ ...meta, mode: 'main', levels }, {} as never));
