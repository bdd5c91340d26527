import type { Db } from '../server/db';
import { handle, type ApiContext, type ApiHandler } from '../server/api/handler';
import type { Actor, SessionAccount } from '../auth/types';
import type { ResourceDescriptor } from './define';

/**
 * The API handlers of list-and-form screens, derived from their descriptors (server only): a descriptor
 * that names its service functions (`serve`) needs no entry in its area's api.ts. The area's manifest gives
 * its descriptors and its service module once (`resources: { descriptors, services }`); the composition
 * root adds what this makes to the API registry.
 */

type ServiceFunction = (db: Db, who: SessionAccount | Actor, input: unknown) => Promise<unknown>;

/** The area's list-and-form screens with the module whose functions their descriptors name. */
export interface AreaResources {
  descriptors: readonly ResourceDescriptor[];
  /** The area's service module (`import * as services from './service'`). */
  services: Readonly<Record<string, unknown>>;
}

function serviceFunction(resources: AreaResources, d: ResourceDescriptor, op: string, name: string): ServiceFunction {
  const fn = resources.services[name];
  // Checked when the registry is built, so a misspelt name fails start-up and the API registry test.
  if (typeof fn !== 'function') throw new Error(`resource ${d.id}: serve.${op} names ${name}, which the area's service module does not export`);
  return fn as ServiceFunction;
}

/** The handlers of every operation the area's descriptors name, in descriptor order (list, save, remove). */
export function resourceApi(resources: AreaResources | undefined): ApiHandler[] {
  if (!resources) return [];
  return resources.descriptors.flatMap((d) => {
    const serve = d.serve ?? {};
    const handlers: ApiHandler[] = [];
    if (serve.list) {
      const list = serviceFunction(resources, d, 'list', serve.list);
      // A server-paged list's service answers `{ data, totalRecord }` as the contract's body; others the rows.
      const paged = Boolean(d.contracts.list.list);
      handlers.push(handle(d.contracts.list, async (input, ctx) => {
        const answer = await list(ctx.db, (ctx as ApiContext).viewer, input);
        return (paged ? answer : { data: answer }) as { data: unknown };
      }));
    }
    for (const op of ['save', 'remove'] as const) {
      const name = serve[op];
      const contract = d.contracts[op];
      if (!name) continue;
      if (!contract) throw new Error(`resource ${d.id}: serve.${op} names ${name} but the descriptor has no ${op} contract`);
      const fn = serviceFunction(resources, d, op, name);
      handlers.push(handle(contract, async (input, ctx) => ({ data: await fn(ctx.db, (ctx as ApiContext).actor, input) })));
    }
    return handlers;
  });
}
