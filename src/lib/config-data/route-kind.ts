import type { APIRoute } from 'astro';
import { json } from '../server/endpoint';
import { CONFIG_KINDS, type ConfigKind } from './kinds';

/**
 * An API route for every configuration kind named by a `[kind]` route parameter: builds each kind's
 * endpoint once, and answers 404 for an unknown kind.
 */
export function configKindRoute(build: (kind: ConfigKind) => APIRoute): APIRoute {
  const routes = new Map(CONFIG_KINDS.map((kind) => [kind as string, build(kind)]));
  return (ctx) => routes.get(ctx.params.kind ?? '')?.(ctx) ?? json(404, { message: `Unknown configuration kind "${ctx.params.kind}".` });
}
