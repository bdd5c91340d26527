import type { RouteNode } from '../lib/routes';
import { analyticsReports } from '../lib/analytics/screens';
import { cohortReports } from '../lib/analytics/cohort/screens';
import { moneyReports } from '../lib/analytics/money/screens';
import { playReports } from '../lib/analytics/play/screens';
import { stuckReports } from '../lib/analytics/stuck/screens';
import { experimentReports } from '../lib/experiments/screens';
import { financeReports } from '../lib/finance/screens';
import { houseAdReports } from '../lib/house-ads/screens';
import { progressReports } from '../lib/progress-events/screens';
import type { ReportDescriptor } from '../lib/reports/define';
import type { ResourceDescriptor } from '../lib/resources/define';
import { resources } from './resource-screens';

/**
 * The composition root of the screens (it names only descriptors, never a service): every report descriptor
 * and every list-and-form descriptor of every area. The browser never loads it whole: a report screen loads
 * its own descriptor's module (./report-modules.ts), the list screens ./resource-screens.ts. The generic screens
 * render them, the route table names them (`screen: 'report:<id>'`, `'resource:<id>'`), and the descriptor
 * walk tests visit each. Their server halves are in ./server.ts.
 */

/** Every report descriptor by id. */
export const reportScreens: Record<string, ReportDescriptor> = Object.fromEntries(
  // Each area's list is typed by its own descriptors' request and figures; the table by id holds them erased.
  ([...analyticsReports, ...playReports, ...moneyReports, ...cohortReports, ...stuckReports, ...experimentReports, ...financeReports, ...houseAdReports, ...progressReports] as unknown as ReportDescriptor[]).map((d) => [d.id, d]),
);

// The list-and-form descriptors are in ./resource-screens.ts, so the list screens' island loads no report descriptor.
export { resourceById, resources } from './resource-screens';

type Screen = NonNullable<RouteNode['screen']>;

/** The screen each descriptor's route shows: reports by their `route`, list-and-form screens that name one. */
export function deriveScreens(reports: readonly ReportDescriptor[], lists: readonly ResourceDescriptor[]): ReadonlyMap<string, Screen> {
  return new Map<string, Screen>([
    ...reports.map((d): [string, Screen] => [d.route, `report:${d.id}`]),
    ...lists.filter((d) => d.route).map((d): [string, Screen] => [d.route!, `resource:${d.id}`]),
  ]);
}

export const screensByRoute = deriveScreens(Object.values(reportScreens), resources);

/**
 * The screen a route without a page of its own shows: the route table's `screen:` where it names one,
 * otherwise the descriptor that names the route (so a new descriptor needs no line in src/lib/routes.ts).
 */
export function screenOf(route: Pick<RouteNode, 'path' | 'screen'>): Screen | null {
  return route.screen ?? screensByRoute.get(route.path) ?? null;
}
