/**
 * The sidebar menu for keyboards, screen readers and the collapsed (icons-only) sidebar. The menu is
 * server-rendered <details>/<summary>; this keeps each group's `aria-expanded` true to its state, moves
 * focus with the arrow keys (Up/Down between visible items, Right opens a group or enters it, Left closes it
 * or goes to its parent, Home/End), and opens a collapsed sidebar's group as a flyout on hover and focus.
 */
export function initSidebarNav(sidebar: HTMLElement, isCollapsed: () => boolean): void {
  for (const details of sidebar.querySelectorAll<HTMLDetailsElement>('details')) {
    details.addEventListener('toggle', () => details.querySelector(':scope > summary')?.setAttribute('aria-expanded', String(details.open)));
  }
  sidebar.addEventListener('keydown', (event) => onKey(sidebar, event));
  initFlyouts(sidebar, isCollapsed);
}

const visible = (el: HTMLElement) => el.offsetParent !== null || el.getClientRects().length > 0;

function onKey(sidebar: HTMLElement, event: KeyboardEvent): void {
  const current = (event.target as HTMLElement).closest<HTMLElement>('.menu-item');
  if (!current || event.altKey || event.ctrlKey || event.metaKey) return;
  const items = [...sidebar.querySelectorAll<HTMLElement>('.menu-item')].filter(visible);
  const at = items.indexOf(current);
  const details = current.tagName === 'SUMMARY' ? (current.parentElement as HTMLDetailsElement) : null;
  const parentSummary = current.closest('li')?.parentElement?.closest('details')?.querySelector<HTMLElement>(':scope > summary');
  switch (event.key) {
    case 'ArrowDown':
      items[Math.min(at + 1, items.length - 1)]?.focus();
      break;
    case 'ArrowUp':
      items[Math.max(at - 1, 0)]?.focus();
      break;
    case 'Home':
      items[0]?.focus();
      break;
    case 'End':
      items[items.length - 1]?.focus();
      break;
    case 'ArrowRight':
      if (!details) return;
      if (!details.open) details.open = true;
      else details.querySelector<HTMLElement>(':scope > .menu .menu-item')?.focus();
      break;
    case 'ArrowLeft':
      if (details?.open) details.open = false;
      else if (parentSummary) {
        parentSummary.focus();
        (parentSummary.parentElement as HTMLDetailsElement).open = false;
      } else return;
      break;
    default:
      return;
  }
  event.preventDefault();
}

/**
 * With the sidebar collapsed to icons a group's children have no room: hovering or focusing a top-level
 * group shows them beside it (position: fixed, so the sidebar's own overflow does not clip them) and
 * puts the group back as it was when the pointer or focus leaves.
 */
function initFlyouts(sidebar: HTMLElement, isCollapsed: () => boolean): void {
  for (const group of sidebar.querySelectorAll<HTMLElement>('.menu-depth-0 > .menu-group')) {
    const details = group.querySelector<HTMLDetailsElement>(':scope > details');
    if (!details) continue;
    let wasOpen = details.open;
    const show = () => {
      if (!isCollapsed() || group.classList.contains('flyout')) return;
      wasOpen = details.open;
      group.style.setProperty('--flyout-top', `${Math.round(group.getBoundingClientRect().top)}px`);
      group.classList.add('flyout');
      details.open = true;
    };
    const hide = () => {
      if (!group.classList.contains('flyout')) return;
      group.classList.remove('flyout');
      details.open = wasOpen;
    };
    group.addEventListener('mouseenter', show);
    group.addEventListener('mouseleave', () => !group.contains(document.activeElement) && hide());
    group.addEventListener('focusin', show);
    group.addEventListener('focusout', (event) => !group.contains(event.relatedTarget as Node | null) && !group.matches(':hover') && hide());
  }
}
