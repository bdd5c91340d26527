import { atom } from 'nanostores';
import { clearLocalSession } from './local-session';
import { setLoading } from './layout-store';
import { showToast } from './toast-store';

/**
 * Top-bar actions shared by their desktop buttons and the phone's single menu (below 992 px the bar
 * collapses its tools into one menu), so both run the same code.
 */

/** Whether the route search box is open; the desktop button, Ctrl+K, "/" and the phone menu all open it. */
export const $routeSearchOpen = atom(false);

export async function logout(): Promise<void> {
  setLoading(true);
  try {
    // Loaded on use: the requester and its zod contracts stay off every page's first load.
    const [{ api }, { logoutContract }] = await Promise.all([import('../http/client'), import('../auth/contract')]);
    await api(logoutContract, {});
  } finally {
    clearLocalSession();
    location.assign('/login');
  }
}

export async function toggleFullscreen(): Promise<void> {
  if (!document.fullscreenEnabled) {
    showToast('warn', 'you browser can not work');
    return;
  }
  try {
    if (document.fullscreenElement) await document.exitFullscreen();
    else await document.documentElement.requestFullscreen();
  } catch {
    showToast('warn', 'you browser can not work');
  }
}
