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
 * Every route of the table whose screen is built — its own .astro page or a descriptor screen — so not
 * the "planned" notice, plus the signed-in pages outside the table (change password). Walked by the
 * phone-width and accessibility checks, so a new screen is checked the day it lands.
 */
export function builtScreenPaths(): string[] {
  const files = new Set(pageFiles().map(pagePath));
  const routes = pageRoutes.filter((r) => r.screen || files.has(r.path)).map((r) => r.path);
  return [...routes, '/profile/changePassword'];
}
