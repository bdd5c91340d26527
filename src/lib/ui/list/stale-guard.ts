/**
 * The one stale-response guard of the islands: each request takes a ticket, and only the newest ticket's
 * answer may land. An older answer arriving after a newer request (a slow first page after a fast second,
 * a filter typed on while the last one loads) is dropped, so the screen never shows rows for a query it no
 * longer asks. `cancel` voids every ticket out (an unmounted view, a closed dialog).
 */
export interface LatestGuard {
  /** Starts a request: the answer's `isCurrent()` is true until a newer request starts or the guard is cancelled. */
  begin(): () => boolean;
  cancel(): void;
}

export function latestGuard(): LatestGuard {
  let newest = 0;
  return {
    begin() {
      const ticket = ++newest;
      return () => ticket === newest;
    },
    cancel() {
      newest++;
    },
  };
}

/** Runs `work` and hands its answer (or failure) on only while it is still the newest request. */
export async function latestOnly<T>(guard: LatestGuard, work: () => Promise<T>): Promise<{ current: false } | { current: true; ok: true; value: T } | { current: true; ok: false; error: unknown }> {
  const isCurrent = guard.begin();
  try {
    const value = await work();
    return isCurrent() ? { current: true, ok: true, value } : { current: false };
  } catch (error) {
    return isCurrent() ? { current: true, ok: false, error } : { current: false };
  }
}
