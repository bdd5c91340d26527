import { accountsResource } from '../accounts/resources';
import { appResources } from '../apps/resources';
import { configResources, teamsResource } from '../config-data/resources';
import { houseAdResources } from '../house-ads/resources';
import { storeKeyResource } from '../iap/resources';
import { jobRunsResource, jobsResource } from '../jobs/resources';
import { experimentsResource } from '../experiments/resources';
import { progressEventsResource } from '../progress-events/resources';
import { pushesResource, pushSettingsResource, pushStatsResource } from '../push/resources';
import { rolesResource } from '../roles/resources';
import { liveResources } from '../live-events/resources';
import { giftResources } from '../gift-codes/resources';
import { mailResource } from '../mail/resources';
import { researchResources } from '../research/resources';
import type { ResourceDescriptor } from './define';

/**
 * Every list-and-form descriptor by id: the generic view renders them (a page names one by id), and the
 * descriptor walk test visits each. Shared by browser and server.
 */
export const resources: readonly ResourceDescriptor[] = [...appResources, storeKeyResource, ...Object.values(configResources), teamsResource, jobsResource, jobRunsResource, accountsResource, rolesResource, experimentsResource, ...houseAdResources, progressEventsResource, ...liveResources, ...giftResources, mailResource, pushesResource, pushStatsResource, pushSettingsResource, ...researchResources] as unknown as ResourceDescriptor[];

export const resourceById: Record<string, ResourceDescriptor> = Object.fromEntries(resources.map((d) => [d.id, d]));
