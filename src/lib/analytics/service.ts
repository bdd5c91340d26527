import type { SessionAccount } from '../auth/types';
import type { Db } from '../server/db';
import type { ReportFilters } from './contract';
import { levelRetentionTable, levelTable, mainDataTable, retentionTable, type ExportTable } from './metrics';
import { levelRetention, levels, mainData, resolveScope, retention } from './reports';

/** The report endpoints' work: scope (visibility, range) then the report, with what every answer carries. */

export async function mainDataReport(db: Db, account: SessionAccount, filters: ReportFilters) {
  const scope = await resolveScope(db, account, filters);
  const { rows, pending } = await mainData(db, scope);
  return { from: scope.from, to: scope.to, apps: scope.apps, pending, rows };
}

export async function retentionReport(db: Db, account: SessionAccount, filters: ReportFilters) {
  const scope = await resolveScope(db, account, filters);
  const { cohorts, pending } = await retention(db, scope);
  return { from: scope.from, to: scope.to, apps: scope.apps, pending, cohorts };
}

export async function levelReport(db: Db, account: SessionAccount, filters: ReportFilters & { mode: 'main' | 'minigame' }) {
  const scope = await resolveScope(db, account, filters);
  const result = await levels(db, scope, filters.mode);
  return { from: scope.from, to: scope.to, apps: scope.apps, pending: result.pending, mode: filters.mode, levels: result.levels };
}

export async function levelRetentionReport(db: Db, account: SessionAccount, filters: ReportFilters & { mode: 'main' | 'minigame'; maxLevel: number }) {
  const scope = await resolveScope(db, account, filters);
  const { cohorts, pending } = await levelRetention(db, scope, filters.mode, filters.maxLevel);
  return { from: scope.from, to: scope.to, apps: scope.apps, pending, mode: filters.mode, maxLevel: filters.maxLevel, cohorts };
}

/** The table a screen shows, for its export. */
export async function reportTable(db: Db, account: SessionAccount, report: 'mainData' | 'retention' | 'level' | 'levelRetention', filters: ReportFilters & { mode?: 'main' | 'minigame'; maxLevel?: number }): Promise<ExportTable> {
  switch (report) {
    case 'mainData':
      return mainDataTable((await mainDataReport(db, account, filters)).rows);
    case 'retention':
      return retentionTable((await retentionReport(db, account, filters)).cohorts);
    case 'level':
      return levelTable((await levelReport(db, account, { ...filters, mode: filters.mode ?? 'main' })).levels);
    case 'levelRetention': {
      const maxLevel = filters.maxLevel ?? 50;
      return levelRetentionTable((await levelRetentionReport(db, account, { ...filters, mode: filters.mode ?? 'main', maxLevel })).cohorts, maxLevel);
    }
  }
}
