import { $unreadCount } from './store';

/**
 * The bell's poll of GET /api/notificationGsm/countNotRead (countUnreadContract). Plain fetch, not the
 * shared requester: the top bar is on every page and must not pull zod and ky into it. A failed poll is
 * silent (the next one retries); a 401 means the session ended elsewhere, which the next navigation handles.
 */
export const COUNT_NOT_READ_PATH = '/api/notificationGsm/countNotRead';

export async function refreshUnreadCount(): Promise<void> {
  try {
    const response = await fetch(COUNT_NOT_READ_PATH, { credentials: 'same-origin', headers: { accept: 'application/json' } });
    if (!response.ok) return;
    const body = (await response.json()) as { data?: unknown };
    if (typeof body.data === 'number') $unreadCount.set(body.data);
  } catch {
    // Offline or server restarting: keep the last count.
  }
}

/** Polls while the page is visible, and at once when it becomes visible again. */
export function pollUnreadCount(everyMs: number): () => void {
  const timer = setInterval(() => document.visibilityState === 'visible' && void refreshUnreadCount(), everyMs);
  const onVisible = () => document.visibilityState === 'visible' && void refreshUnreadCount();
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
