/**
 * "The database cannot be reached" as opposed to "the query is wrong": a connection refused, reset or timed
 * out, a server shutting down or still starting. The console answers these 503 with a calm message and
 * keeps the visitor's session (docs/decisions.md, "Database outage is not signing out"); anything else
 * stays a 500 with a request id.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutdown, cannot connect now). */
const SQLSTATE = /^(08|57P0[1-4])/;
const MESSAGES = /connection terminated|server closed the connection|client has encountered a connection error|cannot use a pool after calling end|the database system is (starting up|shutting down)/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATE.test(code))) return true;
    if (typeof message === 'string' && (MESSAGES.test(message) || [...NETWORK_CODES].some((c) => message.includes(c)))) return true;
    if (e instanceof DatabaseUnavailableError) return true;
  }
  return false;
}

/** Thrown where the console itself decides the database is out of reach (start-up, the health check). */
export class DatabaseUnavailableError extends Error {}

/** What a person (or a script) is told while the database is out of reach: no driver text, no internals. */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The console cannot reach its database right now. Your session is kept; please try again in a moment.';
/** Seconds a client is asked to wait before trying again (Retry-After). */
export const RETRY_AFTER_SECONDS = 5;
