import { handleScopedReport } from '../reports';
import { counters, funnel, measurements, resourceChannels, resourceOverview, taskQuests } from './reports';
import { counterHorizontalScreen, counterVerticalScreen, funnelScreen, measurementScreen, resourceEarnScreen, resourceOverviewScreen, resourceSpendScreen, taskQuestScreen } from './screens';

/** The gameplay and custom-event reports' server halves: scope (visibility, range), then SQL over their rollups. */

export const taskQuestHandler = handleScopedReport(taskQuestScreen, (db, scope) => taskQuests(db, scope));

export const resourceOverviewHandler = handleScopedReport(resourceOverviewScreen, (db, scope, input) => resourceOverview(db, scope, input.resource));

export const resourceEarnHandler = handleScopedReport(resourceEarnScreen, (db, scope, input) => resourceChannels(db, scope, input.resource, 'earn'));

export const resourceSpendHandler = handleScopedReport(resourceSpendScreen, (db, scope, input) => resourceChannels(db, scope, input.resource, 'spend'));

export const funnelHandler = handleScopedReport(funnelScreen, (db, scope, input) => funnel(db, scope, input.funnel));

const counterRun = (db: Parameters<typeof counters>[0], scope: Parameters<typeof counters>[1], input: { counter: string }) => counters(db, scope, input.counter);
export const counterVerticalHandler = handleScopedReport(counterVerticalScreen, counterRun);
export const counterHorizontalHandler = handleScopedReport(counterHorizontalScreen, counterRun);

export const measurementHandler = handleScopedReport(measurementScreen, (db, scope, input) => measurements(db, scope, input.name, input.by));

export const playReportHandlers = [
  measurementHandler,
  taskQuestHandler,
  resourceOverviewHandler,
  resourceEarnHandler,
  resourceSpendHandler,
  funnelHandler,
  counterVerticalHandler,
  counterHorizontalHandler,
];
