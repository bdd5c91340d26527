import { readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pageRoutes } from '../../src/lib/routes';

const pagesDir = resolve('src/pages');

/** Every .astro page file under src/pages (API routes aside), relative to it. */
export function pageFiles(dir = pagesDir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'api' ? [] : pageFiles(full);
    return entry.name.endsWith('.astro') ? [relative(pagesDir, full)] : [];
  });
}

/** The URL Astro serves a page file at (`post/index/index.astro` → `/post/index`). */
export const pagePath = (file: string) => `/${file.replace(/\.astro$/, '').replace(/(^|\/)index$/, '')}`;

/**
 * Every route of the table — each has its own .astro page or a descriptor screen (named in the table or
 * derived from the descriptor's `route`; src/lib/routes.test.ts fails on a route with neither) — plus the
 * signed-in pages outside the table (change password). Walked by the phone-width and accessibility checks,
 * so a new screen is checked the day it lands.
 */
export function builtScreenPaths(): string[] {
  return [...pageRoutes.map((r) => r.path), '/profile/changePassword'];
}
