import type { ReportHandler } from './reports/server';
import type { ResourcePageLoader } from './resources/page-data';
import type { AreaResources } from './resources/serve';
import type { ApiHandler } from './server/api/handler';
import type { AreaSeed } from './server/db/seed';

/**
 * An area's server manifest (`src/lib/<area>/area.ts`): everything the area plugs into the server. The
 * composition root (`src/app/server.ts`) lists the manifests and derives the API registry, the report
 * handlers, the list-and-form screens' first renders and the seeds from them, so shared folders never name
 * an area. The browser half (report and resource descriptors) is listed in `src/app/screens.ts`.
 */
export interface AreaManifest {
  /** The folder's name under src/lib. */
  name: string;
  /** The area's console and SDK endpoints. */
  api?: readonly ApiHandler[];
  /** The server halves of the area's report descriptors. */
  reports?: readonly ReportHandler[];
  /** First renders of the area's list-and-form screens, by descriptor id. */
  resourcePages?: Readonly<Record<string, ResourcePageLoader>>;
  /** The area's list-and-form descriptors and its service module: descriptors that name their service functions (`serve`) get their API handlers from here. */
  resources?: AreaResources;
  /** Rows an empty database gets with demo data. */
  seed?: AreaSeed;
}

/** Declares an area's manifest (an identity: it types the object where it is written). */
export function defineArea(manifest: AreaManifest): AreaManifest {
  return manifest;
}
