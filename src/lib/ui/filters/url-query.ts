/**
 * Filters keep their values in the URL query so a report can be shared and reloaded. These helpers read
 * and write query values without reloading the page (history.replaceState keeps one history entry per
 * screen rather than one per keystroke).
 */

export type QueryPatch = Record<string, string | number | readonly (string | number)[] | null | undefined>;

/** The URL (path, query and hash) with the patch applied: null, undefined, "" and [] remove the key; lists are comma-separated. */
export function patchQuery(href: string, patch: QueryPatch): string {
  const url = new URL(href, 'http://x');
  for (const [key, value] of Object.entries(patch)) {
    const text = Array.isArray(value) ? value.join(',') : value === null || value === undefined ? '' : String(value);
    if (text === '') url.searchParams.delete(key);
    else url.searchParams.set(key, text);
  }
  const query = url.searchParams.toString();
  return `${url.pathname}${query ? `?${query}` : ''}${url.hash}`;
}

/** A comma-separated list value; empty entries dropped. */
export function parseList(raw: string | null | undefined): string[] {
  return (raw ?? '').split(',').map((v) => v.trim()).filter(Boolean);
}

/** Reads one query value of the current page (null on the server). */
export function readQuery(key: string): string | null {
  if (typeof location === 'undefined') return null;
  return new URLSearchParams(location.search).get(key);
}

/** Writes values into the current page's query without a reload. */
export function writeQuery(patch: QueryPatch): void {
  if (typeof location === 'undefined') return;
  const next = patchQuery(`${location.pathname}${location.search}${location.hash}`, patch);
  if (next !== `${location.pathname}${location.search}${location.hash}`) history.replaceState(history.state, '', next);
}

/**
 * Replaces the keys a screen owns with those of `query` (its one encoding, see toSearchParams), keeping
 * the rest of the page's query (the selected app's ?id&value) as it is.
 */
export function writeOwnedQuery(query: string, owned: readonly string[]): void {
  if (typeof location === 'undefined') return;
  const url = new URL(location.href);
  for (const key of owned) url.searchParams.delete(key);
  for (const [key, value] of new URLSearchParams(query)) url.searchParams.append(key, value);
  const next = `${url.pathname}${url.search}${url.hash}`;
  if (next !== `${location.pathname}${location.search}${location.hash}`) history.replaceState(history.state, '', next);
}
