import { buildTarget, toSearchParams, type Contract, type DataOf, type RequestOf } from '../contract';
import { SDK_ERRORS, type SdkErrorCode } from '../server/sdk-errors';

/**
 * A typed client of the game SDK API for TypeScript callers (tools, the SDK API tests): each call is typed by the
 * very contract the server validates with and documents in its OpenAPI document, so a call that no longer fits the
 * API fails to compile. A refusal rejects with an SdkApiError carrying the catalogue code (docs/sdk.md, "Errors").
 */

/** A refusal of the SDK API, as its error body says it. */
export class SdkApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: SdkErrorCode,
    message: string,
    readonly field?: string,
    /** Seconds before the same request can succeed, when the server said. */
    readonly retryAfter?: number,
  ) {
    super(message);
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
  /** The player's access token (X-Player-Token), or a function answering the current one. */
  token?: string | (() => string | undefined);
  fetch?: typeof fetch;
}

export type SdkClient = <C extends Contract>(contract: C, input?: RequestOf<C>) => Promise<DataOf<C>>;

export function createSdkClient(options: SdkClientOptions): SdkClient {
  const doFetch = options.fetch ?? fetch;
  return async (contract, input) => {
    if (!contract.path.startsWith('/api/sdk/')) throw new Error(`${contract.path} is not an SDK endpoint.`);
    const { url, rest } = buildTarget(contract, (input ?? {}) as Record<string, unknown>);
    const token = typeof options.token === 'function' ? options.token() : options.token;
    const headers: Record<string, string> = { 'x-sdk-key': options.key, ...(token ? { 'x-player-token': token } : {}) };
    const query = contract.method === 'GET' || contract.method === 'DELETE';
    const search = query ? toSearchParams(rest).toString() : '';
    const response = await doFetch(`${options.baseUrl}${url}${search ? `?${search}` : ''}`, {
      method: contract.method,
      headers: query ? headers : { ...headers, 'content-type': 'application/json' },
      body: query ? undefined : JSON.stringify(rest),
    });
    const body = (await response.json().catch(() => null)) as { data?: unknown; error?: { code: SdkErrorCode; message: string; field?: string; retryAfter?: number }; message?: string } | null;
    if (response.ok) return body?.data as never;
    const error = body?.error;
    throw new SdkApiError(response.status, error?.code ?? 'INTERNAL', error?.message ?? body?.message ?? `HTTP ${response.status}`, error?.field, error?.retryAfter);
  };
}
