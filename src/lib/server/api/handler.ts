import type { AstroCookies } from 'astro';
import { z } from 'zod';
import type { Actor, SessionAccount } from '../../auth/types';
import { pathParams, searchToObject, type Contract } from '../../contract';
import { describeIssues } from '../../http/issues';
import { MESSAGES } from '../../http/messages';
import { hasAnyAction } from '../../permissions';
import { isPathPermitted } from '../../routes';
import { tooDeepAt, tooDeepMessage } from '../../json-depth';
import { findUnstorableText } from '../../text-safety';
import type { Db } from '../db';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../db/unavailable';
import { HttpError } from '../errors';
import { sdkErrorBody, type SdkErrorCode } from '../sdk-errors';
import { isSdkPath } from './sdk-path';

const DEFAULT_MAX_BODY = 1024 * 1024;

/** What every handler is given besides its validated input. */
interface BaseContext {
  /** The open, migrated database (the middleware waited for start-up). */
  db: Db;
  requestId: string;
  ip: string;
  userAgent: string;
  /** For the few handlers that read headers or set cookies (SDK key, sign-in, sign-out). */
  request: Request;
  url: URL;
  cookies: AstroCookies;
}
/** A handler of a contract that needs a signed-in account. */
export interface ApiContext extends BaseContext {
  viewer: SessionAccount;
  /** The viewer with where the request came from: what services write into the audit log. */
  actor: Actor;
}
/** A handler of a public contract: the caller may or may not be signed in. */
export interface PublicApiContext extends BaseContext {
  viewer: SessionAccount | null;
}

/** The context a contract's handler receives: public contracts may have no viewer. */
export type ContextOf<C extends Contract> = C['access'] extends 'public' ? PublicApiContext : ApiContext;
export type BodyOf<C extends Contract> = { data: z.output<C['data']>; totalRecord?: number };

/** One entry of the API registry: a contract and how to answer it. */
export interface ApiHandler {
  contract: Contract;
  /** Answers `{ data }` JSON (`json`) or builds its own Response (`raw`: downloads, cookies with a custom answer). */
  kind: 'json' | 'raw';
  run(input: unknown, ctx: PublicApiContext | ApiContext): Promise<unknown>;
}

/**
 * Registers the handler of a contract. The registry authenticates, authorises, parses and validates the
 * input before calling it, answers `{ data }` (lists add totalRecord) and maps failures to 4xx/5xx with
 * `{ message }`.
 */
export function handle<C extends Contract>(contract: C, handler: (input: z.output<C['request']>, ctx: ContextOf<C>) => Promise<BodyOf<C>>): ApiHandler {
  return { contract, kind: 'json', run: handler as ApiHandler['run'] };
}

/**
 * Like handle(), for answers that are not `{ data }` JSON (file downloads): same authentication,
 * permission and input validation; the handler builds the Response itself.
 */
export function handleRaw<C extends Contract>(contract: C, handler: (input: z.output<C['request']>, ctx: ContextOf<C>) => Promise<Response>): ApiHandler {
  return { contract, kind: 'raw', run: handler as ApiHandler['run'] };
}

/** What the registry knows of the request when it runs a handler. */
export interface ApiRequest {
  db: Db;
  viewer: SessionAccount | null;
  requestId: string;
  ip: string;
  request: Request;
  url: URL;
  cookies: AstroCookies;
  /** Path parameters of the matched contract path, already decoded. */
  params: Record<string, string>;
}

/** Runs one handler for one request: authorise, read and validate the input, call, shape the answer. */
export async function runHandler(handler: ApiHandler, req: ApiRequest): Promise<Response> {
  const { contract } = handler;
  try {
    authorise(contract, req.viewer);
    const input = await readInput(contract, req);
    const base: BaseContext = {
      db: req.db,
      requestId: req.requestId,
      ip: req.ip,
      userAgent: req.request.headers.get('user-agent') ?? '',
      request: req.request,
      url: req.url,
      cookies: req.cookies,
    };
    const ctx: PublicApiContext | ApiContext = req.viewer
      ? { ...base, viewer: req.viewer, actor: { account: req.viewer, ip: req.ip, requestId: req.requestId } }
      : { ...base, viewer: null };
    const answer = await handler.run(input, ctx);
    return handler.kind === 'raw' ? (answer as Response) : json(200, answer);
  } catch (error) {
    return errorResponse(error, req.requestId, `${contract.method} ${contract.path}`, isSdkPath(contract.path));
  }
}

