import { atom } from 'nanostores';

/** The alert bell's number (alerts of visible apps this account has not acknowledged); the alerts list lowers it. */
export const $alertCount = atom<number>(0);

export const ALERT_COUNT_PATH = '/api/alerts/count';

/** Plain fetch, as the board's bell: the top bar is on every page and must not pull zod and ky into it. */
export async function refreshAlertCount(): Promise<void> {
  try {
    const response = await fetch(ALERT_COUNT_PATH, { credentials: 'same-origin', headers: { accept: 'application/json' } });
    if (!response.ok) return;
    const body = (await response.json()) as { data?: unknown };
    if (typeof body.data === 'number') $alertCount.set(body.data);
  } catch {
    // Offline or restarting: keep the last count.
  }
}
