import type { APIRoute } from 'astro';
import { serveApi } from '../../lib/server/api/registry';

/**
 * The one API route: every `/api/*` request, whatever its method, is answered from the API registry
 * (src/lib/server/api/registry.ts), where each area registers its contracts' handlers.
 */
export const ALL: APIRoute = (astro) => serveApi(astro);
