import { handleScoped } from '../reports/scope';
import { costBy, pnl, revenueBy, versionByDay } from './queries';
import { dataVersions } from './more';
import { badRequest } from '../server/errors';
import { addDays } from '../time/day';
import { financeReconciliationScreen } from './reconciliation';
import { reconciliation } from './reconciliation-query';
import { financeScopeRule, type FinanceScope } from './scope';
import { financeAppDetailScreen, financeMktScreen, financeOverviewScreen, financeRevenueScreen, financeStatisticScreen, financeCompareScreen } from './screens';

/** The finance reports' server halves: the finance scope (permission, range), then the query. */

const names = (scope: FinanceScope) => Object.fromEntries(scope.appInfo.map((a) => [a.id, a.name]));

export const financeReportHandlers = [
  handleScoped(financeStatisticScreen, financeScopeRule, async (db, scope, input) => ({ pending: 0, names: names(scope), by: input.by, rows: await pnl(db, scope, input.by) })),
  handleScoped(financeOverviewScreen, financeScopeRule, async (db, scope, input) => ({ pending: 0, names: names(scope), by: input.by, rows: await pnl(db, scope, input.by) })),
  handleScoped(financeAppDetailScreen, financeScopeRule, async (db, scope, input) => ({ pending: 0, names: names(scope), by: input.by, rows: await pnl(db, scope, input.by), sources: await revenueBy(db, scope, 'source') })),
  handleScoped(financeRevenueScreen, financeScopeRule, async (db, scope, input) => ({ pending: 0, by: input.by, rows: await revenueBy(db, scope, input.by) })),
  handleScoped(financeMktScreen, financeScopeRule, async (db, scope, input) => ({ pending: 0, names: names(scope), by: input.by, rows: await costBy(db, scope, input.by) })),

  handleScoped(financeCompareScreen, financeScopeRule, async (db, scope, input, viewer) => {
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
    return { pending: 0, a, b, versions, rows };
  }),
  handleScoped(financeReconciliationScreen, financeScopeRule, async (db, scope) => ({ pending: 0, names: names(scope), rows: await reconciliation(db, scope) })),
];
