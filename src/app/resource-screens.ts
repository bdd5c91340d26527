import { accountsResource } from '../lib/accounts/resources';
import { appResources } from '../lib/apps/resources';
import { configResources, teamsResource } from '../lib/config-data/resources';
import { experimentsResource } from '../lib/experiments/resources';
import { giftResources } from '../lib/gift-codes/resources';
import { houseAdResources } from '../lib/house-ads/resources';
import { storeKeyResource } from '../lib/iap/resources';
import { jobRunsResource, jobsResource } from '../lib/jobs/resources';
import { liveResources } from '../lib/live-events/resources';
import { mailResource } from '../lib/mail/resources';
import { progressEventsResource } from '../lib/progress-events/resources';
import { pushesResource, pushSettingsResource, pushStatsResource } from '../lib/push/resources';
import { researchResources } from '../lib/research/resources';
import type { ResourceDescriptor } from '../lib/resources/define';
import { rolesResource } from '../lib/roles/resources';

/**
 * Every list-and-form descriptor of every area (browser and server): the generic list screen's island finds
 * its descriptor here. Apart from ./screens.ts so that island does not bring every report descriptor along.
 */
export const resources: readonly ResourceDescriptor[] = [
  ...appResources, storeKeyResource, ...Object.values(configResources), teamsResource, jobsResource, jobRunsResource, accountsResource, rolesResource,
  experimentsResource, ...houseAdResources, progressEventsResource, ...liveResources, ...giftResources, mailResource, pushesResource, pushStatsResource,
  pushSettingsResource, ...researchResources,
  // Erased the same way: each descriptor is typed by its own row and contracts.
] as unknown as ResourceDescriptor[];

export const resourceById: Record<string, ResourceDescriptor> = Object.fromEntries(resources.map((d) => [d.id, d]));

