import { useEffect, useRef, useState } from 'react';
import { logout } from '../../lib/ui/shell-actions';

/** The user menu: name and role, Change password and Log out. */
export default function UserMenu({ name, role, avatar }: { name: string; role: string; avatar: string }) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => box.current && !box.current.contains(event.target as Node) && setOpen(false);
    const escape = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  const initials = name.split(/\s+/).map((w) => w[0]).join('').slice(0, 2).toUpperCase() || '?';
  return (
    <div className="user-menu" ref={box}>
      <button type="button" className="user-menu-trigger" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(!open)}>
        {avatar ? <img src={avatar} alt="" className="avatar" /> : <span className="avatar avatar-initials">{initials}</span>}
        <span className="user-menu-name">{name}</span>
        <i className="pi pi-angle-down" aria-hidden="true" />
      </button>
      {open && (
        <div className="user-menu-panel" role="menu">
          <div className="user-menu-who">
            <strong data-testid="user-name">{name}</strong>
            <span data-testid="user-role">{role}</span>
          </div>
          <a role="menuitem" href="/profile/changePassword">
            <i className="pi pi-key" aria-hidden="true" /> Change password
          </a>
          <button type="button" role="menuitem" onClick={() => void logout()}>
            <i className="pi pi-sign-out" aria-hidden="true" /> Log out
          </button>
        </div>
      )}
    </div>
  );
}
