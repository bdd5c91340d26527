import type { ClientDirective } from 'astro';

/**
 * `client:interaction` (registered in astro.config.mjs): an island whose server HTML already shows
 * everything (the dashboard's compact board) loads its JavaScript only when the person reaches for it —
 * the pointer over it, a touch, a key or focus inside it — not on the first visit (issue 41, the
 * cold-visit budget: the board's PrimeReact, dayjs and its own code were a quarter of the dashboard).
 *
 * A click that lands before the code has arrived is held (default prevented, so a link or summary does
 * not act alone) and given again to the same element once React has hydrated, so no press is lost.
 * Astro inlines this script in the page; its Content-Security-Policy hashes it like its own directives.
 */
const TRIGGERS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

const hydrateOnInteraction: ClientDirective = (load, _options, el) => {
  let held: Element | null = null;
  let started = false;
  const hold = (event: Event) => {
    if (!(event.target instanceof Element)) return;
    event.preventDefault();
    event.stopPropagation();
    held = event.target;
  };
  const start = async () => {
    if (started) return;
    started = true;
    for (const type of TRIGGERS) el.removeEventListener(type, start);
    el.addEventListener('click', hold, true);
    try {
      const hydrate = await load();
      await hydrate();
    } finally {
      el.removeEventListener('click', hold, true);
    }
    // React attaches its listeners when hydration starts; the held click reaches them on the next task.
    const target = held;
    if (target) setTimeout(() => target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true })), 0);
  };
  for (const type of TRIGGERS) el.addEventListener(type, start, { passive: true });
};

export default hydrateOnInteraction;
