import { accountsArea } from '../lib/accounts/area';
import { alertsArea } from '../lib/alerts/area';
import { analyticsArea } from '../lib/analytics/area';
import { appsArea } from '../lib/apps/area';
import type { AreaManifest } from '../lib/area';
import { authArea } from '../lib/auth/area';
import { configDataArea } from '../lib/config-data/area';
import { experimentsArea } from '../lib/experiments/area';
import { financeArea } from '../lib/finance/area';
import { giftCodesArea } from '../lib/gift-codes/area';
import { historyArea } from '../lib/history/area';
import { houseAdsArea } from '../lib/house-ads/area';
import { iapArea } from '../lib/iap/area';
import { jobsArea } from '../lib/jobs/area';
import { liveEventsArea } from '../lib/live-events/area';
import { logsArea } from '../lib/logs/area';
import { mailArea } from '../lib/mail/area';
import { openApiArea } from '../lib/openapi/area';
import { playersArea } from '../lib/players/area';
import { postsArea } from '../lib/posts/area';
import { progressEventsArea } from '../lib/progress-events/area';
import { pushArea } from '../lib/push/area';
import type { ReportHandler } from '../lib/reports/server';
import type { ResourcePageLoader } from '../lib/resources/page-data';
import { researchArea } from '../lib/research/area';
import { rewardsArea } from '../lib/rewards/area';
import { rolesArea } from '../lib/roles/area';
import { s3Area } from '../lib/s3/area';
import { sdkCheckArea } from '../lib/sdk-check/area';
import type { ApiHandler } from '../lib/server/api/handler';
import { apiServer } from '../lib/server/api/serve';
import { systemArea } from '../lib/system/area';
import { testingArea } from '../lib/testing/area';
import { worklogsArea } from '../lib/worklogs/area';
import { resourceApi } from '../lib/resources/serve';

/**
 * The composition root of the server: every area's manifest, once. The API registry, the report handlers,
 * the list-and-form screens' first renders and the seeds are derived from this list, so a new area is its
 * folder plus one line here (and one in ./screens.ts if it has report or resource screens).
 *
 * The order is the order demo data is seeded in: telemetry before house ads, house ads before finance
 * (finance's refresh books the house-ad installs' value), the rest after.
 */
export const areas: readonly AreaManifest[] = [
  systemArea,
  authArea,
  accountsArea,
  rolesArea,
  configDataArea,
  logsArea,
  sdkCheckArea,
  appsArea,
  rewardsArea,
  jobsArea,
  postsArea,
  analyticsArea,
  playersArea,
  historyArea,
  testingArea,
  iapArea,
  experimentsArea,
  houseAdsArea,
  financeArea,
  progressEventsArea,
  researchArea,
  liveEventsArea,
  mailArea,
  giftCodesArea,
  pushArea,
  worklogsArea,
  s3Area,
  alertsArea,
  openApiArea(() => apiHandlers),
];

/** Every endpoint of the console and the game SDK: an area's list-and-form handlers derived from its descriptors (`serve`), then its api list. */
export const apiHandlers: readonly ApiHandler[] = areas.flatMap((a) => [...resourceApi(a.resources), ...(a.api ?? [])]);

/** Answers one `/api/*` request (src/pages/api/[...path].ts). */
export const serveApi = apiServer(apiHandlers);

/** Every report's server half by descriptor id (the descriptors themselves: ./screens.ts). */
export const reportHandlers: Readonly<Record<string, ReportHandler>> = Object.fromEntries(areas.flatMap((a) => a.reports ?? []).map((h) => [h.descriptor.id, h]));

/** First renders of the list-and-form screens by descriptor id. */
export const resourcePages: Readonly<Record<string, ResourcePageLoader>> = Object.assign({}, ...areas.map((a) => a.resourcePages ?? {}));
