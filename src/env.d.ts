/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The signed-in account, or null. Set by src/middleware.ts on every request. */
    account: import('./lib/auth/types').SessionAccount | null;
    /** The open, migrated database. Set by src/middleware.ts before pages and the API registry run. */
    db: import('./lib/server/db').Db;
    /** The route table's entry of a page request, found once by src/middleware.ts (null for /api and unknown paths). */
    route: import('./lib/routes').FlatRoute | null;
    requestId: string;
    /** Set by src/middleware.ts when an unexpected exception is answered with the 500 page: the request id. */
    fault?: string;
    clientIp: string;
  }
}

declare namespace Astro {
  interface ClientDirectives {
    /** Hydrate when the person first points at, touches, focuses or types in the island (src/lib/ui/hydrate-on-interaction.ts). */
    'client:interaction'?: boolean;
  }
}
