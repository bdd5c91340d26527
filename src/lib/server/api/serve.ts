import type { APIContext } from 'astro';
import { errorJson, isSdkPath, runHandler, type ApiHandler } from './handler';
import { ApiRouter } from './router';

/**
 * The API server over a list of handlers (the composition root's, src/app/server.ts): it answers one
 * `/api/*` request with the handler registered for its method and path, a JSON 404 for an unknown path, a
 * JSON 405 with Allow for a known path asked with another method. Runs inside the middleware, which has
 * resolved the session, opened the database and logs the request.
 */
export function apiServer(handlers: readonly ApiHandler[]): (astro: APIContext) => Promise<Response> {
  const router = new ApiRouter(handlers);
  return (astro) => serve(router, astro);
}

async function serve(router: ApiRouter, astro: APIContext): Promise<Response> {
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
      return errorJson(400, `The path ${pathname} is not valid percent-encoding.`, {}, isSdkPath(pathname), 'BAD_PATH');
    case 'none':
      return errorJson(404, `No API endpoint at ${pathname}.`, {}, isSdkPath(pathname));
  }
}
