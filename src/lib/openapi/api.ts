import { handleRaw, type ApiHandler } from '../server/api/handler';
import { openApiContract } from './contract';
import { buildOpenApi, type OpenApiDocument } from './document';

let cached: OpenApiDocument | undefined;

/**
 * The registry is imported when first asked (it imports this list: a static import would be a cycle). The
 * document depends only on the code, so it is built once per process.
 */
export async function openApiDocument(): Promise<OpenApiDocument> {
  if (!cached) {
    const { apiHandlers } = await import('../server/api/registry');
    cached = buildOpenApi(apiHandlers);
  }
  return cached;
}

export const openApiApi: ApiHandler[] = [
  handleRaw(openApiContract, async () =>
    new Response(JSON.stringify(await openApiDocument()), { headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } }),
  ),
];
