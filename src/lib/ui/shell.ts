import { rememberAppFromQuery } from './query-selection';
import { COOKIE } from './layout-settings';
import { initSidebarNav } from './sidebar-nav';
import { initDialogFocusReturn } from './dialog-focus';
import { SCROLL_KEY, TAB_RETURN_KEY } from './visited-views';

/** Below this body width the device is mobile (spec section 9). */
export const MOBILE_BREAKPOINT = 992;

/**
 * The chrome's behaviour that needs no React: sidebar toggle and device, the navigation progress bar,
 * and scroll position (top on navigation; restored when a view is re-entered through its tab).
 */
export function initShell(options: { noCache: boolean }): void {
  initErrorLog();
  dropRefusedParam();
  initDialogFocusReturn();
  // Query parameters value and id on any route select the current app (spec section 2).
  rememberAppFromQuery();
  initSidebar();
  initProgressBar();
  initScroll(options.noCache);
}

function initSidebar(): void {
  const body = document.body;
  const isMobile = () => body.clientWidth < MOBILE_BREAKPOINT;
  const setOpen = (open: boolean) => {
    if (isMobile()) {
      // On mobile the sidebar slides over the page and its state is not remembered.
      body.classList.toggle('mobile-open', open);
      return;
    }
    body.classList.toggle('sidebar-open', open);
    body.classList.toggle('sidebar-closed', !open);
    document.cookie = `${COOKIE.sidebar}=${open ? 1 : 0}; path=/; max-age=31536000; samesite=lax`;
  };
  const applyDevice = () => {
    const mobile = isMobile();
    body.classList.toggle('mobile', mobile);
    body.dataset.device = mobile ? 'mobile' : 'desktop';
    // Mobile: the sidebar auto-closes on resize (and every navigation starts closed).
    if (mobile) body.classList.remove('mobile-open');
  };
  document.querySelector('[data-sidebar-toggle]')?.addEventListener('click', () =>
    setOpen(isMobile() ? !body.classList.contains('mobile-open') : !body.classList.contains('sidebar-open')),
  );
  document.querySelector('.sidebar-mask')?.addEventListener('click', () => setOpen(false));
  window.addEventListener('resize', applyDevice);
  applyDevice();
  const sidebar = document.querySelector<HTMLElement>('.sidebar');
  if (sidebar) initSidebarNav(sidebar, () => !isMobile() && body.classList.contains('sidebar-closed'));
}

/** The refused page's name was for this one render: a reload or a copied link should not repeat it. */
function dropRefusedParam(): void {
  const url = new URL(location.href);
  if (!url.searchParams.has('refused')) return;
  url.searchParams.delete('refused');
  history.replaceState(history.state, '', url);
}

function initProgressBar(): void {
  const bar = document.getElementById('nav-progress');
  if (!bar) return;
  const start = () => bar.classList.add('running');
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    if (link.target === '_blank' || link.origin !== location.origin || link.hasAttribute('download')) return;
    start();
  });
  window.addEventListener('beforeunload', start);
  // Back/forward cache restores a page mid-"navigation": clear the bar.
  window.addEventListener('pageshow', () => bar.classList.remove('running'));
}

function initScroll(noCache: boolean): void {
  if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
  const key = location.pathname;
  const saved = JSON.parse(sessionStorage.getItem(SCROLL_KEY) ?? '{}') as Record<string, number>;
  const returning = sessionStorage.getItem(TAB_RETURN_KEY) === key;
  sessionStorage.removeItem(TAB_RETURN_KEY);
  const target = returning && !noCache ? (saved[key] ?? 0) : 0;
  window.scrollTo(0, 0);
  if (target > 0) restoreWhenTallEnough(target);
  window.addEventListener('pagehide', () => {
    const all = JSON.parse(sessionStorage.getItem(SCROLL_KEY) ?? '{}') as Record<string, number>;
    all[key] = window.scrollY;
    sessionStorage.setItem(SCROLL_KEY, JSON.stringify(all));
  });
}

/** Islands fill the page after the first paint: keep trying while the page grows, for up to 3 s. */
function restoreWhenTallEnough(target: number): void {
  const attempt = () => {
    window.scrollTo(0, target);
    return Math.abs(window.scrollY - target) < 2;
  };
  if (attempt()) return;
  const observer = new ResizeObserver(() => attempt() && observer.disconnect());
  observer.observe(document.body);
  setTimeout(() => observer.disconnect(), 3000);
  // A user who scrolls in the meantime wins.
  window.addEventListener('wheel', () => observer.disconnect(), { once: true, passive: true });
}

export const ERROR_LOG_KEY = 'gsm.errorLog';
const ERROR_LOG_LIMIT = 50;

/** Uncaught UI errors go to an error log (spec section 8): the last 50, kept in this browser for support. */
export function initErrorLog(): void {
  const record = (message: string, source: string) => {
    const log = JSON.parse(localStorage.getItem(ERROR_LOG_KEY) ?? '[]') as unknown[];
    log.push({ at: new Date().toISOString(), page: location.pathname, message: message.slice(0, 500), source });
    localStorage.setItem(ERROR_LOG_KEY, JSON.stringify(log.slice(-ERROR_LOG_LIMIT)));
  };
  window.addEventListener('error', (event) => record(event.message, `${event.filename}:${event.lineno}`));
  window.addEventListener('unhandledrejection', (event) => record(String((event.reason as Error)?.message ?? event.reason), 'promise'));
}
