import type { APIContext, APIRoute } from 'astro';
import { z } from 'zod';
import { hasAnyAction } from '../auth/guard';
import { pathParams, searchToObject, type Contract } from '../contract';
import { MESSAGES } from '../http/messages';
import { isPathPermitted } from '../routes';
import type { SessionAccount } from '../auth/types';
import { HttpError } from './errors';

const DEFAULT_MAX_BODY = 1024 * 1024;

export interface HandlerContext {
  account: SessionAccount;
  requestId: string;
  ip: string;
  userAgent: string;
  astro: APIContext;
}
export interface PublicHandlerContext extends Omit<HandlerContext, 'account'> {
  account: SessionAccount | null;
}

type Body<C extends Contract> = { data: z.output<C['data']>; totalRecord?: number };

/**
 * Turns a contract and a handler into an Astro API route: authenticates, authorises, parses and validates
 * the input, answers `{ data }` (lists add totalRecord) and maps failures to 4xx/5xx with `{ message }`.
 */
export function endpoint<C extends Contract>(
  contract: C,
  handler: (input: z.output<C['request']>, ctx: C['access'] extends 'public' ? PublicHandlerContext : HandlerContext) => Promise<Body<C>>,
): APIRoute {
  return async (astro) => {
    const requestId = astro.locals.requestId;
    try {
      const account = astro.locals.account;
      authorise(contract, account);
      const input = await readInput(contract, astro);
      const ctx = {
        account,
        requestId,
        ip: astro.locals.clientIp,
        userAgent: astro.request.headers.get('user-agent') ?? '',
        astro,
      } as HandlerContext;
      const body = await handler(input as z.output<C["request"]>, ctx as never);
      return json(200, body);
    } catch (error) {
      return errorResponse(error, requestId, `${contract.method} ${contract.path}`);
    }
  };
}

/**
 * Like endpoint(), for answers that are not `{ data }` JSON (file downloads): same authentication,
 * permission and input validation; the handler builds the Response itself.
 */
export function rawEndpoint<C extends Contract>(contract: C, handler: (input: z.output<C['request']>, ctx: HandlerContext) => Promise<Response>): APIRoute {
  return async (astro) => {
    try {
      authorise(contract, astro.locals.account);
      const input = (await readInput(contract, astro)) as z.output<C['request']>;
      return await handler(input, { account: astro.locals.account!, requestId: astro.locals.requestId, ip: astro.locals.clientIp, userAgent: astro.request.headers.get('user-agent') ?? '', astro });
    } catch (error) {
      return errorResponse(error, astro.locals.requestId, `${contract.method} ${contract.path}`);
    }
  };
}

function authorise(contract: Contract, account: SessionAccount | null): void {
  if (contract.access === 'public') return;
  if (!account) throw new HttpError(401, MESSAGES.unauthorized);
  if (contract.access === 'signedIn') return;
  const { route, actions } = contract.access;
  if (route && !isPathPermitted(route, account)) throw new HttpError(403, MESSAGES.permissionInvalid);
  if (actions && !hasAnyAction(account, actions)) throw new HttpError(403, MESSAGES.permissionInvalid);
}

async function readInput(contract: Contract, astro: APIContext): Promise<unknown> {
  const raw: Record<string, unknown> =
    contract.method === 'GET' || contract.method === 'DELETE' ? searchToObject(astro.url.searchParams) : await readJsonBody(astro.request, contract.maxBody ?? DEFAULT_MAX_BODY);
  // Path parameters win over a query or body field of the same name.
  for (const name of pathParams(contract)) raw[name] = astro.params[name];
  const parsed = contract.request.safeParse(raw);
  if (!parsed.success) throw new HttpError(400, describeIssues(parsed.error));
  return parsed.data;
}

async function readJsonBody(request: Request, maxBytes: number): Promise<Record<string, unknown>> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw new HttpError(413, `Request body is too large (limit ${maxBytes} bytes).`);
  const text = await request.text();
  if (Buffer.byteLength(text) > maxBytes) throw new HttpError(413, `Request body is too large (limit ${maxBytes} bytes).`);
  if (text.trim() === '') return {};
  const type = request.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) throw new HttpError(415, 'Request body must be JSON (Content-Type: application/json).');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Request body is not valid JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new HttpError(400, 'Request body must be a JSON object.');
  return value as Record<string, unknown>;
}

/** "title: Required" style messages naming each field at fault. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      const field = issue.path.join('.') || 'body';
      if (issue.code === 'invalid_type' && (issue as { input?: unknown }).input === undefined) return `${field}: is required`;
      if (issue.code === 'unrecognized_keys') return `${field}: unknown field(s) ${issue.keys.join(', ')}`;
      return `${field}: ${issue.message}`;
    })
    .join('; ');
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

export function errorResponse(error: unknown, requestId: string, where: string): Response {
  if (error instanceof HttpError) return json(error.status, { message: error.message }, error.headers);
  // Unexpected: log with the request id (no request body: it may hold passwords) and answer without internals.
  console.error(`[api] ${where} failed (request ${requestId}):`, error instanceof Error ? error.stack : error);
  return json(500, { message: `Internal error (request id ${requestId}).` });
}

