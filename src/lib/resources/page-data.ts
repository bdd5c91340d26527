import type { SessionAccount } from '../auth/types';
import type { Db } from '../server/db';

/**
 * What a list-and-form screen's first render needs, read on the server (never bundled for the browser):
 * the context its selects use and, where cheap, the first rows. The route table names the screen
 * (`screen: 'resource:<id>'`) and the catch-all page renders it with this, so such a screen has no .astro
 * page of its own. Each area's manifest (`src/lib/<area>/area.ts`) names its screens' loaders.
 */
export interface ResourcePageData {
  context: unknown;
  initialRows?: unknown[] | null;
  /** A server-paged list: how many rows match in all (the first page is `initialRows`). */
  initialTotal?: number;
}

export type ResourcePageLoader = (db: Db, viewer: SessionAccount) => Promise<ResourcePageData>;
