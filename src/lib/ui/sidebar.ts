import { COOKIE } from './layout-settings';

export const MOBILE_BREAKPOINT = 992;

/** Sidebar toggle and mobile auto-close without React: the server already rendered the open state. */
export function initSidebar(): void {
  const body = document.body;
  const setOpen = (open: boolean, remember: boolean) => {
    body.classList.toggle('sidebar-open', open);
    body.classList.toggle('sidebar-closed', !open);
    if (remember) document.cookie = `${COOKIE.sidebar}=${open ? 1 : 0}; path=/; max-age=31536000; samesite=lax`;
  };
  const isMobile = () => document.body.clientWidth < MOBILE_BREAKPOINT;
  const applyDevice = () => {
    const mobile = isMobile();
    body.classList.toggle('mobile', mobile);
    if (mobile) setOpen(false, false);
  };
  document.querySelector('[data-sidebar-toggle]')?.addEventListener('click', () => setOpen(!body.classList.contains('sidebar-open'), !isMobile()));
  window.addEventListener('resize', applyDevice);
  applyDevice();
}
