import { z } from 'zod';

// In the browser zod must not compile parsers with `new Function`: the Content-Security-Policy has no
// 'unsafe-eval', and even zod's guarded probe for it is reported as a violation. Set before any schema
// below is built (zod decides per object schema when it is created). The server keeps the faster JIT.
if (typeof window !== 'undefined') z.config({ jitless: true });
import type { PrivateAction } from './permissions';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * What an endpoint needs from the caller. `public`: nothing; `signedIn`: any valid session;
 * otherwise the route path the account must be permitted on and/or private actions of which it needs any one.
 */
export type Access = 'public' | 'signedIn' | { route?: string; actions?: readonly PrivateAction[] };

/**
 * One API endpoint described once: used by its handler in the area's api.ts (served through the API
 * registry), the island's requester and the tests.
 */
export interface Contract<Req extends z.ZodType = z.ZodType, Data extends z.ZodType = z.ZodType, A extends Access = Access> {
  method: HttpMethod;
  /** Path with `:name` parameters, e.g. `/api/adminAccount/resetPassword/:username`. */
  path: string;
  request: Req;
  /** Schema of the body's `data`. */
  data: Data;
  /** Lists answer `{ data, totalRecord }`. */
  list?: boolean;
  access: A;
  /** Largest accepted JSON body in bytes (default 1 MiB). */
  maxBody?: number;
  /**
   * Top-level request fields whose strings the handler checks itself: every other string of every request is
   * refused with 400 when it holds NUL or an unpaired surrogate (src/lib/text-safety.ts). The SDK lists
   * `events`, so one bad event is refused alone rather than the whole batch.
   */
  textCheckedByHandler?: readonly string[];
}

/** Keeps the literal access ('public' or not) in the type, so a public endpoint's handler sees a maybe-absent viewer. */
export function defineContract<Req extends z.ZodType, Data extends z.ZodType, A extends Access>(contract: Contract<Req, Data, A>): Contract<Req, Data, A> {
  return contract;
}

/** What an endpoint may say beside its method, path, schemas and access. */
export type ContractOptions = Pick<Contract, 'list' | 'maxBody' | 'textCheckedByHandler'>;

function endpointOf<A extends Access>(method: HttpMethod, access: A) {
  return <Req extends z.ZodType, Data extends z.ZodType>(path: string, request: Req, data: Data, options: ContractOptions = {}): Contract<Req, Data, A> => ({
    method,
    path,
    request,
    data,
    access,
    ...options,
  });
}

/**
 * The endpoints of an area that share one access, each then written as one line: `area.get(path, request, data)`.
 * The access is said once for the area, so an endpoint cannot quietly drift from its screen's permission.
 */
export function contractsFor<A extends Access>(access: A) {
  return { get: endpointOf('GET', access), post: endpointOf('POST', access), put: endpointOf('PUT', access), delete: endpointOf('DELETE', access) };
}

/** Endpoints anyone may call (the SDK's, sign-in). */
export const publicApi = contractsFor('public');
/** Endpoints any signed-in account may call. */
export const signedInApi = contractsFor('signedIn');

export type RequestOf<C extends Contract> = z.input<C['request']>;
export type DataOf<C extends Contract> = z.output<C['data']>;
export type BodyOf<C extends Contract> = { data: DataOf<C>; totalRecord?: number };

export const emptyRequest = z.object({}).strict();

/** What a delete answers: the id of the row it removed. */
export const removedId = z.object({ id: z.number().int() });

/**
 * The page a server-paged list asks for (its answer carries `totalRecord`): `page` from 1 (at most `maxPage`
 * where deep offsets are refused), `limit` rows a page from 1 to `maxLimit`.
 */
export function listPage({ limit = 20, maxLimit = 100, maxPage }: { limit?: number; maxLimit?: number; maxPage?: number } = {}) {
  const page = z.number().int().min(1);
  return { page: numberFromText((maxPage ? page.max(maxPage) : page).default(1)), limit: numberFromText(z.number().int().min(1).max(maxLimit).default(limit)) };
}

/** What a list's search box sends. */
export const textSearch = z.string().trim().max(100).optional();

/** The largest id of a serial (PostgreSQL integer) column: a larger one would fail in the database, not as a 400. */
export const MAX_SERIAL_ID = 2_147_483_647;
/** The largest value of an integer (int4) column. */
export const MAX_INT4 = 2_147_483_647;
/** The largest whole number a JavaScript client reads exactly (2^53 − 1): totals stay at or under it. */
export const MAX_SAFE_TOTAL = Number.MAX_SAFE_INTEGER;

const NUMERIC_TEXT = /^\s*[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i;

/**
 * A number as a path, a query or a JSON body carries it: a JSON number, or text that reads as one ("12"); empty
 * text is absent, so the schema's own optional() or default() goes inside: `numberFromText(z.number().default(1))`.
 * Anything else (true, "abc", null) reaches `schema` unchanged and is refused by its type — unlike z.coerce, which
 * reads true as 1 (mail 1) and "abc" as NaN (reported as missing).
 */
export function numberFromText<S extends z.ZodType<number | undefined>>(schema: S) {
  return z.preprocess<unknown, S, string | number | undefined>(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : NUMERIC_TEXT.test(v) ? Number(v) : v) : v),
    schema,
  );
}

/**
 * The id of a row of a serial column, as a path, a query or a JSON body carries it (text or number): a whole
 * number from 1 to MAX_SERIAL_ID. `what` names it in the refusal ("must be a push id").
 */
export function serialId(what?: string) {
  const message = what ? `must be ${what} id` : undefined;
  return numberFromText(z.number().int(message).positive(message).max(MAX_SERIAL_ID, message));
}

/** Splits a request into the URL (path parameters filled in) and what remains for query or body. */
export function buildTarget(contract: Contract, input: Record<string, unknown>): { url: string; rest: Record<string, unknown> } {
  const rest = { ...input };
  const url = contract.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value ?? ''));
  });
  return { url, rest };
}

/** Path parameter names of a contract, e.g. ['username']. */
export function pathParams(contract: Contract): string[] {
  return [...contract.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
}

/**
 * The one query encoding of the console: strings, with lists comma-separated (a page's URL, the API call it
 * makes and its export link all read the same). The server also accepts repeated keys from scripts.
 */
export function toSearchParams(input: Record<string, unknown>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      if (value.length) params.append(key, value.join(','));
    } else params.append(key, String(value));
  }
  return params;
}

/** A query string as the request schemas read it: a repeated key becomes a list. */
export function searchToObject(params: URLSearchParams): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const [key, value] of params) {
    const prior = raw[key];
    raw[key] = prior === undefined ? value : Array.isArray(prior) ? [...prior, value] : [prior, value];
  }
  return raw;
}
