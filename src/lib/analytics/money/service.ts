import { handleScopedReport } from '../reports';
import { adsImpression, adview, adviewOverview, appMeasurement, cvr, firstIap, inappOverview, inappProducts, subscriptions } from './reports';
import { adsImpressionScreen, adviewOverviewScreen, adviewScreen, appMeasurementScreen, cvrScreen, firstIapScreen, inappOverviewScreen, inappScreen, subscriptionScreen } from './screens';

/** The ads and money reports' server halves: scope (visible apps, range, filters), then the query over the rollups. */

export const moneyReportHandlers = [
  handleScopedReport(adviewOverviewScreen, async (db, scope, input) => ({ adFormat: input.adFormat, ...(await adviewOverview(db, scope, input.adFormat)) })),
  handleScopedReport(adviewScreen, async (db, scope, input) => ({ by: input.by, ...(await adview(db, scope, input.by)) })),
  handleScopedReport(adsImpressionScreen, async (db, scope, input) => ({ by: input.by, ...(await adsImpression(db, scope, input.by)) })),
  handleScopedReport(inappOverviewScreen, (db, scope) => inappOverview(db, scope)),
  handleScopedReport(inappScreen, (db, scope) => inappProducts(db, scope)),
  handleScopedReport(firstIapScreen, async (db, scope, input) => ({ by: input.by, ...(await firstIap(db, scope, input.by)) })),
  handleScopedReport(subscriptionScreen, async (db, scope, input) => ({ by: input.by, ...(await subscriptions(db, scope, input.by)) })),
  handleScopedReport(cvrScreen, async (db, scope, input) => ({ goal: input.goal, ...(await cvr(db, scope, input.goal)) })),
  handleScopedReport(appMeasurementScreen, (db, scope) => appMeasurement(db, scope)),
];
