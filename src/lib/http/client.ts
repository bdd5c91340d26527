import { createRequester, type ApiError } from './requester';
import { showToast } from '../ui/toast-store';

/** Where the browser goes when the server says the session is gone, keeping the current page to return to. */
export function loginUrlForHere(): string {
  const here = `${location.pathname}${location.search}`;
  return `/login?redirect=${encodeURIComponent(here)}`;
}

function onError(error: ApiError): void {
  showToast(error.status === 401 || error.status >= 500 || error.status === 0 ? 'error' : 'warn', error.message);
  // 401: the session is dropped (cookies already cleared by the server); go to sign-in after the toast shows.
  if (error.status === 401 && !location.pathname.startsWith('/login')) {
    setTimeout(() => location.assign(loginUrlForHere()), 1200);
  }
}

/** The browser's requester: same-origin cookies carry the session; failures become toasts. */
export const api = createRequester({ onError });
