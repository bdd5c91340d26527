import { useEffect, useRef } from 'react';
import { Toast } from 'primereact/toast';
import { $toastQueue, takeFlashToast, takeToasts } from '../../lib/ui/toast-store';
import { TOAST_LIFE_MS } from '../../lib/http/messages';

/** Shows queued toasts at the top for 2500 ms (spec section 9). One per page. */
export default function Toaster() {
  const ref = useRef<Toast>(null);
  useEffect(() => {
    const flush = () => {
      const toasts = takeToasts();
      if (toasts.length) ref.current?.show(toasts.map((t) => ({ severity: t.severity, summary: t.summary, detail: t.detail, life: TOAST_LIFE_MS })));
    };
    takeFlashToast();
    flush();
    return $toastQueue.listen(flush);
  }, []);
  return <Toast ref={ref} position="top-center" />;
}
