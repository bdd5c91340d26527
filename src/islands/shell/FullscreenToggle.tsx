import { useEffect, useState } from 'react';
import { showToast } from '../../lib/ui/toast-store';

export default function FullscreenToggle() {
  const [full, setFull] = useState(false);
  useEffect(() => {
    const sync = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const toggle = async () => {
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
  };
  return (
    <button type="button" className="icon-button" aria-label={full ? 'Exit fullscreen' : 'Fullscreen'} title={full ? 'Exit fullscreen' : 'Fullscreen'} aria-pressed={full} onClick={toggle}>
      <i className={full ? 'pi pi-window-minimize' : 'pi pi-window-maximize'} aria-hidden="true" />
    </button>
  );
}
