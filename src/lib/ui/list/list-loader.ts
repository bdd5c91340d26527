import { messageOf } from '../../error-message';
import { latestGuard } from './stale-guard';

export interface ListPage<R> {
  data: R[];
  /** Rows matching in all (a server-paged list); without it, the rows answered. */
  totalRecord?: number;
}

/** What the screen shows of its rows: null rows until the first answer; an error in words, never hidden as "no rows". */
export interface LoadedList<R> {
  rows: R[] | null;
  total: number;
  loading: boolean;
  error: string | null;
}

/**
 * Asks for rows and publishes what the screen shows, through the one stale guard: only the newest request's
 * answer (or failure) lands. The React hook (use-resource-list.ts) wraps it; kept apart so its rule is
 * tested without a browser.
 */
export function listLoader<R, Q>(load: (query: Q) => Promise<ListPage<R>>, publish: (next: (prior: LoadedList<R>) => LoadedList<R>) => void) {
  const guard = latestGuard();
  return {
    async request(query: Q): Promise<void> {
      const isCurrent = guard.begin();
      publish((prior) => ({ ...prior, loading: true }));
      try {
        const body = await load(query);
        if (!isCurrent()) return;
        publish(() => ({ rows: body.data, total: body.totalRecord ?? body.data.length, loading: false, error: null }));
      } catch (failure) {
        if (!isCurrent()) return;
        // The rows shown before stay under the error, which says what failed and offers a retry.
        publish((prior) => ({ ...prior, loading: false, error: messageOf(failure) }));
      }
    },
    /** Nothing asked so far may land any more (the view went away). */
    cancel: () => guard.cancel(),
  };
}

export function initialLoaded<R>(initial: ListPage<R> | null | undefined): LoadedList<R> {
  return initial ? { rows: initial.data, total: initial.totalRecord ?? initial.data.length, loading: false, error: null } : { rows: null, total: 0, loading: true, error: null };
}
