/**
 * After an overlay of a select closes, focus stays in the select when it would otherwise fall to <body>.
 * PrimeReact's MultiSelect and Dropdown with a search box close on Escape typed in that box and unmount
 * the panel that held focus, so focus fell to <body> and the next Tab restarted at "Skip to content"
 * (issue 41). A close by a click elsewhere keeps the focus that click gave. Runs after the panel is gone.
 */
export function keepFocusIn(root: () => HTMLElement | null): void {
  requestAnimationFrame(() => {
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    root()?.querySelector<HTMLElement>('input[role="combobox"], [role="combobox"], input, [tabindex="0"]')?.focus();
  });
}
