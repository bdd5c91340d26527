import type { RouteNode } from '../lib/routes';
import { accountsResource } from '../lib/accounts/resources';
import { analyticsReports } from '../lib/analytics/screens';
import { cohortReports } from '../lib/analytics/cohort/screens';
import { moneyReports } from '../lib/analytics/money/screens';
import { playReports } from '../lib/analytics/play/screens';
import { stuckReports } from '../lib/analytics/stuck/screens';
import { appResources } from '../lib/apps/resources';
import { configResources, teamsResource } from '../lib/config-data/resources';
import { experimentsResource } from '../lib/experiments/resources';
import { experimentReports } from '../lib/experiments/screens';
import { financeReports } from '../lib/finance/screens';
import { giftResources } from '../lib/gift-codes/resources';
import { houseAdResources } from '../lib/house-ads/resources';
import { houseAdReports } from '../lib/house-ads/screens';
import { storeKeyResource } from '../lib/iap/resources';
import { jobRunsResource, jobsResource } from '../lib/jobs/resources';
import { liveResources } from '../lib/live-events/resources';
import { mailResource } from '../lib/mail/resources';
import { progressEventsResource } from '../lib/progress-events/resources';
import { progressReports } from '../lib/progress-events/screens';
import { pushesResource, pushSettingsResource, pushStatsResource } from '../lib/push/resources';
import type { ReportDescriptor } from '../lib/reports/define';
import { researchResources } from '../lib/research/resources';
import type { ResourceDescriptor } from '../lib/resources/define';
import { rolesResource } from '../lib/roles/resources';

/**
 * The composition root of the screens (shared by browser and server, so it names only descriptors, never a
 * service): every report descriptor and every list-and-form descriptor of every area. The generic screens
 * render them, the route table names them (`screen: 'report:<id>'`, `'resource:<id>'`), and the descriptor
 * walk tests visit each. Their server halves are in ./server.ts.
 */

/** Every report descriptor by id. */
export const reportScreens: Record<string, ReportDescriptor> = Object.fromEntries(
  // Each area's list is typed by its own descriptors' request and figures; the table by id holds them erased.
  ([...analyticsReports, ...playReports, ...moneyReports, ...cohortReports, ...stuckReports, ...experimentReports, ...financeReports, ...houseAdReports, ...progressReports] as unknown as ReportDescriptor[]).map((d) => [d.id, d]),
);

/** Every list-and-form descriptor. */
export const resources: readonly ResourceDescriptor[] = [
  ...appResources, storeKeyResource, ...Object.values(configResources), teamsResource, jobsResource, jobRunsResource, accountsResource, rolesResource,
  experimentsResource, ...houseAdResources, progressEventsResource, ...liveResources, ...giftResources, mailResource, pushesResource, pushStatsResource,
  pushSettingsResource, ...researchResources,
  // Erased the same way: each descriptor is typed by its own row and contracts.
] as unknown as ResourceDescriptor[];

export const resourceById: Record<string, ResourceDescriptor> = Object.fromEntries(resources.map((d) => [d.id, d]));

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
