import createClient, { type Client } from 'openapi-fetch';
// With their extensions: the scripts (the simulator) load this file with Node's own type stripping.
import { SDK_ERRORS, type SdkErrorCode } from '../server/sdk-errors.ts';
import type { components, paths } from './schema.ts';

/**
 * The typed client of the game SDK API: openapi-fetch over the types generated from the served OpenAPI document
 * (schema.ts, `npm run sdk:client`), so every path, parameter, body and answer is the document's and a call that
 * no longer fits the API fails to compile. `sdk.GET/POST/PUT(path, { params, body })` answer openapi-fetch's
 * `{ data, error, response }` (for callers that read statuses); `ok(...)` unwraps an answer's `data` or throws
 * an SdkApiError with the catalogue code (docs/sdk.md, "Errors").
 */

export type SdkPaths = paths;
export type SdkErrorBody = components['schemas']['SdkError'];

/** A refusal of the SDK API, as its error body says it. */
export class SdkApiError extends Error {
  readonly status: number;
  readonly code: SdkErrorCode;
  readonly field?: string;
  /** Seconds before the same request can succeed, when the server said. */
  readonly retryAfter?: number;

  // Fields assigned in the body, not as parameter properties: Node's type stripping (the scripts) cannot run those.
  constructor(status: number, code: SdkErrorCode, message: string, field?: string, retryAfter?: number) {
    super(message);
    this.name = 'SdkApiError';
    this.status = status;
    this.code = code;
    this.field = field;
    this.retryAfter = retryAfter;
  }

  /** Whether sending the same request again can succeed (the catalogue's `retry`). */
  get retry(): boolean {
    return SDK_ERRORS[this.code]?.retry ?? false;
  }
}

export interface SdkClientOptions {
  /** The server's origin, e.g. https://console.example.com. */
  baseUrl: string;
  /** The app platform's SDK key (X-SDK-Key). */
  key: string;
  /** The player's access token (X-Player-Token), or a function answering the current one (it changes on refresh). */
  token?: string | (() => string | undefined);
  fetch?: typeof fetch;
  /** Extra headers on every call (a User-Agent of the caller). */
  headers?: Record<string, string>;
}

export type SdkClient = Client<paths, 'application/json'>;

export function createSdkClient(options: SdkClientOptions): SdkClient {
  const client = createClient<paths, 'application/json'>({ baseUrl: options.baseUrl, fetch: options.fetch, headers: { 'x-sdk-key': options.key, ...options.headers } });
  client.use({
    onRequest({ request }) {
      // The token is read at each call: a refreshed session's next call carries the new one.
      const token = typeof options.token === 'function' ? options.token() : options.token;
      if (token && !request.headers.has('x-player-token')) request.headers.set('x-player-token', token);
      return request;
    },
  });
  return client;
}

/** An answer as an SdkApiError (a body that is not the SDK's error model, e.g. a proxy's page, keeps its status's code). */
export function sdkErrorOf(response: Response, body: unknown): SdkApiError {
  const model = body as Partial<SdkErrorBody> | undefined;
  const error = model?.error;
  const fallback: SdkErrorCode = response.status >= 500 ? 'INTERNAL' : 'CONFLICT';
  return new SdkApiError(response.status, (error?.code as SdkErrorCode) ?? fallback, error?.message ?? model?.message ?? `HTTP ${response.status}`, error?.field, error?.retryAfter);
}

/** The `data` of a successful answer; a refusal throws SdkApiError. */
export async function ok<T>(call: Promise<{ data?: { data: T }; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (response.ok && data) return data.data;
  throw sdkErrorOf(response, error);
}
