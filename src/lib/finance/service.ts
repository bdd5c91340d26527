import type { SessionAccount } from '../auth/types';
import { handleReport } from '../reports/server';
import type { Sql } from '../server/db';
import { costBy, pnl, revenueBy } from './queries';
import { resolveFinanceScope, type FinanceScope } from './scope';
import { financeAppDetailScreen, financeMktScreen, financeOverviewScreen, financeRevenueScreen, financeStatisticScreen } from './screens';

/** The finance reports' server halves: the finance scope (permission, range), then the query. */

type Filters = { apps: string[]; os: number; from?: string; to?: string };
const scopeOf = (db: Sql, viewer: SessionAccount, input: Filters) => resolveFinanceScope(db, viewer, { apps: input.apps, os: input.os, from: input.from, to: input.to });
const meta = (scope: FinanceScope) => ({ from: scope.from, to: scope.to, apps: scope.apps, pending: 0, names: Object.fromEntries(scope.appInfo.map((a) => [a.id, a.name])) });

export const financeReportHandlers = [
  handleReport(financeStatisticScreen, async (db, viewer, input) => {
    const scope = await scopeOf(db, viewer, input);
    return { ...meta(scope), by: input.by, rows: await pnl(db, scope, input.by) };
  }),
  handleReport(financeOverviewScreen, async (db, viewer, input) => {
    const scope = await scopeOf(db, viewer, input);
    return { ...meta(scope), by: input.by, rows: await pnl(db, scope, input.by) };
  }),
  handleReport(financeAppDetailScreen, async (db, viewer, input) => {
    const scope = await scopeOf(db, viewer, input);
    return { ...meta(scope), by: input.by, rows: await pnl(db, scope, input.by), sources: await revenueBy(db, scope, 'source') };
  }),
  handleReport(financeRevenueScreen, async (db, viewer, input) => {
    const scope = await scopeOf(db, viewer, input);
    const { names: _names, ...rest } = meta(scope);
    return { ...rest, by: input.by, rows: await revenueBy(db, scope, input.by) };
  }),
  handleReport(financeMktScreen, async (db, viewer, input) => {
    const scope = await scopeOf(db, viewer, input);
    return { ...meta(scope), by: input.by, rows: await costBy(db, scope, input.by) };
  }),
];
