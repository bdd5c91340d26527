import { errorJson } from './api/handler';
import { serverConfig } from './config';

/**
 * What an unexpected exception before any handler answers (an API handler's own exceptions are answered by
 * errorResponse in api/handler.ts): on /api, the error model with code INTERNAL and the request id, never the
 * exception's text or stack (they can hold SQL, paths or secrets); on a page, the console's 500 page. Logged
 * once here, with the stack, under the request id the answer shows.
 */
export function logFault(requestId: string, where: string, error: unknown): void {
  console.error(`[server] ${where} failed (request ${requestId}):`, error instanceof Error ? error.stack : error);
}

/** The API's answer to a fault: console clients read the top-level `message`, games the `error` object. */
export function internalErrorJson(requestId: string): Response {
  return errorJson(500, `Internal error (request id ${requestId}).`, { 'x-request-id': requestId }, true, 'INTERNAL');
}

/** The header that makes the middleware throw, honoured only on a test server (GSM_TEST_FAULTS, see below). */
export const TEST_FAULT_HEADER = 'x-gsm-test-fault';

/**
 * A test's way to make the middleware throw an unexpected exception (tests/api/sdk-errors.test.ts): only when
 * the server runs with GSM_TEST_FAULTS=1, which a production server (DATABASE_URL without demo data) refuses to
 * start with (config.ts), so no request can trigger it there.
 */
export function throwTestFault(request: Request, stage: string): void {
  if (!serverConfig().testFaults) return;
  if (request.headers.get(TEST_FAULT_HEADER) === stage) throw new Error(`test fault at ${stage} (secret: do-not-leak)`);
}
