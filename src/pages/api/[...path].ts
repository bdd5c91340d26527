import type { APIRoute } from 'astro';
import { serveApi } from '../../app/server';

/**
 * The one API route: every `/api/*` request, whatever its method, is answered from the API registry
 * (src/app/server.ts), derived from each area's manifest.
 */
export const ALL: APIRoute = (astro) => serveApi(astro);
