import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { SIZE_LABELS, SIZES, type UiSize } from '../../lib/ui/layout-settings';
import { $size, changeSize } from '../../lib/ui/layout-store';
import { showToast } from '../../lib/ui/toast-store';

/** The global size selector: Default, Medium, Small, Mini; kept in a cookie. */
export default function SizeSelect() {
  const size = useStore($size);
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => box.current && !box.current.contains(e.target as Node) && setOpen(false);
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  const choose = (next: UiSize) => {
    setOpen(false);
    if (next === size) return;
    changeSize(next);
    showToast('success', 'Switch Size Success');
  };

  return (
    <div className="dropdown" ref={box}>
      <button type="button" className="icon-button" aria-label="Global size" title="Global size" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(!open)}>
        <i className="pi pi-sort-alt" aria-hidden="true" />
      </button>
      {open && (
        <div className="dropdown-panel" role="menu" aria-label="Global size">
          {SIZES.map((s) => (
            <button key={s} type="button" role="menuitemradio" aria-checked={s === size} className={s === size ? 'selected' : ''} disabled={s === size} onClick={() => choose(s)}>
              {SIZE_LABELS[s]}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
