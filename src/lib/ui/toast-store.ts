import { atom } from 'nanostores';

export interface ToastMessage {
  id: number;
  severity: 'success' | 'info' | 'warn' | 'error';
  summary: string;
  detail?: string;
}

/** Toasts waiting for the Toaster island; any island or store may push one. */
export const $toastQueue = atom<ToastMessage[]>([]);
let nextId = 1;

export function showToast(severity: ToastMessage['severity'], summary: string, detail?: string): void {
  $toastQueue.set([...$toastQueue.get(), { id: nextId++, severity, summary, detail }]);
}

export function takeToasts(): ToastMessage[] {
  const queued = $toastQueue.get();
  if (queued.length) $toastQueue.set([]);
  return queued;
}

const FLASH_KEY = 'gsm.flash';

/** A toast for the next page (shown after a navigation, e.g. the sign-in warnings). */
export function flashToast(severity: ToastMessage['severity'], summary: string): void {
  sessionStorage.setItem(FLASH_KEY, JSON.stringify({ severity, summary }));
}

export function takeFlashToast(): void {
  const raw = sessionStorage.getItem(FLASH_KEY);
  if (!raw) return;
  sessionStorage.removeItem(FLASH_KEY);
  try {
    const { severity, summary } = JSON.parse(raw) as Pick<ToastMessage, 'severity' | 'summary'>;
    showToast(severity, summary);
  } catch {
    // A malformed flash is dropped.
  }
}
