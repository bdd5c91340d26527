import { useEffect, useState } from 'react';
import { toggleFullscreen } from '../../lib/ui/shell-actions';

export default function FullscreenToggle() {
  const [full, setFull] = useState(false);
  useEffect(() => {
    const sync = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  return (
    <button type="button" className="icon-button" aria-label={full ? 'Exit fullscreen' : 'Fullscreen'} title={full ? 'Exit fullscreen' : 'Fullscreen'} aria-pressed={full} onClick={() => void toggleFullscreen()}>
      <i className={full ? 'pi pi-window-minimize' : 'pi pi-window-maximize'} aria-hidden="true" />
    </button>
  );
}
