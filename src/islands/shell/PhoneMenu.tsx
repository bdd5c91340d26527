import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { SIZE_LABELS, SIZES } from '../../lib/ui/layout-settings';
import { $settingsPanelOpen, $size, changeSize } from '../../lib/ui/layout-store';
import { $routeSearchOpen, logout, toggleFullscreen } from '../../lib/ui/shell-actions';
import { showToast } from '../../lib/ui/toast-store';

/**
 * Below 992 px the top bar has no room for its tools: this one menu holds search, full screen, size,
 * settings, change password and Log out (CSS shows it only on narrow screens and hides the tools).
 */
export default function PhoneMenu({ name, role }: { name: string; role: string }) {
  const [open, setOpen] = useState(false);
  const size = useStore($size);
  const box = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    box.current?.querySelector<HTMLElement>('[role^="menuitem"]')?.focus();
    const outside = (event: MouseEvent) => box.current && !box.current.contains(event.target as Node) && setOpen(false);
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open]);

  const close = (refocus = true) => {
    setOpen(false);
    if (refocus) trigger.current?.focus();
  };
  const run = (action: () => void) => () => {
    close(false);
    action();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(box.current?.querySelectorAll<HTMLElement>('.phone-menu-panel [role^="menuitem"]:not(:disabled)') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') close();
    else if (event.key === 'ArrowDown') items[(at + 1) % items.length]?.focus();
    else if (event.key === 'ArrowUp') items[(at - 1 + items.length) % items.length]?.focus();
    else if (event.key === 'Home') items[0]?.focus();
    else if (event.key === 'End') items[items.length - 1]?.focus();
    else return;
    event.preventDefault();
  };

  return (
    // The arrow keys move between the menu's own buttons: their key events bubble to this one handler.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- see above: the buttons are the controls
    <div className="phone-menu" ref={box} onKeyDown={onKeyDown}>
      <button ref={trigger} type="button" className="icon-button" aria-label="Menu" title="Menu" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(!open)}>
        <i className="pi pi-ellipsis-v" aria-hidden="true" />
      </button>
      {open && (
        <div className="phone-menu-panel" role="menu" aria-label="Menu">
          <div className="user-menu-who" role="none">
            <strong>{name}</strong>
            <span>{role}</span>
          </div>
          <button type="button" role="menuitem" onClick={run(() => $routeSearchOpen.set(true))}>
            <i className="pi pi-search" aria-hidden="true" /> Search pages
          </button>
          <button type="button" role="menuitem" onClick={run(() => void toggleFullscreen())}>
            <i className="pi pi-window-maximize" aria-hidden="true" /> Full screen
          </button>
          <div className="phone-menu-group" role="group" aria-label="Global size">
            <span className="phone-menu-label" aria-hidden="true">Size</span>
            {SIZES.map((s) => (
              <button
                key={s}
                type="button"
                role="menuitemradio"
                aria-checked={s === size}
                disabled={s === size}
                onClick={run(() => {
                  changeSize(s);
                  showToast('success', 'Switch Size Success');
                })}
              >
                {SIZE_LABELS[s]}
              </button>
            ))}
          </div>
          <button type="button" role="menuitem" onClick={run(() => $settingsPanelOpen.set(true))}>
            <i className="pi pi-cog" aria-hidden="true" /> Settings
          </button>
          <a role="menuitem" href="/profile/changePassword">
            <i className="pi pi-key" aria-hidden="true" /> Change password
          </a>
          <button type="button" role="menuitem" onClick={run(() => void logout())}>
            <i className="pi pi-sign-out" aria-hidden="true" /> Log out
          </button>
        </div>
      )}
    </div>
  );
}
