import ky, { isHTTPError, isTimeoutError, type KyInstance, type Options } from 'ky';
import { buildTarget, toSearchParams, type BodyOf, type Contract, type RequestOf } from '../contract';
import { MESSAGES, REQUEST_TIMEOUT_MS } from './messages';
import { messageOf } from '../error-message';

/** A failed API call: the HTTP status (0 when no answer came) and the message the catalogue chose. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** What the server said, when the catalogue shows something else (e.g. every 403 reads "Permission invalid"). */
    readonly serverMessage?: string,
  ) {
    super(message);
  }
}

/**
 * What the server said of a refused request (a 400 names the field, a 409 the conflict), where the catalogue
 * shows something more general; for any other error, its message. Forms show this beside the fields.
 */
export function serverMessageOf(error: unknown): string {
  return (error instanceof ApiError && error.serverMessage) || messageOf(error);
}

/**
 * The message of the error catalogue (spec section 8) for a failed response: 401 → server message or
 * "Unauthorized! Please try login!"; 403 → "Permission invalid"; else server message, else nested error
 * message, else "Server is Error!".
 */
export function catalogueMessage(status: number, body: unknown): string {
  const b = (body && typeof body === 'object' ? body : {}) as { message?: unknown; error?: { message?: unknown } };
  const server = typeof b.message === 'string' && b.message ? b.message : undefined;
  if (status === 401) return server ?? MESSAGES.unauthorized;
  if (status === 403) return MESSAGES.permissionInvalid;
  const nested = typeof b.error?.message === 'string' && b.error.message ? b.error.message : undefined;
  return server ?? nested ?? MESSAGES.serverError;
}

export interface RequesterOptions {
  /** Absolute origin for callers outside a page (tests, scripts). */
  baseUrl?: string;
  headers?: Record<string, string>;
  /** Called with every failure before the promise rejects (the browser shows toasts here). */
  onError?: (error: ApiError) => void;
  fetch?: typeof fetch;
}

export type Requester = <C extends Contract>(contract: C, input?: RequestOf<C>) => Promise<BodyOf<C>>;

/** A typed requester: validates the input with the contract, calls the endpoint with ky, returns `{ data }`. */
export function createRequester(options: RequesterOptions = {}): Requester {
  const client: KyInstance = ky.create({
    timeout: REQUEST_TIMEOUT_MS,
    retry: 0,
    credentials: 'same-origin',
    ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  return async (contract, input) => {
    const parsed = contract.request.safeParse(input ?? {});
    if (!parsed.success) {
      const error = new ApiError(400, parsed.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; '));
      options.onError?.(error);
      throw error;
    }
    const { url, rest } = buildTarget(contract, (input ?? {}) as Record<string, unknown>);
    const sendsBody = contract.method === 'POST' || contract.method === 'PUT';
    const request: Options = { method: contract.method, ...(sendsBody ? { json: rest } : { searchParams: toSearchParams(rest) }) };
    try {
      return (await client(url.replace(/^\//, '/'), request).json()) as BodyOf<typeof contract>;
    } catch (cause) {
      const error = isHTTPError(cause)
        ? new ApiError(cause.response.status, catalogueMessage(cause.response.status, cause.data), (cause.data as { message?: string } | undefined)?.message)
        : new ApiError(0, isTimeoutError(cause) ? `${MESSAGES.serverError} (request timed out)` : MESSAGES.serverError);
      options.onError?.(error);
      throw error;
    }
  };
}
