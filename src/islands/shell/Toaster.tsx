import { useEffect, useState } from 'react';
import { $toastQueue, takeFlashToast, takeToasts, type ToastMessage } from '../../lib/ui/toast-store';
import { TOAST_LIFE_MS } from '../../lib/http/messages';

const ICONS: Record<ToastMessage['severity'], string> = { success: 'pi-check-circle', info: 'pi-info-circle', warn: 'pi-exclamation-triangle', error: 'pi-times-circle' };

/**
 * Shows queued toasts at the top for 2500 ms (spec section 9). One per page. Written here rather than
 * PrimeReact's Toast, which alone would triple the shell's JavaScript.
 */
export default function Toaster() {
  const [shown, setShown] = useState<ToastMessage[]>([]);
  useEffect(() => {
    const flush = () => {
      const toasts = takeToasts();
      if (!toasts.length) return;
      setShown((now) => [...now, ...toasts]);
      for (const toast of toasts) setTimeout(() => setShown((now) => now.filter((t) => t.id !== toast.id)), TOAST_LIFE_MS);
    };
    takeFlashToast();
    flush();
    return $toastQueue.listen(flush);
  }, []);
  return (
    <div className="toaster" aria-live="polite">
      {shown.map((t) => (
        <div key={t.id} className={`toast toast-${t.severity}`} role={t.severity === 'error' || t.severity === 'warn' ? 'alert' : 'status'}>
          <i className={`pi ${ICONS[t.severity]}`} aria-hidden="true" />
          <div>
            <div className="toast-summary">{t.summary}</div>
            {t.detail && <div className="toast-detail">{t.detail}</div>}
          </div>
          <button type="button" aria-label="Close" onClick={() => setShown((now) => now.filter((x) => x.id !== t.id))}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
