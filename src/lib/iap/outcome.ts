/**
 * What one request to a store came to: the purchase's outcome and the exchange as the request log keeps it
 * (no secrets: the bearer token is replaced by its kind).
 */
export interface StoreOutcome {
  result: 'verified' | 'refused' | 'pending';
  /** The store's reason for a refusal, or why there is no answer yet; '' when verified. */
  reason: string;
  /** What the store said about the purchase (decoded, no secrets). */
  storeData: Record<string, unknown>;
}

export interface StoreExchange {
  request: { method: string; url: string; headers: Record<string, string> };
  httpStatus: number | null;
  response: unknown;
  latencyMs: number;
}

export interface StoreReply {
  outcome: StoreOutcome;
  /** Absent when no request was made (missing credentials): nothing to log. */
  exchange?: StoreExchange;
}

export const pending = (reason: string, storeData: Record<string, unknown> = {}): StoreOutcome => ({ result: 'pending', reason, storeData });
export const refused = (reason: string, storeData: Record<string, unknown> = {}): StoreOutcome => ({ result: 'refused', reason, storeData });
export const verified = (storeData: Record<string, unknown>): StoreOutcome => ({ result: 'verified', reason: '', storeData });

/** A store's answer body as JSON when it is JSON, else its text (at most 2,000 characters). */
export function readBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { text: text.slice(0, 2000) };
  }
}

/**
 * One GET to a store with a deadline: answers the status and body, or the network error / timeout (status null).
 * The clock here measures latency only; it is not "now" (src/lib/time/clock.ts is).
 */
export async function timedGet(url: string, headers: Record<string, string>, timeoutMs: number): Promise<{ status: number | null; body: unknown; latencyMs: number; error?: string }> {
  const started = performance.now();
  try {
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    return { status: response.status, body: readBody(text), latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    const err = error as Error;
    const why = err.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : `${err.message}${(err.cause as Error | undefined)?.message ? ` (${(err.cause as Error).message})` : ''}`;
    return { status: null, body: { error: why }, latencyMs: Math.round(performance.now() - started), error: why };
  }
}

/** Transient answers: the store is down, overloaded or asks to slow down. */
export const isTransient = (status: number) => status === 408 || status === 429 || status >= 500;
