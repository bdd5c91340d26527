/**
 * How the browser's JavaScript is cut into files (issue 41, the cold first visit). Left alone, the bundler
 * makes a file of every module shared by two islands: a report screen loaded 66 scripts, most under 2 KB,
 * each paying ~630 bytes of response headers and a round trip. These groups put what is always loaded
 * together into one file each; everything else keeps the bundler's automatic split (an island's own code,
 * an area's contracts, PrimeReact's heavier components, chart.js and Quill stay where only their screens
 * load them).
 *
 * Used by astro.config.mjs for the client build only (the server's chunks are not downloaded).
 */

/** A module id with its node_modules path (the package and what follows), or null for our own code. */
function packagePath(id: string): string | null {
  const at = id.lastIndexOf('/node_modules/');
  return at === -1 ? null : id.slice(at + '/node_modules/'.length);
}

/**
 * The chrome every console page hydrates (navbar, tags, settings, toasts): the small stores and helpers
 * of the shell, and the bundler's helpers. One file, fetched once and cached immutably.
 */
const SHELL_PACKAGES = /^(nanostores|@nanostores\/react)\//;
/** React and its renderer: a file of their own, so bench:pages can tell the runtime from the shell's own code. */
const REACT_PACKAGES = /^(react|react-dom|scheduler|@astrojs\/react)\//;
const SHELL_MODULES = /\/src\/lib\/(ui\/(toast-store|layout-store|layout-settings|visited-views|query-selection|local-session)|alerts\/store|posts\/store|http\/messages|permissions|error-message)\.ts$/;

const BUNDLER_HELPERS = /^\0(rolldown\/runtime|vite\/preload-helper)\.js$/;

/**
 * PrimeReact's core that every PrimeReact component needs (base component, hooks, utils, the button,
 * ripple, tooltip, transitions, portal, overlays) — not the components themselves — and the few icons the
 * selects, the paginator and the tables share (~0.3 KB each): once the selects' code came on first use, each
 * of these became a file of its own, a list screen loading seven of them at ~0.6 KB of headers apiece.
 */
const PRIME_CORE = /^(primereact\/(api|utils|componentbase|hooks|button|ripple|tooltip|csstransition|portal|overlayservice|iconbase|keyfilter|icons\/(chevrondown|chevronup|chevronleft|chevronright|check|search|times|timescircle))\/|react-transition-group\/|dom-helpers\/|@babel\/runtime\/)/;

/** The requester every island's API call goes through: ky, zod and the contract helpers (not an area's contracts). */
const REQUESTER_PACKAGES = /^(ky|zod)\//;
const REQUESTER_MODULES = /\/src\/lib\/(contract|http\/(client|requester|issues))\.ts$/;

/** Dates and numbers as the console shows them: dayjs and its plugins with our formatting. */
const TIME_PACKAGES = /^dayjs\//;
const TIME_MODULES = /\/src\/lib\/(time\/[^/]+|numbers)\.ts$/;

/** The groups, in the order they take their modules (and those modules' dependencies). */
export const CLIENT_CHUNKS = ['react', 'shell', 'format', 'prime-core', 'requester'] as const;

/** The group (output file name) a module of the client build belongs to, or null for automatic chunking. */
export function clientChunkOf(id: string): string | null {
  // The bundler's own helpers (module runtime, the preloader of dynamic imports) go with the shell.
  if (BUNDLER_HELPERS.test(id)) return 'shell';
  const pkg = packagePath(id);
  if (pkg !== null) {
    if (REACT_PACKAGES.test(pkg)) return 'react';
    if (SHELL_PACKAGES.test(pkg)) return 'shell';
    if (PRIME_CORE.test(pkg)) return 'prime-core';
    if (REQUESTER_PACKAGES.test(pkg)) return 'requester';
    if (TIME_PACKAGES.test(pkg)) return 'format';
    return null;
  }
  if (SHELL_MODULES.test(id)) return 'shell';
  if (REQUESTER_MODULES.test(id)) return 'requester';
  if (TIME_MODULES.test(id)) return 'format';
  return null;
}
