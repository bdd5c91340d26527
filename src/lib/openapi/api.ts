import { handle, handleRaw, type ApiHandler } from '../server/api/handler';
import { openApiContract, testerEndpointsContract } from './contract';
import { buildOpenApi, type OpenApiDocument } from './document';
import { testerEndpoints } from './tester';

/**
 * The OpenAPI document and the Utils Test screen's endpoint list. They describe every endpoint, so the
 * composition root hands them the whole list (`all`, read when first asked). The document depends only on
 * the code, so it is built once per process.
 */
export function openApiApi(all: () => readonly ApiHandler[]): ApiHandler[] {
  let cached: OpenApiDocument | undefined;
  const document = () => (cached ??= buildOpenApi(all()));
  return [
    handleRaw(openApiContract, async () =>
      new Response(JSON.stringify(document()), { headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } }),
    ),
    handle(testerEndpointsContract, async (_input, ctx) => ({ data: testerEndpoints(all(), document(), ctx.viewer) })),
  ];
}
