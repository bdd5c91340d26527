import type { SessionAccount } from '../auth/types';
import { handleReport } from '../reports/server';
import type { Sql } from '../server/db';
import { costBy, pnl, revenueBy, versionByDay } from './queries';
import { dataVersions } from './more';
import { badRequest } from '../server/errors';
import { addDays } from '../time/day';
import { financeReconciliationScreen } from './reconciliation';
import { reconciliation } from './reconciliation-query';
import { resolveFinanceScope, type FinanceScope } from './scope';
import { financeAppDetailScreen, financeMktScreen, financeOverviewScreen, financeRevenueScreen, financeStatisticScreen, financeCompareScreen } from './screens';

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

  handleReport(financeCompareScreen, async (db, viewer, input) => {
    const scope = await scopeOf(db, viewer, input);
    const batches = await dataVersions(db, viewer, undefined, 50);
    const versions = batches.filter((b) => b.source !== 'demo').map((b) => ({ value: String(b.id), label: `#${b.id} ${b.label}${b.fileName ? ` (${b.fileName})` : ''}${b.current ? '' : ' – replaced'}` }));
    const valid = (v: string, field: string) => {
      if (v !== 'current' && !batches.some((b) => String(b.id) === v)) throw badRequest(`${field}: unknown data version ${v}`);
      return v;
    };
    const a = input.a ? valid(input.a, 'a') : 'current';
    const b = input.b ? valid(input.b, 'b') : (versions[0]?.value ?? 'current');
    const [va, vb] = await Promise.all([versionByDay(db, scope, a), versionByDay(db, scope, b)]);
    const rows = [];
    for (let d = scope.from; d <= scope.to; d = addDays(d, 1)) {
      rows.push({ key: d, revenueA: va.get(d)?.revenue ?? 0, costA: va.get(d)?.cost ?? 0, revenueB: vb.get(d)?.revenue ?? 0, costB: vb.get(d)?.cost ?? 0 });
    }
    const { names: _names, ...rest } = meta(scope);
    return { ...rest, a, b, versions, rows };
  }),
  handleReport(financeReconciliationScreen, async (db, viewer, input) => {
    const scope = await scopeOf(db, viewer, input);
    return { ...meta(scope), rows: await reconciliation(db, scope) };
  }),
];
