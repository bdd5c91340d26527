import type { APIContext } from 'astro';
import { accountsApi } from '../../accounts/api';
import { analyticsApi } from '../../analytics/api';
import { appsApi } from '../../apps/api';
import { authApi } from '../../auth/api';
import { configDataApi } from '../../config-data/api';
import { experimentsApi } from '../../experiments/api';
import { financeApi } from '../../finance/api';
import { historyApi } from '../../history/api';
import { iapApi } from '../../iap/api';
import { houseAdsApi } from '../../house-ads/api';
import { jobsApi } from '../../jobs/api';
import { liveEventsApi } from '../../live-events/api';
import { logsApi } from '../../logs/api';
import { openApiApi } from '../../openapi/api';
import { worklogsApi } from '../../worklogs/api';
import { playerStaffApi, playersApi } from '../../players/api';
import { postsApi } from '../../posts/api';
import { progressEventsApi } from '../../progress-events/api';
import { pushApi } from '../../push/api';
import { rolesApi } from '../../roles/api';
import { s3Api } from '../../s3/api';
import { sdkCheckApi } from '../../sdk-check/api';
import { gameItemsApi } from '../../rewards/api';
import { mailApi } from '../../mail/api';
import { researchApi } from '../../research/api';
import { giftCodesApi } from '../../gift-codes/api';
import { systemApi } from '../../system/api';
import { testingApi } from '../../testing/api';
import { errorJson, isSdkPath, runHandler, type ApiHandler } from './handler';
import { ApiRouter } from './router';

/**
 * Every API handler of the console and the game SDK, one list per area (`src/lib/<area>/api.ts`). The one
 * catch-all route `src/pages/api/[...path].ts` serves them; a new endpoint is a contract plus one entry in
 * its area's list.
 */
export const apiHandlers: readonly ApiHandler[] = [
  ...systemApi,
  ...authApi,
  ...accountsApi,
  ...rolesApi,
  ...configDataApi,
  ...logsApi,
  ...sdkCheckApi,
  ...appsApi,
  ...jobsApi,
  ...postsApi,
  ...analyticsApi,
  ...playersApi,
  ...playerStaffApi,
  ...historyApi,
  ...testingApi,
  ...iapApi,
  ...experimentsApi,
  ...financeApi,
  ...houseAdsApi,
  ...progressEventsApi,
  ...liveEventsApi,
  ...gameItemsApi,
  ...mailApi,
  ...researchApi,
  ...giftCodesApi,
  ...pushApi,
  ...openApiApi,
  ...worklogsApi,
  ...s3Api,
];

const router = new ApiRouter(apiHandlers);

/**
 * Answers one `/api/*` request: the handler registered for its method and path, a JSON 404 for an unknown
 * path, a JSON 405 with Allow for a known path asked with another method. Runs inside the middleware, which
 * has resolved the session, opened the database and logs the request.
 */
export async function serveApi(astro: APIContext): Promise<Response> {
  const { method } = astro.request;
  const { pathname } = astro.url;
  const found = router.match(method, pathname);
  switch (found.kind) {
    case 'found':
      return runHandler(found.handler, {
        db: astro.locals.db,
        viewer: astro.locals.account,
        requestId: astro.locals.requestId,
        ip: astro.locals.clientIp,
        request: astro.request,
        url: astro.url,
        cookies: astro.cookies,
        params: found.params,
      });
    case 'method': {
      const allow = [...new Set(found.allow.includes('GET') ? [...found.allow, 'HEAD'] : found.allow)].join(', ');
      return errorJson(405, `${method} is not allowed on ${pathname} (allowed: ${allow}).`, { allow }, isSdkPath(pathname));
    }
    case 'malformed':
      return errorJson(400, `The path ${pathname} is not valid percent-encoding.`, {}, isSdkPath(pathname));
    case 'none':
      return errorJson(404, `No API endpoint at ${pathname}.`, {}, isSdkPath(pathname));
  }
}
