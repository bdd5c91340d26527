import { configKindOf } from '../../../../../lib/config-data/route-kind';
import { configContracts } from '../../../../../lib/config-data/contract';
import { saveConfig } from '../../../../../lib/config-data/service';
import { ready } from '../../../../../lib/server/db';
import { endpoint } from '../../../../../lib/server/endpoint';
import type { APIRoute } from 'astro';

export const POST: APIRoute = (ctx) => {
  const kind = configKindOf(ctx);
  if (!kind) return new Response(JSON.stringify({ message: `Unknown configuration kind "${ctx.params.kind}".` }), { status: 404, headers: { 'content-type': 'application/json' } });
  return endpoint(configContracts[kind].save, async (input, c) => ({ data: await saveConfig(await ready(), kind, c, input as never) }))(ctx);
};
