import type { HttpMethod } from '../../contract';
import type { ApiHandler } from './handler';

/** A handler found for a request, with its decoded path parameters. */
export type ApiMatch =
  | { kind: 'found'; handler: ApiHandler; params: Record<string, string> }
  /** The path is known, the method is not: the methods it answers, for the Allow header. */
  | { kind: 'method'; allow: HttpMethod[] }
  | { kind: 'none' }
  /** A path segment that is not valid percent-encoding. */
  | { kind: 'malformed' };

interface Entry {
  handler: ApiHandler;
  segments: string[];
}

/** Splits a path into segments, ignoring one trailing slash (Astro's default trailingSlash: 'ignore'). */
function segmentsOf(path: string): string[] {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return trimmed.split('/').slice(1);
}

/** Static segments rank before `:param` segments at the first position where two paths differ. */
function compareSpecificity(a: string[], b: string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const pa = a[i]!.startsWith(':');
    const pb = b[i]!.startsWith(':');
    if (pa !== pb) return pa ? 1 : -1;
  }
  return 0;
}

/**
 * Matches method + path against the contracts' paths (`:name` segments match one segment). Built once from
 * the registry; a request costs one pass over the entries of the same length.
 */
export class ApiRouter {
  private readonly byLength = new Map<number, Entry[]>();

  constructor(handlers: readonly ApiHandler[]) {
    for (const handler of handlers) {
      const segments = segmentsOf(handler.contract.path);
      const list = this.byLength.get(segments.length) ?? [];
      list.push({ handler, segments });
      this.byLength.set(segments.length, list);
    }
    for (const list of this.byLength.values()) list.sort((a, b) => compareSpecificity(a.segments, b.segments));
  }

  match(method: string, pathname: string): ApiMatch {
    const wanted = method === 'HEAD' ? 'GET' : method;
    const raw = segmentsOf(pathname);
    let decoded: string[];
    try {
      decoded = raw.map((segment) => decodeURIComponent(segment));
    } catch {
      return { kind: 'malformed' };
    }
    const allow: HttpMethod[] = [];
    let matchedPath: string | null = null;
    for (const entry of this.byLength.get(raw.length) ?? []) {
      const params = matchSegments(entry.segments, raw, decoded);
      if (!params) continue;
      // The most specific path wins; a less specific one with the same shape is another path.
      if (matchedPath !== null && matchedPath !== entry.handler.contract.path) continue;
      matchedPath = entry.handler.contract.path;
      if (entry.handler.contract.method === wanted) return { kind: 'found', handler: entry.handler, params };
      allow.push(entry.handler.contract.method);
    }
    return allow.length ? { kind: 'method', allow } : { kind: 'none' };
  }
}

function matchSegments(pattern: string[], raw: string[], decoded: string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const segment = pattern[i]!;
    if (segment.startsWith(':')) {
      if (raw[i] === '') return null;
      params[segment.slice(1)] = decoded[i]!;
    } else if (segment !== raw[i]) {
      return null;
    }
  }
  return params;
}
