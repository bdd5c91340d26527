/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The signed-in account, or null. Set by src/middleware.ts on every request. */
    account: import('./lib/auth/types').SessionAccount | null;
    requestId: string;
    clientIp: string;
  }
}
