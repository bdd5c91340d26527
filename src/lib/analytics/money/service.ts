import { handleReport } from '../../reports/server';
import { resolveScope } from '../reports';
import { adsImpression, adview, adviewOverview, appMeasurement, cvr, firstIap, inappOverview, inappProducts, subscriptions } from './reports';
import { adsImpressionScreen, adviewOverviewScreen, adviewScreen, appMeasurementScreen, cvrScreen, firstIapScreen, inappOverviewScreen, inappScreen, subscriptionScreen } from './screens';

/** The ads and money reports' server halves: scope (visible apps, range, filters), then the query over the rollups. */

export const moneyReportHandlers = [
  handleReport(adviewOverviewScreen, async (db, viewer, input) => {
    const scope = await resolveScope(db, viewer, input);
    return { from: scope.from, to: scope.to, apps: scope.apps, adFormat: input.adFormat, ...(await adviewOverview(db, scope, input.adFormat)) };
  }),
  handleReport(adviewScreen, async (db, viewer, input) => {
    const scope = await resolveScope(db, viewer, input);
    return { from: scope.from, to: scope.to, apps: scope.apps, by: input.by, ...(await adview(db, scope, input.by)) };
  }),
  handleReport(adsImpressionScreen, async (db, viewer, input) => {
    const scope = await resolveScope(db, viewer, input);
    return { from: scope.from, to: scope.to, apps: scope.apps, by: input.by, ...(await adsImpression(db, scope, input.by)) };
  }),
  handleReport(inappOverviewScreen, async (db, viewer, input) => {
    const scope = await resolveScope(db, viewer, input);
    return { from: scope.from, to: scope.to, apps: scope.apps, ...(await inappOverview(db, scope)) };
  }),
  handleReport(inappScreen, async (db, viewer, input) => {
    const scope = await resolveScope(db, viewer, input);
    return { from: scope.from, to: scope.to, apps: scope.apps, ...(await inappProducts(db, scope)) };
  }),
  handleReport(firstIapScreen, async (db, viewer, input) => {
    const scope = await resolveScope(db, viewer, input);
    return { from: scope.from, to: scope.to, apps: scope.apps, by: input.by, ...(await firstIap(db, scope, input.by)) };
  }),
  handleReport(subscriptionScreen, async (db, viewer, input) => {
    const scope = await resolveScope(db, viewer, input);
    return { from: scope.from, to: scope.to, apps: scope.apps, by: input.by, ...(await subscriptions(db, scope, input.by)) };
  }),
  handleReport(cvrScreen, async (db, viewer, input) => {
    const scope = await resolveScope(db, viewer, input);
    return { from: scope.from, to: scope.to, apps: scope.apps, goal: input.goal, ...(await cvr(db, scope, input.goal)) };
  }),
  handleReport(appMeasurementScreen, async (db, viewer, input) => {
    const scope = await resolveScope(db, viewer, input);
    return { from: scope.from, to: scope.to, apps: scope.apps, ...(await appMeasurement(db, scope)) };
  }),
];