/** Whether an account passes a contract's access check: the very check the server runs (the API tester lists only these). */
export function mayCall(contract: Contract, account: SessionAccount | null): boolean {
  try {
    authorise(contract, account);
    return true;
  } catch {
    return false;
  }
}

function authorise(contract: Contract, account: SessionAccount | null): void {
  if (contract.access === 'public') return;
  if (!account) throw new HttpError(401, MESSAGES.unauthorized);
  if (contract.access === 'signedIn') return;
  const { route, actions } = contract.access;
  if (route && !isPathPermitted(route, account)) throw new HttpError(403, MESSAGES.permissionInvalid);
  if (actions && !hasAnyAction(account, actions)) throw new HttpError(403, MESSAGES.permissionInvalid);
}

async function readInput(contract: Contract, req: ApiRequest): Promise<unknown> {
  const raw: Record<string, unknown> =
    contract.method === 'GET' || contract.method === 'DELETE' ? searchToObject(req.url.searchParams) : await readJsonBody(req.request, contract.maxBody ?? DEFAULT_MAX_BODY);
  // Path parameters win over a query or body field of the same name.
  for (const name of pathParams(contract)) raw[name] = req.params[name];
  // PostgreSQL cannot store NUL or unpaired surrogates: refused here, once for every field of every request (else 500).
  const unstorable = findUnstorableText(raw, contract.textCheckedByHandler);
  if (unstorable) throw new HttpError(400, unstorable);
  const parsed = contract.request.safeParse(raw);
  if (!parsed.success) throw new HttpError(400, describeIssues(parsed.error, raw));
  return parsed.data;
}

async function readJsonBody(request: Request, maxBytes: number): Promise<Record<string, unknown>> {
  const text = await readBodyText(request, maxBytes);
  if (text.trim() === '') return {};
  const type = request.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) throw new HttpError(415, 'Request body must be JSON (Content-Type: application/json).');
  // Before anything else looks at it: a value nested deeper than the limit would overflow the stack of whatever
  // walks it later (the NUL check, JSON.stringify on the way to the database).
  if (tooDeepAt(text) >= 0) throw new HttpError(400, tooDeepMessage('body'));
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Request body is not valid JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new HttpError(400, 'Request body must be a JSON object.');
  return value as Record<string, unknown>;
}

const tooLarge = (maxBytes: number) => new HttpError(413, `Request body is too large (limit ${maxBytes} bytes).`);

/**
 * Reads a request body as UTF-8 text, at most maxBytes of it. The count is kept while streaming, so a chunked
 * body without Content-Length (or with a false one) is cut at the limit instead of being read whole into memory.
 */
export async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      // The rest is never read. Not cancelled: that would destroy the socket before the 413 is written; Node closes
      // the connection after the answer, as the request was not read through.
      reader.releaseLock();
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

export { isSdkPath };

/** An error answer: `{ message }`, and on the SDK API `{ error: { code, message, field?, retryAfter? }, message }`. */
export function errorJson(status: number, message: string, headers: Record<string, string> = {}, sdk = false, code?: SdkErrorCode): Response {
  if (!sdk) return json(status, { message }, headers);
  const retry = Number(headers['retry-after']);
  return json(status, sdkErrorBody(status, message, { code, ...(Number.isFinite(retry) && retry > 0 ? { retryAfter: retry } : {}) }), headers);
}

export function errorResponse(error: unknown, requestId: string, where: string, sdk = false): Response {
  if (error instanceof HttpError) return errorJson(error.status, error.message, error.headers, sdk, error.code);
  // The database out of reach is not the caller's fault nor a bug: 503, a calm message, try again shortly.
  if (isDatabaseUnavailable(error)) {
    console.error(`[api] ${where}: database unavailable (request ${requestId}):`, error instanceof Error ? error.message : error);
    return errorJson(503, DATABASE_UNAVAILABLE_MESSAGE, { 'retry-after': String(RETRY_AFTER_SECONDS) }, sdk);
  }
  // Unexpected: log with the request id (no request body: it may hold passwords) and answer without internals.
  console.error(`[api] ${where} failed (request ${requestId}):`, error instanceof Error ? error.stack : error);
  return errorJson(500, `Internal error (request id ${requestId}).`, {}, sdk);
}
