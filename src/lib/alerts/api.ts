import { handle, type ApiHandler } from '../server/api/handler';
import { acknowledgeAlertsContract, countAlertsContract, listAlertsContract, testAlertRuleContract } from './contract';
import { acknowledgeAlerts, countUnacknowledged, listAlerts, testAlertRule } from './service';

/** The alerts list, the bell's count, acknowledgements and the rule test. Listed in the area's manifest (./area.ts). */
export const alertsApi: ApiHandler[] = [
  handle(listAlertsContract, async (q, ctx) => listAlerts(ctx.db, ctx.viewer, q)),
  handle(countAlertsContract, async (_q, ctx) => ({ data: await countUnacknowledged(ctx.db, ctx.viewer) })),
  handle(acknowledgeAlertsContract, async (input, ctx) => ({ data: { acknowledged: await acknowledgeAlerts(ctx.db, ctx.viewer, input) } })),
  handle(testAlertRuleContract, async ({ id }, ctx) => ({ data: await testAlertRule(ctx.db, ctx.viewer, id) })),
];
