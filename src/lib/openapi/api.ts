import { handle, handleRaw, type ApiHandler } from '../server/api/handler';
import { openApiContract, testerEndpointsContract } from './contract';
import { buildOpenApi, type OpenApiDocument } from './document';
import { testerEndpoints } from './tester';

let cached: OpenApiDocument | undefined;
let handlers: readonly ApiHandler[] = [];

/**
 * The registry is imported when first asked (it imports this list: a static import would be a cycle). The
 * document depends only on the code, so it is built once per process.
 */
export async function openApiDocument(): Promise<OpenApiDocument> {
  if (!cached) {
    const { apiHandlers } = await import('../server/api/registry');
    handlers = apiHandlers;
    cached = buildOpenApi(apiHandlers);
  }
  return cached;
}

export const openApiApi: ApiHandler[] = [
  handleRaw(openApiContract, async () =>
    new Response(JSON.stringify(await openApiDocument()), { headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } }),
  ),
  handle(testerEndpointsContract, async (_input, ctx) => {
    const doc = await openApiDocument();
    return { data: testerEndpoints(handlers, doc, ctx.viewer) };
  }),
];
