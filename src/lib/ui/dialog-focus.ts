const DIALOG = '[role="dialog"], [role="alertdialog"], .p-dialog-mask';

/**
 * Focus goes back to what opened a dialog when the dialog closes. PrimeReact's Dialog does this only
 * when it plays its own closing transition, and most of our dialogs are unmounted instead (`{open &&
 * <Dialog …/>}`), which drops focus to <body>: a keyboard or screen-reader user then starts again from
 * the top of the page. One watcher serves every dialog, ours (settings panel) and PrimeReact's alike:
 * it remembers the last focused element outside any dialog and, when a removed node held a dialog and
 * focus fell to <body>, puts focus back there.
 */
export function initDialogFocusReturn(): void {
  let opener: HTMLElement | null = null;
  document.addEventListener('focusin', (event) => {
    const target = event.target as HTMLElement;
    if (target instanceof HTMLElement && !target.closest(DIALOG)) opener = target;
  });
  const dropped = () => !document.activeElement || document.activeElement === document.body;
  new MutationObserver((records) => {
    if (!opener?.isConnected || !dropped()) return;
    const closedDialog = records.some((r) => [...r.removedNodes].some((n) => n instanceof Element && (n.matches(DIALOG) || n.querySelector(DIALOG))));
    if (closedDialog && !document.querySelector(DIALOG)) opener.focus();
  }).observe(document.body, { childList: true, subtree: true });
}
