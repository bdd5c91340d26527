import { handleReport } from '../../reports/server';
import { resolveScope } from '../reports';
import { counters, funnel, measurements, resourceChannels, resourceOverview, taskQuests } from './reports';
import { counterHorizontalScreen, counterVerticalScreen, funnelScreen, measurementScreen, resourceEarnScreen, resourceOverviewScreen, resourceSpendScreen, taskQuestScreen } from './screens';

/** The gameplay and custom-event reports' server halves: scope (visibility, range), then SQL over their rollups. */

const meta = (scope: { from: string; to: string; apps: string[] }) => ({ from: scope.from, to: scope.to, apps: scope.apps });

export const taskQuestHandler = handleReport(taskQuestScreen, async (db, viewer, input) => {
  const scope = await resolveScope(db, viewer, input);
  return { ...meta(scope), ...(await taskQuests(db, scope)) };
});

export const resourceOverviewHandler = handleReport(resourceOverviewScreen, async (db, viewer, input) => {
  const scope = await resolveScope(db, viewer, input);
  return { ...meta(scope), ...(await resourceOverview(db, scope, input.resource)) };
});

export const resourceEarnHandler = handleReport(resourceEarnScreen, async (db, viewer, input) => {
  const scope = await resolveScope(db, viewer, input);
  return { ...meta(scope), ...(await resourceChannels(db, scope, input.resource, 'earn')) };
});

export const resourceSpendHandler = handleReport(resourceSpendScreen, async (db, viewer, input) => {
  const scope = await resolveScope(db, viewer, input);
  return { ...meta(scope), ...(await resourceChannels(db, scope, input.resource, 'spend')) };
});

export const funnelHandler = handleReport(funnelScreen, async (db, viewer, input) => {
  const scope = await resolveScope(db, viewer, input);
  return { ...meta(scope), ...(await funnel(db, scope, input.funnel)) };
});

const counterRun = async (db: Parameters<typeof counters>[0], viewer: Parameters<typeof resolveScope>[1], input: { counter: string } & Parameters<typeof resolveScope>[2]) => {
  const scope = await resolveScope(db, viewer, input);
  return { ...meta(scope), ...(await counters(db, scope, input.counter)) };
};
export const counterVerticalHandler = handleReport(counterVerticalScreen, counterRun);
export const counterHorizontalHandler = handleReport(counterHorizontalScreen, counterRun);

export const measurementHandler = handleReport(measurementScreen, async (db, viewer, input) => {
  const scope = await resolveScope(db, viewer, input);
  return { ...meta(scope), ...(await measurements(db, scope, input.name, input.by)) };
});

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
