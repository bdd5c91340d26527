// When the request a piece of work belongs to arrived. The server entry starts every request that reaches the
// app inside `atArrival`, at the moment admission lets it in (admission keeps arrival order, so the times keep
// it too), and the embedded database's queue serves the oldest request first (db/oldest-first.ts).
// One store per process through a global symbol: the entry and the app's modules are separate bundles and
// must share it.
import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';

const KEY = Symbol.for('gsm.requestArrival');
// One store per process even when Vite bundles this module twice (server and prerender chunks): a global slot.
const holder = globalThis as unknown as Record<symbol, AsyncLocalStorage<number> | undefined>;
const arrivals: AsyncLocalStorage<number> = (holder[KEY] ??= new AsyncLocalStorage<number>());

/** Runs `fn` (a request's handling) with its arrival time: now. */
export function atArrival<T>(fn: () => T): T {
  return arrivals.run(performance.now(), fn);
}

/** The arrival time of the request this work belongs to; work outside a request (jobs, flushes) arrives now. */
export function arrivedAt(): number {
  return arrivals.getStore() ?? performance.now();
}
